/**
 * Session rules (SPEC §4): "로그인 상태 유지" keeps the token in localStorage (survives closing the
 * page), otherwise sessionStorage (per tab); the full-screen loading text while a stored session
 * is restored with the me call.
 */
import { expect, test } from '@playwright/test';
import { createMemberViaApi, signIn } from './support/members.ts';
import { buttonOrLink, expectPath, expectSignedIn, expectSignedOut, LOADING_TEXT, topBar } from './support/ui.ts';

test('with 로그인 상태 유지 the session survives closing the page and opening a new one', async ({ context, page, request }) => {
  const member = await createMemberViaApi(request);
  await signIn(page, member, { remember: true });
  await page.close();

  const reopened = await context.newPage();
  await reopened.goto('/');
  await expectSignedIn(reopened);
});

test('without 로그인 상태 유지 a reload keeps the session but a new page is signed out', async ({ context, page, request }) => {
  const member = await createMemberViaApi(request);
  await signIn(page, member, { remember: false });
  await page.reload();
  await expectSignedIn(page);
  await page.close();

  const reopened = await context.newPage();
  await reopened.goto('/');
  await expectSignedOut(reopened);
});

test('at the token expiry the session ends and /auth shows the expiry message', async ({ page, request }) => {
  const member = await createMemberViaApi(request);
  const claims = JSON.parse(Buffer.from(member.token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp: number; iat: number };
  await page.clock.install();
  await signIn(page, member, { remember: true });

  await page.clock.fastForward((claims.exp - claims.iat + 60) * 1000);
  await expectSignedOut(page);
  await buttonOrLink(topBar(page), '로그인').click();
  await expectPath(page, '/auth');
  await expect(page.getByText('로그인이 만료됐어요. 다시 로그인해주세요.', { exact: true })).toBeVisible();
});

test.describe('restoring a stored session', () => {
  // page.route does not see requests a service worker handles: keep the worker out of this one.
  test.use({ serviceWorkers: 'block' });

  test('shows the full-screen loading text until the me call answers', async ({ page, request }) => {
    const member = await createMemberViaApi(request);
    await signIn(page, member, { remember: true });

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/user/me', async (route) => {
      await held;
      await route.continue();
    });

    await page.goto('/matching', { waitUntil: 'commit' });
    const loading = page.getByRole('status').filter({ hasText: LOADING_TEXT });
    await expect(loading).toBeVisible();
    // While the session is still being restored the guard has not sent the member anywhere.
    await expectPath(page, '/matching');
    release();
    await expect(loading).toBeHidden();
    await expectPath(page, '/matching');
    await expectSignedIn(page);
  });

  test('a stored session the server refuses signs the member out', async ({ page, request }) => {
    const member = await createMemberViaApi(request);
    await signIn(page, member, { remember: true });
    await page.route('**/api/user/me', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: '로그인이 필요합니다.' }) }),
    );
    await page.goto('/');
    await expectSignedOut(page);
  });
});
