/**
 * Issue #17 item 8: login that can't be used against a member (OWASP device cookies). Only
 * failures count and a success clears them; past 5 failures per account from its address or 20 per
 * account from all addresses (15 min) an unknown client must add a one-time code mailed to the
 * account (issue #32 item 4: nobody can lock the owner out); a client with the account's device
 * cookie is held only to its own failures (then 429). Behind a trusted proxy (TRUST_PROXY) the address
 * is the X-Forwarded-For client. With REDIS_URL the counters are shared by every instance.
 * Runs on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { DEVICE_COOKIE_PREFIX } from './login-guard.ts';
import { errorBody } from '../../lib/errors.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await t.close();
});

type Member = Awaited<ReturnType<TestApp['registerMember']>>;

const login = (email: string, password: string, ip: string, cookie?: string, code?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, ...(code ? { code } : {}) }, headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) } });

const CODE_REQUIRED = { message: '새 기기에서 로그인하려면 이메일로 보낸 인증번호를 입력해주세요.', code: 'LOGIN_CODE_REQUIRED' };
/** The 6-digit code of the newest new-device mail to `email`. */
const mailedCode = (email: string) => {
  const mail = t.lastMailTo(email);
  expect(mail.subject).toBe('[밥상친구] 새 기기 로그인 인증번호');
  return /\b(\d{6})\b/.exec(mail.text)![1]!;
};

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

  it('5 failures from one address → that address needs the mailed code (the owner behind a shared NAT signs in with it); another address signs in as before', async () => {
    const m = await t.registerMember();
    for (let i = 0; i < 5; i += 1) expect((await login(m.email, 'wrong-password', '198.51.100.2')).statusCode).toBe(401);
    const before = t.mails.length;
    const asked = await login(m.email, m.password, '198.51.100.2');
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toEqual(CODE_REQUIRED);
    expect(t.mails.length).toBe(before + 1);
    const code = mailedCode(m.email);
    const signed = await login(m.email, m.password, '198.51.100.2', undefined, code);
    expect(signed.statusCode, signed.body).toBe(200);
    deviceCookieOf(signed);
    // The success cleared that address: the password alone works there again.
    expect((await login(m.email, m.password, '198.51.100.2')).statusCode).toBe(200);
    expect((await login(m.email, m.password, '198.51.100.3')).statusCode).toBe(200);
  });

  it('a success clears the failures: 4 wrong, 1 right, 4 wrong again are all answered 401, not 429', async () => {
    const m = await t.registerMember();
    for (let i = 0; i < 4; i += 1) expect((await login(m.email, 'wrong-password', '198.51.100.4')).statusCode).toBe(401);
    expect((await login(m.email, m.password, '198.51.100.4')).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login(m.email, 'wrong-password', '198.51.100.4')).statusCode).toBe(401);
  });

  it("50 wrong passwords from 25 addresses never lock the owner out: a new device signs in with password + mailed code (issue #32 item 4)", async () => {
    const m = await t.registerMember();
    const device = deviceCookieOf(await login(m.email, m.password, '198.51.100.5'));
    const answers: number[] = [];
    for (let i = 0; i < 50; i += 1) answers.push((await login(m.email, 'guess-password', `203.0.113.${(i % 25) + 1}`)).statusCode);
    expect(answers.slice(0, 20).every((s) => s === 401)).toBe(true);
    // Past the threshold every guess gets the same answer as the right password would: no oracle, and no mail.
    const mailsBefore = t.mails.length;
    const guess = await login(m.email, 'guess-password', '203.0.113.99');
    expect(guess.json()).toEqual(CODE_REQUIRED);
    expect(t.mails.length).toBe(mailsBefore);
    expect(answers.slice(20).every((s) => s === 401)).toBe(true);
    // A guessed code with a wrong password gets nowhere.
    expect((await login(m.email, 'guess-password', '203.0.113.99', undefined, '123456')).statusCode).toBe(400);
    // The owner on a new device: the right password mails a code; password + code sign in.
    const asked = await login(m.email, m.password, '192.0.2.200');
    expect(asked.json()).toEqual(CODE_REQUIRED);
    const code = mailedCode(m.email);
    const wrongPassword = await login(m.email, 'guess-password', '192.0.2.200', undefined, code);
    expect(wrongPassword.statusCode).toBe(401);
    const signed = await login(m.email, m.password, '192.0.2.200', undefined, code);
    expect(signed.statusCode, signed.body).toBe(200);
    const newDevice = deviceCookieOf(signed);
    // The code is used up: it opens nothing for another new device.
    expect((await login(m.email, m.password, '192.0.2.201', undefined, code)).statusCode).toBe(400);
    // From now on that device signs in with the password alone, as does the old one.
    expect((await login(m.email, m.password, '192.0.2.200', newDevice)).statusCode).toBe(200);
    expect((await login(m.email, m.password, '198.51.100.5', device)).statusCode).toBe(200);
    // A tampered cookie is an unknown client: it needs a code.
    const [name, value] = device.split('=') as [string, string];
    const tampered = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await login(m.email, m.password, '198.51.100.5', tampered)).json()).toEqual(CODE_REQUIRED);
  });

  it("a device is held to its own failures: 5 wrong on it → 429 there, while the account's other clients are unaffected", async () => {
    const m = await t.registerMember();
    const device = deviceCookieOf(await login(m.email, m.password, '198.51.100.6'));
    for (let i = 0; i < 5; i += 1) expect((await login(m.email, 'wrong-password', '198.51.100.6', device)).statusCode).toBe(401);
    const locked = await login(m.email, m.password, '198.51.100.6', device);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(errorBody('LOGIN_LOCKED', { minutes: 15 }));
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await login(m.email, m.password, '198.51.100.6')).statusCode).toBe(200);
  });

  it("another account's device cookie counts for nothing", async () => {
    const a = await t.registerMember();
    const b = await t.registerMember();
    const deviceA = deviceCookieOf(await login(a.email, a.password, '198.51.100.7'));
    for (let i = 0; i < 5; i += 1) expect((await login(b.email, 'wrong-password', '198.51.100.7', deviceA)).statusCode).toBe(401);
    expect((await login(b.email, b.password, '198.51.100.7', deviceA)).json()).toEqual(CODE_REQUIRED);
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
      expect((await on(first, m.password)).json().code).toBe('LOGIN_CODE_REQUIRED');
      expect((await on(other, m.password)).json().code).toBe('LOGIN_CODE_REQUIRED');
    } finally {
      await other.close();
      await first.close();
    }
  });
});
