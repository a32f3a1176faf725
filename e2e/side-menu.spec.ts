/**
 * Below 992 px the top bar's links move into a side menu (SPEC §2 "Top bar and menu").
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createMemberViaApi, signIn } from './support/members.ts';
import { expectPath, topBar } from './support/ui.ts';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

async function openSideMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: '메뉴 열기' }).click();
  const menu = page.getByRole('dialog', { name: '메뉴' });
  await expect(menu).toBeVisible();
  return menu;
}

/** The link names appear in this order among the menu's links. */
async function expectLinksInOrder(menu: Locator, names: string[]): Promise<void> {
  for (const name of names) await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  const all = (await menu.getByRole('link').allInnerTexts()).map((t) => t.trim());
  const positions = names.map((n) => all.indexOf(n));
  expect(positions, `link order in the side menu: ${all.join(' · ')}`).toEqual([...positions].sort((a, b) => a - b));
}

test('signed out: 로그인이 필요합니다 instead of 활동 내역, then the five sections', async ({ page }) => {
  await page.goto('/');
  await expect(topBar(page).getByRole('navigation', { name: '주요 메뉴' })).toBeHidden();
  const menu = await openSideMenu(page);
  await expectLinksInOrder(menu, ['로그인이 필요합니다', '매칭', '일정', '맛집 추천', '게시판', '내 리뷰']);
  await expect(menu.getByRole('link', { name: '활동 내역', exact: true })).toHaveCount(0);

  await menu.getByRole('link', { name: '로그인이 필요합니다', exact: true }).click();
  await expectPath(page, '/auth');
});

test('signed in: 활동 내역, 매칭, 일정, 맛집 추천, 게시판, 내 리뷰', async ({ page, request }) => {
  const member = await createMemberViaApi(request);
  await signIn(page, member);
  const menu = await openSideMenu(page);
  await expectLinksInOrder(menu, ['활동 내역', '매칭', '일정', '맛집 추천', '게시판', '내 리뷰']);
  await expect(menu.getByRole('link', { name: '로그인이 필요합니다', exact: true })).toHaveCount(0);

  await menu.getByRole('link', { name: '활동 내역', exact: true }).click();
  await expectPath(page, '/match-requests');
  await expect(page.getByRole('heading', { level: 1, name: '활동 내역' })).toBeVisible();
});
