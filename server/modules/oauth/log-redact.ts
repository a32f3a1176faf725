/**
 * Request log serializer (issue #8): the social login puts secrets into URLs — the provider's
 * authorization `code` and `state` on `/login/oauth2/code/{provider}`, and our one-time `token` on
 * `/oauth/callback` (served by the SPA fallback). Their values never reach the log.
 */
import type { FastifyRequest } from 'fastify';

const SECRET_PARAMS = /([?&](?:code|state|token|access_token|id_token)=)[^&#]*/gi;

/** The URL with the values of secret query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.includes('?') ? url.replace(SECRET_PARAMS, '$1[redacted]') : url;
}

/** Fastify's default `req` log fields, with the URL redacted. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
