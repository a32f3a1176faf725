/**
 * Session rules (SPEC §4): "로그인 상태 유지" keeps the token in localStorage (survives closing the
 * page), otherwise sessionStorage (per tab); a stored session with its member shows at once while
 * the me call checks it (issue #33 item 2), one without shows the full-screen loading text until then.
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

  test('a stored token without its member shows the full-screen loading text until the me call answers', async ({ page, request }) => {
    const member = await createMemberViaApi(request);
    await signIn(page, member, { remember: true });
    // A session stored before the member was kept beside the token: only the token and its expiry.
    await page.evaluate(`(() => {
      const stored = JSON.parse(localStorage.getItem('bapsang.session'));
      localStorage.setItem('bapsang.session', JSON.stringify({ token: stored.token, expiresAt: stored.expiresAt }));
    })()`);

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

  test('a stored token with its member shows the page at once while the me call is held back (issue #33 item 2)', async ({ page, request }) => {
    const member = await createMemberViaApi(request);
    await signIn(page, member, { remember: true });

    let meAsked = false;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/user/me', async (route) => {
      meAsked = true;
      await held;
      await route.continue();
    });

    await page.goto('/matching');
    // The member's page and top bar, before `me` has answered.
    await expect(page.getByRole('heading', { level: 1, name: '매칭' })).toBeVisible();
    await expectSignedIn(page);
    expect(meAsked).toBe(true);
    await expect(page.getByRole('status').filter({ hasText: LOADING_TEXT })).toHaveCount(0);
    release();
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
    // Refused, not expired: the login page does not say "로그인이 만료됐어요".
    await buttonOrLink(topBar(page), '로그인').click();
    await expectPath(page, '/auth');
    await expect(page.getByText('로그인이 만료됐어요. 다시 로그인해주세요.', { exact: true })).toHaveCount(0);
  });
});
