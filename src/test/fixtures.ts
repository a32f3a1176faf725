import type { User } from '@common/api/users';
import { vi } from 'vitest';

/** An unsigned JWT-shaped token whose `exp` is `expMs` (ms since the epoch). */
export function fakeJwt(expMs: number, sub = '1'): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub, exp: Math.floor(expMs / 1000) })}.signature`;
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    name: '김밥상',
    email: 'bap@example.com',
    age: 29,
    bio: null,
    profileImage: null,
    preferences: { 한식: true },
    reviewCount: 0,
    averageRating: 0,
    isNewUser: false,
    ...overrides,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

/** Stubs `fetch` with a table of `'METHOD /path'` → handler; anything else answers 404. */
export function mockFetch(routes: Record<string, Handler>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0] ?? url;
    const key = `${init?.method ?? 'GET'} ${path}`;
    const handler = routes[key];
    if (!handler) return jsonResponse({ message: 'not found' }, 404);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}
