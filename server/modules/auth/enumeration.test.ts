/**
 * Issue #13 "No e-mail enumeration": `POST /api/auth/send-verification-email` answers a registered
 * address exactly like a new one (status, body, about the same time, the same rate limits); only
 * the mailbox learns the difference: a registered address gets "already has an account" with the
 * password-reset link and no code, a new one gets the code.
 */
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';

const PUBLIC_URL = 'https://bapsang.example';
let t: TestApp;
beforeAll(async () => {
  // Per IP generous (this file sends many codes from one address); per e-mail the default 5/h.
  t = await createTestApp({ env: { PUBLIC_URL }, rateLimits: { sendCodePerIp: { max: 10_000, windowMs: 60 * 60 * 1000 } } });
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
const unknownAddress = () => `nobody${++seq}-${Date.now()}@example.com`;
const sendCode = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email', payload: { email } });
const observable = (res: Awaited<ReturnType<typeof sendCode>>) => ({ status: res.statusCode, body: res.body, type: res.headers['content-type'] });
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

describe('POST /api/auth/send-verification-email for registered and unknown addresses', () => {
  it('answers the same status and body', async () => {
    const member = await t.registerMember();
    const registered = await sendCode(member.email.toUpperCase());
    const unknown = await sendCode(unknownAddress());
    expect(observable(registered)).toEqual(observable(unknown));
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toEqual({ message: '인증번호를 이메일로 보냈어요.' });
  });

  it('mails the registered address "already has an account" with the reset link and no code; the unknown one a code', async () => {
    const member = await t.registerMember();
    const before = t.mails.length;
    await sendCode(member.email);
    const mail = t.lastMailTo(member.email);
    expect(t.mails.length).toBe(before + 1);
    expect(mail.code).toBeUndefined();
    expect(mail.subject).toBe('[밥상친구] 이미 가입된 이메일입니다');
    expect(mail.text).toContain('이미 가입된 밥상친구 계정이 있어 인증번호를 보내지 않았습니다.');
    expect(mail.text).toContain(`${PUBLIC_URL}/auth?mode=forgotPassword`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/auth?mode=forgotPassword"`);
    expect(`${mail.text}${mail.html}`).not.toMatch(/[0-9]{6}/);

    const email = unknownAddress();
    await sendCode(email);
    const codeMail = t.lastMailTo(email);
    expect(codeMail.code).toMatch(/^[0-9]{6}$/);
    expect(codeMail.text).toContain(codeMail.code);
    expect(codeMail.text).not.toContain('forgotPassword');
  });

  it('a social-only member (no password) is pointed to the social login buttons, not to a reset', async () => {
    const social = await t.quickMember();
    await t.app.db.update(users).set({ passwordHash: null }).where(eq(users.id, social.id));
    await sendCode(social.email);
    const mail = t.lastMailTo(social.email);
    expect(mail.code).toBeUndefined();
    expect(mail.text).toContain('소셜 로그인 버튼으로 로그인해주세요.');
    expect(mail.text).not.toContain('forgotPassword');
  });

  it('a registered address cannot verify or register, and a wrong code is answered as for a new address', async () => {
    const member = await t.registerMember();
    await sendCode(member.email);
    const email = unknownAddress();
    await sendCode(email);
    const wrong = { code: '000000' };
    const a = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email: member.email, ...wrong } });
    const b = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email, ...wrong } });
    // (A right guess of the unknown address's code is 1 in a million: both answers are the "wrong code" one.)
    expect(observable(a)).toEqual(observable(b));
    expect(a.json()).toEqual({ message: '인증번호가 올바르지 않아요.', code: 'CODE_MISMATCH' });
    const reg = (e: string) => t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: '김밥', email: e, password: 'password-123', agreeTerms: true, agreePrivacy: true, ageConfirmed: true } });
    const ra = await reg(member.email);
    const rb = await reg(email);
    expect(observable(ra)).toEqual(observable(rb));
    expect(ra.json()).toEqual({ message: '이메일 인증을 먼저 완료해주세요.', code: 'EMAIL_NOT_VERIFIED' });
  });

  it('the per-e-mail limit (5/h) applies to both alike: the 6th request is the same 429', async () => {
    const member = await t.quickMember();
    const email = unknownAddress();
    const answers: Array<[ReturnType<typeof observable>, ReturnType<typeof observable>]> = [];
    for (let i = 0; i < 6; i += 1) answers.push([observable(await sendCode(member.email)), observable(await sendCode(email))]);
    for (const [registered, unknown] of answers) expect(registered).toEqual(unknown);
    expect(answers.slice(0, 5).every(([r]) => r.status === 200)).toBe(true);
    expect(answers[5]![0].status).toBe(429);
    expect(JSON.parse(answers[5]![0].body).message).toMatch(/[가-힣]/);
  });

  it('takes about the same time: medians of 20 calls each within max(3×, +50 ms)', async () => {
    const members = await Promise.all(Array.from({ length: 22 }, () => t.quickMember()));
    // Warm up both paths once.
    await sendCode(members[20]!.email);
    await sendCode(unknownAddress());
    await sendCode(members[21]!.email);
    await sendCode(unknownAddress());
    const registered: number[] = [];
    const unknown: number[] = [];
    const time = async (email: string, into: number[]) => {
      const start = performance.now();
      const res = await sendCode(email);
      into.push(performance.now() - start);
      expect(res.statusCode).toBe(200);
    };
    // Interleaved, so drift (GC, a busy machine) hits both series alike.
    for (let i = 0; i < 20; i += 1) {
      if (i % 2 === 0) {
        await time(members[i]!.email, registered);
        await time(unknownAddress(), unknown);
      } else {
        await time(unknownAddress(), unknown);
        await time(members[i]!.email, registered);
      }
    }
    const r = median(registered);
    const u = median(unknown);
    console.log(`send-verification-email medians over 20 calls: registered ${r.toFixed(2)} ms, unknown ${u.toFixed(2)} ms (ratio ${(r / u).toFixed(2)})`);
    expect(r).toBeLessThanOrEqual(Math.max(3 * u, u + 50));
    expect(u).toBeLessThanOrEqual(Math.max(3 * r, r + 50));
  });
});
