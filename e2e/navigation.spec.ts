/**
 * Navigation that behaves (issue #14): the mobile menu lives in the address so Back closes it;
 * a deep link survives the login; focus moves to the new page's h1 after a route change and
 * back to the opener after a dialog closes; every page names itself in the title; a member in
 * the setup wizard sees only the setup.
 */
import { expect, test, type Page } from '@playwright/test';
import { createMemberViaApi, loginViaUi, signIn } from './support/members.ts';
import { authForm, expectPath, topBar } from './support/ui.ts';

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('Back closes the side menu, and focus returns to 메뉴 열기', async ({ page, request }) => {
    test.slow(); // several round trips through the menu on a busy machine
    const member = await createMemberViaApi(request);
    await signIn(page, member);
    const opener = page.getByRole('button', { name: '메뉴 열기' });
    await opener.click();
    const menu = page.getByRole('dialog', { name: '메뉴' });
    await expect(menu).toBeVisible();
    // (useUrlState writes the value through the router's JSON search: `?menu=%221%22` today)
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.searchParams.has('menu'));

    await page.goBack();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL((url) => url.pathname === '/' && !url.searchParams.has('menu'));
    await expect(opener).toBeFocused();

    // Esc closes it too (and takes its history entry back), focus again on the opener
    await opener.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(page).toHaveURL((url) => !url.searchParams.has('menu'));

    // a link in the menu replaces the menu's entry: Back from that page returns to home, menu closed
    await opener.click();
    await menu.getByRole('link', { name: '내 리뷰', exact: true }).click();
    await expectPath(page, '/my-reviews');
    await expect(h1(page, '내가 받은 리뷰')).toBeFocused();
    await page.goBack();
    await expectPath(page, '/');
    await expect(menu).toBeHidden();
  });

  test('a shared link with ?menu=1 opens the menu', async ({ page }) => {
    await page.goto('/?menu=1');
    await expect(page.getByRole('dialog', { name: '메뉴' })).toBeVisible();
  });
});

test('login from a deep link returns there', async ({ page, request }) => {
  const member = await createMemberViaApi(request);
  await page.goto('/matching');
  await expect(page).toHaveURL((url) => url.pathname === '/auth' && url.searchParams.get('redirect') === '/matching');
  await expect(page).toHaveTitle('로그인 · 밥상친구');
  const form = authForm(page);
  await form.getByLabel('이메일', { exact: true }).fill(member.email);
  await form.getByLabel('비밀번호', { exact: true }).fill(member.password);
  await form.getByRole('button', { name: '로그인', exact: true }).click();
  await expectPath(page, '/matching');
  await expect(h1(page, '매칭')).toBeVisible();
  await expect(page).toHaveTitle('매칭 · 밥상친구');
});

test('a redirect to another site is ignored: login goes home', async ({ page, request }) => {
  const member = await createMemberViaApi(request);
  await page.goto('/auth?redirect=%2F%2Fevil.example%2F');
  const form = authForm(page);
  await form.getByLabel('이메일', { exact: true }).fill(member.email);
  await form.getByLabel('비밀번호', { exact: true }).fill(member.password);
  await form.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL((url) => url.host.startsWith('127.0.0.1') && url.pathname === '/');
});

test('a visitor’s hero buttons say 로그인 후 이용해주세요 and lead to the login for that page', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  const match = main.getByRole('link', { name: '매칭하기 로그인 후 이용해주세요' });
  await expect(match).toBeVisible();
  await expect(main.getByRole('link', { name: '일정 만들기 로그인 후 이용해주세요' })).toBeVisible();
  await match.click();
  await expect(page).toHaveURL((url) => url.pathname === '/auth' && url.searchParams.get('redirect') === '/matching');
  await expect(h1(page, '로그인')).toBeFocused();
});

test('titles name the page; focus moves to the new h1 after a route change, not on first load', async ({ page, request }) => {
  const member = await createMemberViaApi(request);
  await signIn(page, member);
  await expect(page).toHaveTitle('밥상친구');
  await page.reload();
  await expect(h1(page, '혼밥하기 싫은 날, 밥상친구')).toBeVisible();
  await expect(h1(page, '혼밥하기 싫은 날, 밥상친구')).not.toBeFocused();

  const nav = topBar(page).getByRole('navigation', { name: '주요 메뉴' });
  for (const [link, heading, title] of [
    ['일정', '일정', '일정 · 밥상친구'],
    ['게시판', '맛집 소개', '맛집 소개 · 밥상친구'],
    ['맛집 추천', '맛집 추천', '맛집 추천 · 밥상친구'],
    ['매칭', '매칭', '매칭 · 밥상친구'],
  ] as const) {
    await nav.getByRole('link', { name: link, exact: true }).click();
    await expect(h1(page, heading)).toBeFocused();
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  }
  // Back is a navigation too
  await page.goBack();
  await expect(h1(page, '맛집 추천')).toBeFocused();
});

test('after a dialog closes, focus is on the button that opened it', async ({ page, request }) => {
  const member = await createMemberViaApi(request);
  await signIn(page, member);
  await page.goto('/board');
  const write = page.getByRole('main').getByRole('button', { name: '글쓰기', exact: true });
  await write.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '닫기', exact: true }).last().click();
  await expect(dialog).toBeHidden();
  await expect(write).toBeFocused();
});

test('a member who has not finished the setup sees only the setup', async ({ page, request }) => {
  const member = await createMemberViaApi(request, { setUp: false });
  await loginViaUi(page, member);
  await expectPath(page, '/profile-setup');
  await expect(h1(page, '프로필 설정')).toBeVisible();
  await expect(page).toHaveTitle('프로필 설정 · 밥상친구');
  await expect(topBar(page).getByRole('navigation', { name: '주요 메뉴' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '메뉴 열기' })).toHaveCount(0);
  await topBar(page).getByRole('button', { name: '프로필 메뉴' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['로그아웃']);
});
