/**
 * Social login (issue #8) through the real routes, against a loopback Kakao/Naver stand-in built on
 * oauth2-mock-server (e2e/support/oauth-provider.ts: single-use codes, client and PKCE checks).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, bearer, type TestApp } from '../../test/helper.ts';
import { startOAuthStandIn, type OAuthStandIn, type StandInProvider, type StandInUser } from '../../../e2e/support/oauth-provider.ts';
import { socialAccounts, uploads, users } from '../../db/schema.ts';
import { parseKakaoProfile, parseNaverProfile } from './providers.ts';

const PUBLIC_URL = 'http://bapsang.test';
let provider: OAuthStandIn;
let t: TestApp;
let seq = 0;

beforeAll(async () => {
  provider = await startOAuthStandIn();
  t = await createTestApp({ env: { ...provider.env(), PUBLIC_URL } });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});
beforeEach(() => {
  t.clock.reset();
});

const uniqueUser = (extra: Partial<StandInUser> = {}): StandInUser => ({ id: `${Date.now()}${++seq}`, name: `소셜${seq}`, ...extra });

/** Starts a login: our redirect to the provider and the state cookie. */
async function start(p: StandInProvider) {
  const res = await t.app.inject({ method: 'GET', url: `/oauth2/authorization/${p}` });
  expect(res.statusCode).toBe(302);
  const setCookie = String(res.headers['set-cookie']);
  const cookie = setCookie.split(';')[0]!;
  return { res, location: new URL(String(res.headers.location)), setCookie, cookie };
}

/** The browser at the provider: it redirects straight back to our redirect URI. */
async function authorize(location: URL): Promise<URL> {
  const res = await fetch(location, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

/** The provider's redirect arriving at our callback (with the browser's cookie). */
async function callback(back: URL, cookie: string | undefined) {
  const res = await t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(302);
  return { res, to: new URL(String(res.headers.location)) };
}

/** The whole round trip up to `/oauth/callback?…`. */
async function roundTrip(p: StandInProvider, user?: StandInUser) {
  if (user) provider.next(p, { user });
  const s = await start(p);
  const back = await authorize(s.location);
  const cb = await callback(back, s.cookie);
  return { ...s, back, ...cb };
}

const exchange = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/social', payload: { token } });

describe('GET /oauth2/authorization/{provider}', () => {
  it('sends Kakao the state and a PKCE S256 challenge, and sets the state cookie', async () => {
    const { location, setCookie } = await start('kakao');
    expect(location.origin + location.pathname).toBe(provider.env().KAKAO_AUTH_URL);
    expect(location.searchParams.get('client_id')).toBe(provider.clients.kakao.clientId);
    expect(location.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/login/oauth2/code/kakao`);
    expect(location.searchParams.get('response_type')).toBe('code');
    expect(location.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(setCookie).toContain(`bs_oauth_state=${location.searchParams.get('state')}`);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\/login\/oauth2\/code\/kakao/);
    expect(setCookie).toMatch(/Max-Age=600/);
  });

  it('sends Naver the state only (Naver has no PKCE)', async () => {
    const { location } = await start('naver');
    expect(location.origin + location.pathname).toBe(provider.env().NAVER_AUTH_URL);
    expect(location.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(location.searchParams.get('code_challenge')).toBeNull();
  });

  it('answers an unknown or unconfigured provider with ?error=provider', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/oauth2/authorization/google' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${PUBLIC_URL}/oauth/callback?error=provider`);
    const bare = await createTestApp({ env: { PUBLIC_URL } });
    try {
      const r = await bare.app.inject({ method: 'GET', url: '/oauth2/authorization/kakao' });
      expect(r.headers.location).toBe(`${PUBLIC_URL}/oauth/callback?error=provider`);
      expect((await bare.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ providers: [] });
    } finally {
      await bare.close();
    }
  });
});

describe('the round trip', () => {
  it('creates a new Kakao member and hands out a one-time code that works once', async () => {
    const user = uniqueUser({ email: `kakao${seq}@example.com`, profileImage: 'stand-in' });
    const { to, res } = await roundTrip('kakao', user);
    expect(to.origin + to.pathname).toBe(`${PUBLIC_URL}/oauth/callback`);
    expect(String(res.headers['set-cookie'])).toMatch(/bs_oauth_state=; .*Max-Age=0/);
    expect(res.headers['cache-control']).toBe('no-store');
    const code = to.searchParams.get('token')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    // The stand-in received the PKCE verifier and the secret in the body.
    const tokenReq = provider.tokenRequests.at(-1)!;
    expect(tokenReq).toMatchObject({ provider: 'kakao', outcome: 'ok' });
    expect(tokenReq.body.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,}$/);

    const first = await exchange(code);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ name: user.name, email: user.email, isNewUser: true });
    expect(body.accessToken).toEqual(expect.any(String));
    expect(body.profileImage).toMatch(/^\/uploads\/[a-f0-9]+\.webp$/);
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(body.accessToken) });
    expect(me.json()).toMatchObject({ id: body.id, isNewUser: true, email: user.email });
    // issue #13: the copied picture is recorded as the new member's upload, so the setup wizard may keep it.
    const [upload] = await t.app.db.select().from(uploads).where(eq(uploads.name, body.profileImage.slice('/uploads/'.length)));
    expect(upload?.ownerId).toBe(body.id);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: bearer(body.accessToken),
      payload: { name: user.name, age: null, preferences: {}, profileImage: body.profileImage },
    });
    expect(saved.statusCode).toBe(200);

    const again = await exchange(code);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toMatch(/[가-힣]/);
  });

  it('signs a returning member into the same account (Kakao and Naver)', async () => {
    for (const p of ['kakao', 'naver'] as const) {
      const user = uniqueUser();
      const a = await exchange((await roundTrip(p, user)).to.searchParams.get('token')!);
      const b = await exchange((await roundTrip(p, { ...user, name: '바뀐이름' })).to.searchParams.get('token')!);
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      expect(b.json().id).toBe(a.json().id);
      const rows = await t.app.db.select().from(socialAccounts).where(eq(socialAccounts.providerUserId, user.id));
      expect(rows).toHaveLength(1);
    }
  });

  it('keeps the same provider id of Kakao and Naver apart', async () => {
    const user = uniqueUser();
    const k = await exchange((await roundTrip('kakao', user)).to.searchParams.get('token')!);
    const n = await exchange((await roundTrip('naver', user)).to.searchParams.get('token')!);
    expect(k.json().id).not.toBe(n.json().id);
  });

  it('lets a one-time code expire after 60 seconds', async () => {
    const a = await roundTrip('naver', uniqueUser());
    t.clock.advance(59_000);
    const ok = await exchange(a.to.searchParams.get('token')!);
    expect(ok.statusCode).toBe(200);
    const b = await roundTrip('naver', uniqueUser());
    t.clock.advance(61_000);
    const late = await exchange(b.to.searchParams.get('token')!);
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('SOCIAL_CODE_INVALID');
  });

  it('refuses unknown codes', async () => {
    const res = await exchange('x'.repeat(43));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/[가-힣]/);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/social', payload: {} })).statusCode).toBe(400);
  });
});

