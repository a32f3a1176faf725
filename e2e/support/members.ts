/**
 * Members for the end-to-end specs: a fast path through the API (for specs that only need a
 * signed-in member) and the UI paths people use (register, login).
 */
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readCode } from './mail.ts';
import { authForm, expectPath, expectSignedIn } from './ui.ts';

export interface Member {
  name: string;
  email: string;
  password: string;
  /** The access token the API answered when the member was created. */
  token: string;
}

let counter = 0;

/** A fresh, unique address for one test (the sink keys mails by recipient). */
export function uniqueEmail(tag = 'member'): string {
  counter += 1;
  return `e2e-${tag}-${Date.now().toString(36)}-${counter}-${randomUUID().slice(0, 8)}@example.com`;
}

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<void> {
  if (!response.ok()) throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
}

export interface CreateMemberOptions {
  name?: string;
  email?: string;
  password?: string;
  /** Save a profile through `PUT /api/user/profile` so the member is no longer new (default true). */
  setUp?: boolean;
  /**
   * Mark the safety guide as read (`POST /api/user/safety-guide`, default true), so specs about
   * something else are not met by the guide before a first request or accept (issue #17).
   */
  safetyGuideSeen?: boolean;
}

/**
 * Creates a member through the API: send code → read it from the mail sink → verify → register
 * → (optionally) save a profile, which clears `isNewUser`.
 */
export async function createMemberViaApi(request: APIRequestContext, options: CreateMemberOptions = {}): Promise<Member> {
  const email = options.email ?? uniqueEmail('api');
  const name = options.name ?? '테스트회원';
  const password = options.password ?? 'bapsang-pass-1234';

  const since = Date.now();
  await ok(await request.post('/api/auth/send-verification-email', { data: { email } }), 'send-verification-email');
  const code = await readCode(email, { since });
  await ok(await request.post('/api/auth/verify-email', { data: { email, code } }), 'verify-email');
  const registered = await request.post('/api/auth/register', { data: { name, email, password, agreeTerms: true, agreePrivacy: true, ageConfirmed: true } });
  await ok(registered, 'register');
  const { accessToken } = (await registered.json()) as { accessToken: string };

  if (options.setUp ?? true) {
    const saved = await request.put('/api/user/profile', {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { name, age: 30, bio: '같이 밥 먹어요', profileImage: '/avatars/bear.svg', preferences: { 한식: true, 분식: true } },
    });
    await ok(saved, 'PUT /api/user/profile');
  }
  if (options.safetyGuideSeen ?? true) {
    await ok(await request.post('/api/user/safety-guide', { headers: { authorization: `Bearer ${accessToken}` } }), 'POST /api/user/safety-guide');
  }
  return { name, email, password, token: accessToken };
}

export interface LoginOptions {
  /** Tick "로그인 상태 유지" (default false). */
  remember?: boolean;
  /** Wait until the app shows the member signed in (default true). */
  expectSuccess?: boolean;
}

/** Signs in through the login form of /auth. */
export async function loginViaUi(
  page: Page,
  credentials: Pick<Member, 'email' | 'password'>,
  { remember = false, expectSuccess = true }: LoginOptions = {},
): Promise<void> {
  await page.goto('/auth');
  const form = authForm(page);
  await form.getByLabel('이메일', { exact: true }).fill(credentials.email);
  await form.getByLabel('비밀번호', { exact: true }).fill(credentials.password);
  const keep = form.getByLabel('로그인 상태 유지', { exact: true });
  if (remember) await keep.check();
  else await keep.uncheck();
  await form.getByRole('button', { name: '로그인', exact: true }).click();
  if (expectSuccess) await expect(page).not.toHaveURL((url) => url.pathname === '/auth');
}

/** Signs a set-up member in and waits for home with the profile menu. */
export async function signIn(page: Page, member: Pick<Member, 'email' | 'password'>, options: LoginOptions = {}): Promise<void> {
  await loginViaUi(page, member, options);
  await expectPath(page, '/');
  await expectSignedIn(page);
}

/**
 * Registers through the register mode of the auth card with e-mail verification, up to the point
 * where the sign-up succeeded (the wizard's first step is shown).
 */
export async function registerViaUi(page: Page, member: Pick<Member, 'name' | 'email' | 'password'>): Promise<void> {
  await page.goto('/auth?mode=register');
  const form = authForm(page, '이름');
  await form.getByLabel('이름', { exact: true }).fill(member.name);
  await form.getByLabel('이메일', { exact: true }).fill(member.email);
  await expect(form.getByRole('button', { name: '가입하기', exact: true })).toBeDisabled();

  const since = Date.now();
  await form.getByRole('button', { name: '인증번호 전송', exact: true }).click();
  await expect(form.getByLabel('이메일', { exact: true })).not.toBeEditable();
  // Issue #31 item 6: a typo would be fixed with 이메일 변경, which replaces the send button.
  await expect(form.getByRole('button', { name: '이메일 변경', exact: true })).toBeEnabled();

  const code = await readCode(member.email, { since });
  await form.getByLabel('인증번호', { exact: true }).fill(code);
  await form.getByRole('button', { name: '인증 확인', exact: true }).click();
  await expect(page.getByText('이메일 인증이 완료됐어요.', { exact: true })).toBeVisible();

  await form.getByLabel('비밀번호', { exact: true }).fill(member.password);
  const submit = form.getByRole('button', { name: '가입하기', exact: true });
  await expect(submit).toBeEnabled();
  // Issue #17: the three agreements are required and the form names what is missing.
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('필수 동의 항목을 확인해주세요: 이용약관 동의, 개인정보 수집·이용 동의, 만 14세 이상 확인');
  await expect(form.getByRole('link', { name: '이용약관 동의 보기' })).toHaveAttribute('href', '/terms');
  await form.getByLabel('전체 동의', { exact: true }).check();
  await expect(form.getByLabel('[필수] 만 14세 이상이에요', { exact: true })).toBeChecked();
  await submit.click();
  await expect(page.getByRole('heading', { level: 2, name: '성별', exact: true })).toBeVisible();
}

/** The e-mail listed in the e2e server's ADMIN_EMAILS (e2e/support/start-server.ts). */
export const ADMIN_EMAIL = 'e2e-admin@bapsang.test';

/**
 * The admin member (issue #17 moderation): created on first use; when it already exists (a retry in
 * the same server run) it signs in through the API instead. Two workers can reach this at once on a
 * fresh server: a second code mail kills the first one's code, or the second registration finds the
 * address taken. The one that loses signs in once the winner has registered (up to 20 s).
 */
export async function adminViaApi(request: APIRequestContext): Promise<Member> {
  const password = 'bapsang-admin-1234';
  const name = '운영자';
  const deadline = Date.now() + 20_000;
  for (;;) {
    const login = await request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password } });
    if (login.ok()) return { name, email: ADMIN_EMAIL, password, token: ((await login.json()) as { accessToken: string }).accessToken };
    try {
      return await createMemberViaApi(request, { email: ADMIN_EMAIL, name, password });
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 + Math.random() * 500));
    }
  }
}
