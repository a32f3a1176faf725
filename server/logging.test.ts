import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  // Real dev-log mailer, everything logged.
  t = await createTestApp({ captureLogs: true, realMailer: true, env: { LOG_LEVEL: 'trace' } });
});
afterAll(async () => {
  await t.close();
});

describe('logs', () => {
  it('never contain tokens, passwords or codes — except the labelled dev mail line', async () => {
    const email = 'logs@example.com';
    await t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email', payload: { email } });
    const devLine = t.logs.find((l) => l.includes('[DEV MAIL — not sent] to='));
    expect(devLine).toBeDefined();
    const code = /code=([0-9]{6})/.exec(devLine!)![1]!;
    await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email, code: code === '000000' ? '111111' : '000000' } });
    await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email, code } });
    const reg = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, name: '로그', password: 'secret-password-xyz', agreeTerms: true, agreePrivacy: true, ageConfirmed: true } });
    const token = reg.json().accessToken as string;
    await t.app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${token}` } });
    await t.app.inject({ url: '/api/user/me', headers: { authorization: 'Bearer not.a.token' } });
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-password-abc' } });
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '{"password": "broken-json-pass', headers: { 'content-type': 'application/json' } });

    const others = t.logs.filter((l) => !l.includes('[DEV MAIL — not sent] to='));
    expect(others.length).toBeGreaterThan(5);
    const all = others.join('\n');
    for (const secret of [token, token.split('.')[2]!, 'secret-password-xyz', 'wrong-password-abc', 'broken-json-pass', `"${code}"`, `code=${code}`]) {
      expect(all).not.toContain(secret);
    }
  });
});