describe('refusals', () => {
  it('refuses a state that differs from the cookie, a missing cookie, and an unknown state', async () => {
    const a = await start('kakao');
    const back = await authorize(a.location);
    const other = await start('kakao');
    expect((await callback(back, other.cookie)).to.searchParams.get('error')).toBe('state');

    const b = await start('naver');
    expect((await callback(await authorize(b.location), undefined)).to.searchParams.get('error')).toBe('state');

    const forged = new URL(`${PUBLIC_URL}/login/oauth2/code/naver?code=abc&state=${'A'.repeat(43)}`);
    expect((await callback(forged, `bs_oauth_state=${'A'.repeat(43)}`)).to.searchParams.get('error')).toBe('state');
  });

  it('refuses a reused state and an expired one', async () => {
    const s = await start('naver');
    const back = await authorize(s.location);
    expect((await callback(back, s.cookie)).to.searchParams.get('token')).toBeTruthy();
    // The same provider redirect again (state already spent).
    expect((await callback(back, s.cookie)).to.searchParams.get('error')).toBe('state');

    const late = await start('kakao');
    const lateBack = await authorize(late.location);
    t.clock.advance(10 * 60 * 1000 + 1_000);
    expect((await callback(lateBack, late.cookie)).to.searchParams.get('error')).toBe('state');
  });

  it('refuses a replayed authorization code (the provider says invalid_grant)', async () => {
    for (const p of ['kakao', 'naver'] as const) {
      const first = await roundTrip(p, uniqueUser());
      expect(first.to.searchParams.get('token')).toBeTruthy();
      // A fresh login (new state + cookie) carrying the OLD code.
      const s = await start(p);
      const replay = new URL(first.back);
      replay.searchParams.set('state', s.location.searchParams.get('state')!);
      const res = await callback(replay, s.cookie);
      expect(res.to.searchParams.get('error')).toBe('token');
      expect(res.to.searchParams.get('token')).toBeNull();
    }
  });

  it("passes the provider's error on (e.g. access_denied)", async () => {
    provider.next('kakao', { error: 'access_denied' });
    const { to } = await roundTrip('kakao');
    expect(to.toString()).toBe(`${PUBLIC_URL}/oauth/callback?error=access_denied`);
    const weird = await callback(new URL(`${PUBLIC_URL}/login/oauth2/code/naver?error=${encodeURIComponent('<script>')}`), undefined);
    expect(weird.to.searchParams.get('error')).toBe('provider_error');
  });

  it('rate-limits the code exchange per IP', async () => {
    const limited = await createTestApp({ env: { ...provider.env(), PUBLIC_URL }, rateLimits: { loginPerIp: { max: 2, windowMs: 60_000 } } });
    try {
      const call = () => limited.app.inject({ method: 'POST', url: '/api/auth/social', payload: { token: 'y'.repeat(43) } });
      expect((await call()).statusCode).toBe(401);
      expect((await call()).statusCode).toBe(401);
      const third = await call();
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toMatch(/[가-힣]/);
    } finally {
      await limited.close();
    }
  });
});

