import { describe, expect, it } from 'vitest';
import { bearerSubject, IDEMPOTENCY_KEY_PATTERN, isMirroredPath } from './offline.ts';

/** A JWT-shaped token with the given claims (unsigned: only the payload matters here). */
function token(claims: object): string {
  const payload = btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
}

describe('isMirroredPath', () => {
  it.each([
    '/api/board',
    '/api/board/12',
    '/api/board/12/comments',
    '/api/recommendations',
    '/api/schedules',
    '/api/schedules/my',
    '/api/schedules/calendar',
    '/api/reviews/my',
    '/api/matches',
    '/api/matches/sent',
    '/api/matches/42',
    '/api/user/me',
    '/api/chat/7/history',
    '/api/chats',
    '/api/schedules/5/chat',
    '/api/schedules/5/members',
  ])('mirrors %s', (path) => {
    expect(isMirroredPath(path)).toBe(true);
  });

  it.each(['/api/schedules/random', '/api/venues', '/api/board/12/like', '/api/auth/login', '/api/reviews/3', '/uploads/a.webp', '/api/board/abc', '/api/matches/7/calendar.ics', '/api/matches/abc', '/api/chats/table/5/read'])(
    'does not mirror %s',
    (path) => {
      expect(isMirroredPath(path)).toBe(false);
    },
  );
});

describe('bearerSubject', () => {
  it('reads a string or numeric sub claim', () => {
    expect(bearerSubject(`Bearer ${token({ sub: '42', exp: 1 })}`)).toBe('42');
    expect(bearerSubject(`bearer ${token({ sub: 7 })}`)).toBe('7');
  });

  it('is null for missing, malformed or sub-less tokens', () => {
    expect(bearerSubject(null)).toBeNull();
    expect(bearerSubject('')).toBeNull();
    expect(bearerSubject('Basic abc')).toBeNull();
    expect(bearerSubject('Bearer not-a-jwt')).toBeNull();
    expect(bearerSubject('Bearer a.!!!.c')).toBeNull();
    expect(bearerSubject(`Bearer ${token({ name: 'x' })}`)).toBeNull();
    expect(bearerSubject(`Bearer ${token({ sub: '' })}`)).toBeNull();
  });
});

describe('IDEMPOTENCY_KEY_PATTERN', () => {
  it('accepts a UUID and rejects empty, spaced, non-ASCII or over-long keys', () => {
    expect(IDEMPOTENCY_KEY_PATTERN.test(crypto.randomUUID())).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test('')).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test('a b')).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test('키')).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test('x'.repeat(201))).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test('x'.repeat(200))).toBe(true);
  });
});
