import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';

const RATE_MSG = '요청이 너무 많아요. 잠시 후 다시 시도해주세요.';
const HOUR = 3_600_000;

describe('rate limits (TRUST_PROXY off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: {
        sendCodePerEmail: { max: 2, windowMs: HOUR },
        sendCodePerIp: { max: 4, windowMs: HOUR },
        loginPerIp: { max: 6, windowMs: HOUR },
        uploadPerUser: { max: 1, windowMs: HOUR },
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('send code: per e-mail, then per IP; 429 with a Korean message and Retry-After', async () => {
    const send = (email: string, xff?: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email', payload: { email }, headers: xff ? { 'x-forwarded-for': xff } : {} });
    expect((await send('limit@example.com')).statusCode).toBe(200);
    expect((await send('LIMIT@example.com')).statusCode).toBe(200);
    const third = await send('limit@example.com');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: RATE_MSG, code: 'RATE_LIMITED' });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // The per-IP counter (4) already counts 3; a forged X-Forwarded-For does not give a new IP.
    expect((await send('other1@example.com', '203.0.113.1')).statusCode).toBe(200);
    const blocked = await send('other2@example.com', '203.0.113.2');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(RATE_MSG);
    // Another real client address is not affected.
    const elsewhere = await t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email', payload: { email: 'other3@example.com' }, remoteAddress: '198.51.100.7' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('login: per IP (every attempt, whatever the account) even when X-Forwarded-For changes; the per-account rules are in server/modules/auth/login-guard.test.ts', async () => {
    const login = (email: string, xff: string, remoteAddress = '10.0.0.1') =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-password' }, headers: { 'x-forwarded-for': xff }, remoteAddress });
    for (let i = 0; i < 6; i++) expect((await login(`a${i}@example.com`, `192.0.2.${i}`)).statusCode).toBe(401);
    const ip = await login('a9@example.com', '192.0.2.203');
    expect(ip.statusCode).toBe(429);
    expect(ip.json()).toEqual({ message: RATE_MSG, code: 'RATE_LIMITED' });
    // Another real client address is not affected.
    expect((await login('a10@example.com', '192.0.2.204', '10.0.0.2')).statusCode).toBe(401);
  });
});

describe('rate limits (TRUST_PROXY on)', () => {
  it('keys on the X-Forwarded-For client address behind a trusted proxy', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: 'true' }, rateLimits: { loginPerIp: { max: 1, windowMs: HOUR } } });
    try {
      const login = (email: string, xff: string) =>
        t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-password' }, headers: { 'x-forwarded-for': xff } });
      expect((await login('p1@example.com', '203.0.113.10')).statusCode).toBe(401);
      expect((await login('p2@example.com', '203.0.113.10')).statusCode).toBe(429);
      expect((await login('p3@example.com', '203.0.113.11')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe.runIf(process.env.REDIS_URL)('rate limits across instances (REDIS_URL)', () => {
  it('two apps on one Redis share one counter: N allowed in total, the N+1th gets 429', async () => {
    // One random key prefix for both apps (another run on this Redis never meets these counters).
    const rateLimitKeyPrefix = `bapsang:test:rl:${randomBytes(6).toString('hex')}:`;
    const env = { REDIS_URL: process.env.REDIS_URL! };
    const rateLimits = { sendCodePerEmail: { max: 3, windowMs: HOUR } };
    const first = await createTestApp({ env, rateLimits, rateLimitKeyPrefix });
    const second = await createTestApp({ env, rateLimits, rateLimitKeyPrefix, sharedDatabase: first.dbTarget });
    try {
      const send = (t: TestApp) => t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email', payload: { email: 'shared-limit@example.com' } });
      const codes = [];
      for (const t of [first, second, first]) codes.push((await send(t)).statusCode);
      expect(codes).toEqual([200, 200, 200]);
      const over = await send(second);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({ message: RATE_MSG, code: 'RATE_LIMITED' });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(3000);
      expect((await send(first)).statusCode).toBe(429);
      // An app with its own prefix (another deployment on the same Redis) counts apart.
      const apart = await createTestApp({ env, rateLimits, sharedDatabase: first.dbTarget });
      try {
        expect((await send(apart)).statusCode).toBe(200);
      } finally {
        await apart.close();
      }
    } finally {
      await second.close();
      await first.close();
    }
  });
});
