/**
 * Social login end to end (issue #8; SPEC §2 auth card and /oauth/callback, §4 session, §8):
 * Chromium against the second app instance (SOCIAL_APP_URL) whose Kakao and Naver endpoints point at
 * the loopback stand-in (e2e/support/oauth-provider.ts, built on oauth2-mock-server). The stand-in's
 * authorize endpoint redirects straight back, handing out the user (or error) queued by the test.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { OAUTH_URL, SOCIAL_APP_URL } from './support/ports.ts';
import { alertToast, expectPath, expectSignedIn, statusToast } from './support/ui.ts';
import type { NextAuthorization, StandInProvider } from './support/oauth-provider.ts';

test.describe.configure({ mode: 'serial' });

let seq = 0;
const providerUser = (name: string) => ({ id: `${Date.now()}${++seq}`, name, profileImage: 'stand-in' });

/** Queues what the stand-in hands out at the next authorization of `provider`. */
async function queue(request: APIRequestContext, provider: StandInProvider, next: NextAuthorization): Promise<void> {
  const res = await request.post(`${OAUTH_URL}/__control/next`, { data: { provider, ...next } });
  expect(res.ok()).toBe(true);
}

/** Opens the auth card of the social app and presses a social button. */
async function pressSocialButton(page: Page, label: '카카오로 로그인' | '네이버로 로그인'): Promise<void> {
  await page.goto(`${SOCIAL_APP_URL}/auth`);
  await page.getByRole('button', { name: label }).click();
}

/**
 * The consent step a social sign-up meets first (issue #17): it refuses to go on without the three
 * agreements, then leads to the setup wizard.
 */
async function agreeToTerms(page: Page): Promise<void> {
  await expectPath(page, '/consent');
  const submit = page.getByRole('button', { name: '동의하고 계속하기', exact: true });
  await submit.click();
  await expect(page.getByRole('alert').filter({ hasText: '필수 동의 항목을 확인해주세요' })).toBeVisible();
  await page.getByLabel('전체 동의', { exact: true }).check();
  await submit.click();
  await expectPath(page, '/profile-setup');
}

/** The four wizard steps with valid answers, then 가입 완료 → home. */
async function finishWizard(page: Page, name: string): Promise<void> {
  const next = page.getByRole('button', { name: '다음', exact: true });
  await page.getByRole('button', { name: '남성', exact: true }).click();
  await next.click();
  await page.getByLabel('이름', { exact: true }).fill(name);
  await page.getByLabel('나이', { exact: true }).fill('31');
  await next.click();
  await page.getByRole('button', { name: '한식', exact: true }).click();
  await next.click();
  await page.getByRole('button', { name: '곰', exact: true }).click();
  await page.getByRole('button', { name: '가입 완료', exact: true }).click();
  await expect(statusToast(page, '프로필 설정이 완료됐어요. 밥상친구를 시작해보세요!')).toBeVisible();
  await expectPath(page, '/');
}

test('카카오로 로그인: a new member goes through the wizard to home; the same Kakao user later lands on home', async ({ page, browser, request }) => {
  const user = providerUser('카카오친구');
  await queue(request, 'kakao', { user });
  const kakaoButton = page.getByRole('button', { name: '카카오로 로그인' });
  await page.goto(`${SOCIAL_APP_URL}/auth`);
  await expect(kakaoButton).toHaveCSS('background-color', 'rgb(254, 229, 0)');
  await expect(page.getByRole('button', { name: '네이버로 로그인' })).toHaveCSS('background-color', 'rgb(3, 199, 90)');
  const callback = page.waitForRequest((r) => r.url().startsWith(`${SOCIAL_APP_URL}/oauth/callback?token=`));
  await kakaoButton.click();
  const token = new URL((await callback).url()).searchParams.get('token')!;
  expect(token.length).toBeGreaterThanOrEqual(32);

  await agreeToTerms(page);
  expect(page.url()).not.toContain(token);
  await expectSignedIn(page);
  await finishWizard(page, '카카오친구');
  await expectSignedIn(page);

  // The one-time code cannot be used again (another browser replays the callback URL).
  const replayContext = await browser.newContext();
  const replay = await replayContext.newPage();
  await replay.goto(`${SOCIAL_APP_URL}/oauth/callback?token=${token}`);
  await expect(alertToast(replay, '로그인 처리 중 오류가 생겼어요.')).toBeVisible();
  await expectPath(replay, '/auth');

  // The same Kakao account again, in a fresh browser: straight to home, already set up.
  await queue(request, 'kakao', { user });
  await pressSocialButton(replay, '카카오로 로그인');
  await expectPath(replay, '/');
  await expectSignedIn(replay);
  await replay.reload();
  await expectPath(replay, '/');
  await replayContext.close();
});

test('네이버로 로그인 signs a new member in and into the wizard', async ({ page, request }) => {
  const user = providerUser('네이버친구');
  await queue(request, 'naver', { user });
  await pressSocialButton(page, '네이버로 로그인');
  await agreeToTerms(page);
  await expectSignedIn(page);
  await finishWizard(page, '네이버친구');
});

test("the provider's error and a bad state end on /auth with 로그인에 실패했어요.", async ({ page, request }) => {
  await queue(request, 'kakao', { error: 'access_denied' });
  await pressSocialButton(page, '카카오로 로그인');
  await expect(alertToast(page, '로그인에 실패했어요.')).toBeVisible();
  await expectPath(page, '/auth');

  // A provider redirect this browser never started (no state cookie, unknown state).
  await page.goto(`${SOCIAL_APP_URL}/login/oauth2/code/naver?code=forged&state=${'s'.repeat(43)}`);
  await expect(alertToast(page, '로그인에 실패했어요.')).toBeVisible();
  await expectPath(page, '/auth');
});
