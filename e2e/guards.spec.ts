/**
 * Route guards of SPEC §2: authenticated paths send signed-out visitors to /auth; /auth and
 * /oauth/callback send signed-in members to /; a new member is kept on /profile-setup; any
 * unknown path goes to /.
 */
import { expect, test } from '@playwright/test';
import { createMemberViaApi, loginViaUi, signIn } from './support/members.ts';
import { alertToast, expectPath, expectSignedIn, expectSignedOut } from './support/ui.ts';

const AUTHENTICATED_PATHS = [
  '/matching',
  '/schedule',
  '/board',
  '/restaurant-rec',
  '/profile',
  '/match-requests',
  '/chat/1',
  '/write-review',
  '/my-reviews',
  '/profile-setup',
];

test.describe('signed out', () => {
  for (const path of AUTHENTICATED_PATHS) {
    test(`${path} → /auth`, async ({ page }) => {
      await page.goto(path);
      await expectPath(page, '/auth');
      await expectSignedOut(page);
    });
  }

  test('/ and /auth are open to everyone', async ({ page }) => {
    await page.goto('/');
    await expectPath(page, '/');
    await page.goto('/auth');
    await expectPath(page, '/auth');
  });

  test('/oauth/callback without a token → /auth', async ({ page }) => {
    await page.goto('/oauth/callback');
    await expectPath(page, '/auth');
  });

  test('an unknown path → /', async ({ page }) => {
    await page.goto('/no-such-page/at-all');
    await expectPath(page, '/');
  });
});

test.describe('signed in, set up', () => {
  test('/auth and /oauth/callback → /, unknown path → /, authenticated paths open', async ({ page, request }) => {
    // Eleven full page loads, each restoring the session.
    test.slow();
    const member = await createMemberViaApi(request);
    await signIn(page, member, { remember: true });

    for (const path of ['/auth', '/oauth/callback', '/auth?mode=register', '/definitely-not-a-route']) {
      await page.goto(path);
      await expectPath(page, '/');
      await expectSignedIn(page);
    }
    for (const path of ['/matching', '/schedule', '/board', '/restaurant-rec', '/profile', '/match-requests', '/my-reviews']) {
      await page.goto(path);
      // Wait for the restored session before moving on (the path is right from the first paint).
      await expectSignedIn(page);
      await expectPath(page, path);
    }
  });
});

test.describe('signed in, new member (profile not set up)', () => {
  test('every other path → /profile-setup', async ({ page, request }) => {
    const member = await createMemberViaApi(request, { setUp: false });
    await loginViaUi(page, member, { remember: true });
    await expectPath(page, '/profile-setup');

    for (const path of ['/', '/matching', '/board', '/profile', '/auth', '/unknown-path']) {
      await page.goto(path);
      await expectPath(page, '/profile-setup');
    }
  });
});

test.describe('auth card entry points', () => {
  test('회원가입 in the top bar opens the register tab; social buttons only for configured providers', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: '회원가입', exact: true }).click();
    await expectPath(page, '/auth');
    await expect(page.getByRole('tab', { name: '회원가입', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('이름', { exact: true })).toBeVisible();

    // The e2e server has no social login credentials: no social buttons.
    await page.getByRole('tab', { name: '로그인', exact: true }).click();
    await expect(page.getByRole('tab', { name: '로그인', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('로그인 상태 유지', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: '카카오로 로그인' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '네이버로 로그인' })).toHaveCount(0);
  });

  test('/oauth/callback with an error shows the failure and goes to /auth; a short token goes to /auth', async ({ page }) => {
    await page.goto('/oauth/callback?error=access_denied');
    await expect(alertToast(page, '로그인에 실패했어요.')).toBeVisible();
    await expectPath(page, '/auth');

    await page.goto('/oauth/callback?token=short');
    await expectPath(page, '/auth');
    await expectSignedOut(page);
  });
});
