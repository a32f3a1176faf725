import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const sendCode = (email: string) => post('/api/auth/send-verification-email', { email });
const verify = (email: string, code: string) => post('/api/auth/verify-email', { email, code });
const register = (email: string, password = 'password-123', name = '김밥') => post('/api/auth/register', { name, email, password, agreeTerms: true, agreePrivacy: true, ageConfirmed: true });
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('POST /api/auth/send-verification-email', () => {
  it('mails a 6-digit code and answers a Korean message', async () => {
    const res = await sendCode('New.User@Example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: '인증번호를 이메일로 보냈어요.' });
    const mail = t.lastMailTo('new.user@example.com');
    expect(mail.code).toMatch(/^[0-9]{6}$/);
    expect(mail.text).toContain(mail.code);
    expect(mail.subject).toContain('인증번호');
  });

  it('refuses an invalid e-mail with 400 VALIDATION', async () => {
    const res = await sendCode('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', field: 'email', message: "'이메일'(email) 값이 올바르지 않아요." });
  });

  it('answers a registered address like a new one and mails it no code (issue #13; more in enumeration.test.ts)', async () => {
    const m = await t.registerMember();
    const res = await sendCode(m.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: '인증번호를 이메일로 보냈어요.' });
    expect(t.lastMailTo(m.email).code).toBeUndefined();
  });
});

describe('POST /api/auth/verify-email', () => {
  it('accepts the right code once; reusing it asks for a new code', async () => {
    const email = 'reuse@example.com';
    await sendCode(email);
    const code = t.lastMailTo(email).code!;
    const ok = await verify(email, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: '이메일 인증이 완료됐어요.' });
    const again = await verify(email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('CODE_EXPIRED');
    expect(again.json().message).toContain('새 인증번호를 요청해주세요');
  });

  it("answers '인증번호가 올바르지 않아요.' for a wrong code", async () => {
    const email = 'wrong@example.com';
    await sendCode(email);
    const res = await verify(email, wrongCode(t.lastMailTo(email).code!));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: '인증번호가 올바르지 않아요.', code: 'CODE_MISMATCH' });
  });

  it('kills the code after 5 wrong tries: even the right code is refused, a new code works', async () => {
    const email = 'lockout@example.com';
    await sendCode(email);
    const code = t.lastMailTo(email).code!;
    for (let i = 0; i < 5; i++) {
      const res = await verify(email, wrongCode(code));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('CODE_MISMATCH');
    }
    const locked = await verify(email, code);
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toEqual({ message: '인증번호를 5번 잘못 입력했어요. 새 인증번호를 요청해주세요.', code: 'CODE_LOCKED' });
    await sendCode(email);
    const fresh = await verify(email, t.lastMailTo(email).code!);
    expect(fresh.statusCode).toBe(200);
  });

  it('parallel guesses cannot exceed 5 tries', async () => {
    const email = 'parallel@example.com';
    await sendCode(email);
    const code = t.lastMailTo(email).code!;
    const results = await Promise.all(Array.from({ length: 12 }, () => verify(email, wrongCode(code))));
    expect(results.filter((r) => r.json().code === 'CODE_MISMATCH').length).toBeLessThanOrEqual(5);
    expect(results.every((r) => r.statusCode === 400)).toBe(true);
    const after = await verify(email, code);
    expect(after.statusCode).toBe(400);
    expect(after.json().code).toBe('CODE_LOCKED');
  });

  it('the right code on the 5th try still works', async () => {
    const email = 'fifth@example.com';
    await sendCode(email);
    const code = t.lastMailTo(email).code!;
    for (let i = 0; i < 4; i++) expect((await verify(email, wrongCode(code))).json().code).toBe('CODE_MISMATCH');
    expect((await verify(email, code)).statusCode).toBe(200);
  });

  it('refuses an expired code (10 minutes) and a code that was never sent', async () => {
    const email = 'expired@example.com';
    await sendCode(email);
    const code = t.lastMailTo(email).code!;
    t.clock.advance(10 * 60 * 1000 + 1000);
    try {
      const res = await verify(email, code);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('CODE_EXPIRED');
      expect(res.json().message).toContain('새 인증번호를 요청해주세요');
    } finally {
      t.clock.advance(-(10 * 60 * 1000 + 1000));
    }
    const never = await verify('never-sent@example.com', '123456');
    expect(never.statusCode).toBe(400);
    expect(never.json().code).toBe('CODE_EXPIRED');
  });

  it('a new code replaces the previous one', async () => {
    const email = 'replace@example.com';
    await sendCode(email);
    const first = t.lastMailTo(email).code!;
    await sendCode(email);
    const second = t.lastMailTo(email).code!;
    if (first !== second) expect((await verify(email, first)).statusCode).toBe(400);
    expect((await verify(email, second)).statusCode).toBe(200);
  });

  it('refuses a malformed code with 400 VALIDATION', async () => {
    const res = await verify('x@example.com', '12ab');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });
});

