/**
 * Issue #17 item 8: login that can't be used against a member (OWASP device cookies). Only
 * failures count and a success clears them; an unknown client is held to 5 failures per account
 * from its address and 20 per account from all addresses (15 min); a client with the account's
 * device cookie is held only to its own failures. Behind a trusted proxy (TRUST_PROXY) the address
 * is the X-Forwarded-For client. With REDIS_URL the counters are shared by every instance.
 * Runs on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { DEVICE_COOKIE_PREFIX, loginLockedMessage } from './login-guard.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await t.close();
});

type Member = Awaited<ReturnType<TestApp['registerMember']>>;

const login = (email: string, password: string, ip: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) } });

/** The `name=value` of the device cookie a successful login set. */
function deviceCookieOf(res: Awaited<ReturnType<typeof login>>): string {
  const header = res.headers['set-cookie'];
  const line = (Array.isArray(header) ? header : [header ?? '']).find((c) => c.startsWith(DEVICE_COOKIE_PREFIX));
  expect(line, 'a device cookie is set').toBeDefined();
  expect(line).toMatch(/; HttpOnly/);
  expect(line).toMatch(/; Path=\/api\/auth\/login/);
  return line!.split(';')[0]!;
}

describe('login rules', () => {
  let owner: Member;
  beforeAll(async () => {
    owner = await t.registerMember();
  });

  it('successful logins never lock an account', async () => {
    for (let i = 0; i < 25; i += 1) expect((await login(owner.email, owner.password, '198.51.100.1')).statusCode).toBe(200);
  });

  it('5 failures from one address → 429 for that address with the Korean message and Retry-After; another address still signs in', async () => {
    const m = await t.registerMember();
    for (let i = 0; i < 5; i += 1) expect((await login(m.email, 'wrong-password', '198.51.100.2')).statusCode).toBe(401);
    const locked = await login(m.email, m.password, '198.51.100.2');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: loginLockedMessage(15), code: 'LOGIN_LOCKED' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await login(m.email, m.password, '198.51.100.3')).statusCode).toBe(200);
    // The lock ends with the window (the app's clock).
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await login(m.email, m.password, '198.51.100.2')).statusCode).toBe(200);
  });

  it('a success clears the failures: 4 wrong, 1 right, 4 wrong again are all answered 401, not 429', async () => {
    const m = await t.registerMember();
    for (let i = 0; i < 4; i += 1) expect((await login(m.email, 'wrong-password', '198.51.100.4')).statusCode).toBe(401);
    expect((await login(m.email, m.password, '198.51.100.4')).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login(m.email, 'wrong-password', '198.51.100.4')).statusCode).toBe(401);
  });

  it("a stranger's 40 failures from rotating addresses lock unknown clients out, but the owner's device still signs in", async () => {
    const m = await t.registerMember();
    const device = deviceCookieOf(await login(m.email, m.password, '198.51.100.5'));
    const answers: number[] = [];
    for (let i = 0; i < 40; i += 1) answers.push((await login(m.email, 'guess-password', `203.0.113.${i + 1}`)).statusCode);
    expect(answers.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(answers.slice(20).every((s) => s === 429)).toBe(true);
    // Unknown clients — even with the right password, from a new address — are refused for now.
    const unknown = await login(m.email, m.password, '203.0.113.200');
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json().message).toMatch(/^로그인 시도가 너무 많아요\. \d+분 뒤에 다시 시도해주세요\.$/);
    // The owner's device is held only to its own failures.
    expect((await login(m.email, m.password, '198.51.100.5', device)).statusCode).toBe(200);
    expect((await login(m.email, m.password, '192.0.2.77', device)).statusCode).toBe(200);
    // A tampered cookie is an unknown client.
    const [name, value] = device.split('=') as [string, string];
    const tampered = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await login(m.email, m.password, '198.51.100.5', tampered)).statusCode).toBe(429);
  });

  it("a device is held to its own failures: 5 wrong on it → 429 there, while the account's other clients are unaffected", async () => {
    const m = await t.registerMember();
    const device = deviceCookieOf(await login(m.email, m.password, '198.51.100.6'));
    for (let i = 0; i < 5; i += 1) expect((await login(m.email, 'wrong-password', '198.51.100.6', device)).statusCode).toBe(401);
    expect((await login(m.email, m.password, '198.51.100.6', device)).statusCode).toBe(429);
    expect((await login(m.email, m.password, '198.51.100.6')).statusCode).toBe(200);
  });

  it("another account's device cookie counts for nothing", async () => {
    const a = await t.registerMember();
    const b = await t.registerMember();
    const deviceA = deviceCookieOf(await login(a.email, a.password, '198.51.100.7'));
    for (let i = 0; i < 5; i += 1) expect((await login(b.email, 'wrong-password', '198.51.100.7', deviceA)).statusCode).toBe(401);
    expect((await login(b.email, b.password, '198.51.100.7', deviceA)).statusCode).toBe(429);
  });
});

describe.runIf(process.env.REDIS_URL)('login rules across instances (REDIS_URL)', () => {
  it('failures counted on one instance hold on the other', async () => {
    const other = await createTestApp({ env: { TRUST_PROXY: 'true', REDIS_URL: process.env.REDIS_URL! }, sharedDatabase: t.dbTarget });
    const first = await createTestApp({ env: { TRUST_PROXY: 'true', REDIS_URL: process.env.REDIS_URL! }, sharedDatabase: t.dbTarget });
    try {
      const m = await t.registerMember();
      const on = (app: TestApp, password: string) =>
        app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: m.email, password }, headers: { 'x-forwarded-for': '198.51.100.9' } });
      for (let i = 0; i < 3; i += 1) expect((await on(first, 'wrong-password')).statusCode).toBe(401);
      for (let i = 0; i < 2; i += 1) expect((await on(other, 'wrong-password')).statusCode).toBe(401);
      expect((await on(first, m.password)).statusCode).toBe(429);
      expect((await on(other, m.password)).statusCode).toBe(429);
    } finally {
      await other.close();
      await first.close();
    }
  });
});