describe('e-mail collisions', () => {
  it('does not link a provider e-mail to an existing password account', async () => {
    const existing = await t.registerMember({ password: 'password-123' });
    const res = await exchange((await roundTrip('kakao', uniqueUser({ email: existing.email.toUpperCase() }))).to.searchParams.get('token')!);
    expect(res.statusCode).toBe(200);
    const social = res.json();
    expect(social.id).not.toBe(existing.id);
    expect(social.isNewUser).toBe(true);
    expect(social.email).toMatch(/^kakao-[a-f0-9]{32}@social\.invalid$/);
    const [link] = await t.app.db.select().from(socialAccounts).where(eq(socialAccounts.userId, social.id));
    expect(link!.email).toBe(existing.email);
    // The password account is untouched and still signs in.
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: existing.email, password: 'password-123' } });
    expect(login.json().id).toBe(existing.id);
  });

  it('uses a verified provider e-mail when free, but a social member has no password login or reset', async () => {
    const email = `free${Date.now()}@example.com`;
    const res = await exchange((await roundTrip('naver', uniqueUser({ email }))).to.searchParams.get('token')!);
    expect(res.json().email).toBe(email);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toBeNull();
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'anything-123' } });
    expect(login.statusCode).toBe(401);
    const before = t.mails.length;
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email } });
    expect(reset.statusCode).toBe(200);
    expect(t.mails.length).toBe(before);
    // Registering that address with a password is impossible (it is taken), not merged: the sign-up
    // code request answers as for any address (issue #13, no enumeration) but mails no code, only
    // a pointer to the social login buttons.
    const send = await t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email', payload: { email } });
    expect(send.statusCode).toBe(200);
    const mail = t.lastMailTo(email);
    expect(mail.code).toBeUndefined();
    expect(mail.text).toContain('소셜 로그인 버튼으로 로그인해주세요.');
    const verify = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email, code: '000000' } });
    expect(verify.statusCode).toBe(400);
  });

  it('ignores an unverified Kakao e-mail', async () => {
    const email = `unverified${Date.now()}@example.com`;
    const res = await exchange((await roundTrip('kakao', uniqueUser({ email, emailVerified: false }))).to.searchParams.get('token')!);
    expect(res.json().email).toMatch(/@social\.invalid$/);
  });
});

describe('logs', () => {
  it('never contain the authorization code, the state or the one-time code', async () => {
    const logged = await createTestApp({ env: { ...provider.env(), PUBLIC_URL, LOG_LEVEL: 'trace' }, captureLogs: true });
    try {
      const s = await logged.app.inject({ method: 'GET', url: '/oauth2/authorization/kakao' });
      const back = await authorize(new URL(String(s.headers.location)));
      const cb = await logged.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie: String(s.headers['set-cookie']).split(';')[0]! } });
      const token = new URL(String(cb.headers.location)).searchParams.get('token')!;
      await logged.app.inject({ method: 'GET', url: `/oauth/callback?token=${token}` });
      await logged.app.inject({ method: 'POST', url: '/api/auth/social', payload: { token } });
      const all = logged.logs.join('\n');
      expect(all).toContain('/login/oauth2/code/kakao?code=[redacted]&state=[redacted]');
      for (const secret of [back.searchParams.get('code')!, back.searchParams.get('state')!, token]) expect(all).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});

describe('profile parsing', () => {
  it('reads Kakao and Naver user info', () => {
    expect(
      parseKakaoProfile({
        id: 123,
        kakao_account: { profile: { nickname: '라이언', profile_image_url: 'https://k.kakaocdn.net/a.jpg' }, email: 'A@B.kr', is_email_valid: true, is_email_verified: true },
      }),
    ).toEqual({ id: '123', name: '라이언', profileImage: 'https://k.kakaocdn.net/a.jpg', email: 'a@b.kr' });
    expect(parseKakaoProfile({ id: 5, kakao_account: {} })).toEqual({ id: '5', name: null, profileImage: null, email: null });
    expect(
      parseNaverProfile({ resultcode: '00', message: 'success', response: { id: 'abc', nickname: '닉', profile_image: 'https://phinf.pstatic.net/x.png', email: 'n@naver.com' } }),
    ).toEqual({ id: 'abc', name: '닉', profileImage: 'https://phinf.pstatic.net/x.png', email: 'n@naver.com' });
    expect(() => parseNaverProfile({ resultcode: '024' })).toThrow();
    expect(() => parseKakaoProfile({})).toThrow();
  });
});
