/**
 * Reading and writing cookies by hand (the app sets only a few: the social-login state and, issue
 * #17, the login device cookies). Values are plain ASCII tokens (base64url and dots), so no
 * encoding is needed.
 */
import type { FastifyRequest } from 'fastify';

/** The value of one cookie of the request, if present. */
export function readCookie(request: Pick<FastifyRequest, 'headers'>, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

/** A `Set-Cookie` value: HttpOnly, SameSite=Lax, `Secure` when asked; `maxAgeSeconds` 0 deletes it. */
export function cookieHeader(name: string, value: string, options: { path: string; maxAgeSeconds: number; secure: boolean }): string {
  return [`${name}=${value}`, `Path=${options.path}`, `Max-Age=${options.maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax', ...(options.secure ? ['Secure'] : [])].join('; ');
}