describe('POST /api/auth/register', () => {
  it('registers a verified e-mail: 201, token and user fields, isNewUser true', async () => {
    const email = 'register@example.com';
    await sendCode(email);
    await verify(email, t.lastMailTo(email).code!);
    const res = await register(email, 'password-123', '  홍길동 ');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ name: '홍길동', email, isNewUser: true, reviewCount: 0, averageRating: 0, age: null, bio: null, profileImage: null, preferences: {} });
    expect(typeof body.id).toBe('number');
    expect(body.accessToken.split('.')).toHaveLength(3);
    expect(body).not.toHaveProperty('passwordHash');
    const me = await t.app.inject({ url: '/api/user/me', headers: bearer(body.accessToken) });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email);
  });

  it("refuses an unverified e-mail with '이메일 인증을 먼저 완료해주세요.'", async () => {
    const res = await register('unverified@example.com');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: '이메일 인증을 먼저 완료해주세요.', code: 'EMAIL_NOT_VERIFIED' });
    // Sending a code is not verifying it.
    await sendCode('unverified@example.com');
    expect((await register('unverified@example.com')).statusCode).toBe(400);
  });

  it('the verification expires after 30 minutes', async () => {
    const email = 'late@example.com';
    await sendCode(email);
    await verify(email, t.lastMailTo(email).code!);
    t.clock.advance(31 * 60 * 1000);
    try {
      const res = await register(email);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('EMAIL_NOT_VERIFIED');
    } finally {
      t.clock.advance(-31 * 60 * 1000);
    }
  });

  it('refuses a duplicate e-mail with 409 and a verification cannot be used twice', async () => {
    const m = await t.registerMember();
    const res = await register(m.email);
    expect([400, 409]).toContain(res.statusCode);
    // Verify a second address, register it, and try again with the same verification.
    const email = 'twice@example.com';
    await sendCode(email);
    await verify(email, t.lastMailTo(email).code!);
    expect((await register(email)).statusCode).toBe(201);
    const dup = await register(email);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('validates name, e-mail, password length and refuses extra fields', async () => {
    expect((await post('/api/auth/register', { name: '', email: 'a@example.com', password: 'password-123' })).statusCode).toBe(400);
    expect((await post('/api/auth/register', { name: 'a', email: 'a@example.com', password: 'short' })).statusCode).toBe(400);
    expect((await post('/api/auth/register', { name: 'a', email: 'a@example.com', password: 'password-123', isNewUser: false })).statusCode).toBe(400);
    const consents = { agreeTerms: true, agreePrivacy: true, ageConfirmed: true };
    expect((await post('/api/auth/register', { name: '   ', email: 'a@example.com', password: 'password-123', ...consents })).json().code).toMatch(/NAME_REQUIRED|EMAIL_NOT_VERIFIED/);
  });
});

describe('POST /api/auth/login', () => {
  it('answers the token and user for the right password (e-mail case-insensitive)', async () => {
    const m = await t.registerMember({ password: 'correct-horse' });
    const res = await post('/api/auth/login', { email: m.email.toUpperCase(), password: 'correct-horse' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: m.id, email: m.email, isNewUser: true });
    expect(typeof res.json().accessToken).toBe('string');
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const m = await t.registerMember();
    const wrong = await post('/api/auth/login', { email: m.email, password: 'wrong-password' });
    const unknown = await post('/api/auth/login', { email: 'nobody@example.com', password: 'wrong-password' });
    const expected = { message: '로그인에 실패했어요. 이메일과 비밀번호를 확인해주세요.', code: 'LOGIN_FAILED' };
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(expected);
    expect(unknown.json()).toEqual(expected);
  });

  it('requires e-mail and password', async () => {
    const res = await post('/api/auth/login', { email: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });
});

describe('password reset', () => {
  it('always answers the same message and mails a code only to an existing account', async () => {
    const before = t.mails.length;
    const unknown = await post('/api/auth/password-reset/request', { email: 'ghost@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: '비밀번호 재설정 코드를 이메일로 보냈어요.' });
    expect(t.mails.length).toBe(before);
    const m = await t.registerMember();
    const known = await post('/api/auth/password-reset/request', { email: m.email });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const mail = t.lastMailTo(m.email);
    expect(mail.subject).toContain('비밀번호 재설정');
    expect(mail.code).toMatch(/^[0-9]{6}$/);
  });

  it('sets the new password, revokes old tokens, and the code is single use', async () => {
    const m = await t.registerMember({ password: 'old-password' });
    await post('/api/auth/password-reset/request', { email: m.email });
    const code = t.lastMailTo(m.email).code!;
    const wrong = await post('/api/auth/password-reset/confirm', { email: m.email, code: wrongCode(code), newPassword: 'new-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: '재설정 코드가 올바르지 않아요.', code: 'CODE_MISMATCH' });
    const ok = await post('/api/auth/password-reset/confirm', { email: m.email, code, newPassword: 'new-password' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: '비밀번호가 변경됐어요. 새 비밀번호로 로그인해주세요.' });
    // Old token revoked.
    const me = await t.app.inject({ url: '/api/user/me', headers: m.headers });
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('TOKEN_REVOKED');
    // Old password refused, new one accepted.
    expect((await post('/api/auth/login', { email: m.email, password: 'old-password' })).statusCode).toBe(401);
    const login = await post('/api/auth/login', { email: m.email, password: 'new-password' });
    expect(login.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user/me', headers: bearer(login.json().accessToken) })).statusCode).toBe(200);
    // Reused code.
    const reuse = await post('/api/auth/password-reset/confirm', { email: m.email, code, newPassword: 'third-password' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('CODE_EXPIRED');
  });

  it('locks the reset code after 5 wrong tries and refuses an expired one', async () => {
    const m = await t.registerMember();
    await post('/api/auth/password-reset/request', { email: m.email });
    const code = t.lastMailTo(m.email).code!;
    for (let i = 0; i < 5; i++) await post('/api/auth/password-reset/confirm', { email: m.email, code: wrongCode(code), newPassword: 'new-password' });
    const locked = await post('/api/auth/password-reset/confirm', { email: m.email, code, newPassword: 'new-password' });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().code).toBe('CODE_LOCKED');

    await post('/api/auth/password-reset/request', { email: m.email });
    const code2 = t.lastMailTo(m.email).code!;
    t.clock.advance(11 * 60 * 1000);
    try {
      const expired = await post('/api/auth/password-reset/confirm', { email: m.email, code: code2, newPassword: 'new-password' });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().code).toBe('CODE_EXPIRED');
    } finally {
      t.clock.advance(-11 * 60 * 1000);
    }
  });

  it('a code for an unknown account is refused like an expired one', async () => {
    const res = await post('/api/auth/password-reset/confirm', { email: 'ghost2@example.com', code: '123456', newPassword: 'new-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CODE_EXPIRED');
  });
});

describe('POST /api/auth/logout-all', () => {
  it('revokes every token of the caller (204) and needs a token (401)', async () => {
    const m = await t.registerMember();
    const second = await post('/api/auth/login', { email: m.email, password: m.password });
    expect((await post('/api/auth/logout-all', undefined)).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: m.headers });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await t.app.inject({ url: '/api/user/me', headers: m.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user/me', headers: bearer(second.json().accessToken) })).statusCode).toBe(401);
    const fresh = await post('/api/auth/login', { email: m.email, password: m.password });
    expect((await t.app.inject({ url: '/api/user/me', headers: bearer(fresh.json().accessToken) })).statusCode).toBe(200);
  });
});

describe('GET /api/auth/providers', () => {
  it('lists no provider by default', async () => {
    const res = await t.app.inject({ url: '/api/auth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ providers: [] });
  });

  it('lists a provider only when both its id and secret are configured', async () => {
    const other = await createTestApp({ env: { KAKAO_CLIENT_ID: 'id', KAKAO_CLIENT_SECRET: 'secret', NAVER_CLIENT_ID: 'only-id' } });
    try {
      expect((await other.app.inject({ url: '/api/auth/providers' })).json()).toEqual({ providers: ['kakao'] });
    } finally {
      await other.close();
    }
  });
});
