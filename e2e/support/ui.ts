/**
 * Locators and expectations built only from the names of docs/ui-contract.md and UI-TEXT.md.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** A control named `name` that the contract calls a "button/link": either role matches. */
export function buttonOrLink(scope: Page | Locator, name: string): Locator {
  return scope
    .getByRole('button', { name, exact: true })
    .or(scope.getByRole('link', { name, exact: true }));
}

/** A toast in the "알림" region (sonner, issue #14) with this text. */
function toast(page: Page, text: string): Locator {
  return page.getByRole('region', { name: /^알림/ }).locator('[data-sonner-toast]').filter({ hasText: text });
}

/** The error toast, or an in-page `role="alert"`, with exactly this UI-TEXT.md message. */
export function alertToast(page: Page, text: string): Locator {
  return toast(page, text).or(page.getByRole('alert').filter({ hasText: text })).first();
}

/** The success/info toast, or an in-page `role="status"`, with exactly this UI-TEXT.md message. */
export function statusToast(page: Page, text: string): Locator {
  return toast(page, text).or(page.getByRole('status').filter({ hasText: text })).first();
}

export const LOADING_TEXT = '밥상친구를 준비하고 있어요...';

/** The top bar (`<header>`, landmark "banner"). */
export function topBar(page: Page): Locator {
  return page.getByRole('banner');
}

export function profileMenuButton(page: Page): Locator {
  return topBar(page).getByRole('button', { name: '프로필 메뉴' });
}

/** Waits until the current location's path is `path`. */
export async function expectPath(page: Page, path: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/** Signed-in top bar: the profile menu button, no 로그인 / 회원가입. */
export async function expectSignedIn(page: Page): Promise<void> {
  await expect(profileMenuButton(page)).toBeVisible();
  await expect(buttonOrLink(topBar(page), '로그인')).toHaveCount(0);
  await expect(buttonOrLink(topBar(page), '회원가입')).toHaveCount(0);
}

/** Signed-out top bar: 로그인 and 회원가입, no profile menu. */
export async function expectSignedOut(page: Page): Promise<void> {
  await expect(buttonOrLink(topBar(page), '로그인')).toBeVisible();
  await expect(buttonOrLink(topBar(page), '회원가입')).toBeVisible();
  await expect(profileMenuButton(page)).toHaveCount(0);
}

/** The auth card's form in its current mode: the form that holds a field labelled `field`. */
export function authForm(page: Page, field = '비밀번호'): Locator {
  return page.locator('form').filter({ has: page.getByLabel(field, { exact: true }) });
}

/** "11월 23일" for 2026-11-23: how the Korean calendar and lists name a day. */
export function monthDay(isoDate: string): string {
  const [, m, d] = isoDate.split('-').map(Number);
  return `${m}월 ${d}일`;
}

/** Clicks the day `isoDate` in the calendar inside `scope` (a month forward when needed). */
export async function pickDay(scope: Locator, isoDate: string): Promise<void> {
  // 매칭 opens on its upcoming list (issue #31 item 2): the calendar is behind 달력.
  const calendarView = scope.getByRole('group', { name: '보기 방식' }).getByRole('button', { name: '달력', exact: true });
  // Wait for the page to show either the switch or the calendar before deciding.
  await expect(scope.getByRole('grid').first().or(calendarView)).toBeVisible();
  if ((await calendarView.count()) > 0 && (await calendarView.getAttribute('aria-pressed')) !== 'true') await calendarView.click();
  await expect(scope.getByRole('grid').first()).toBeVisible();
  const day = scope.getByRole('button', { name: new RegExp(`${monthDay(isoDate)}(?!\\d)`) });
  if ((await day.count()) === 0) await scope.getByRole('button', { name: /다음 달/ }).first().click();
  await day.first().click();
}

/**
 * Picks an item of the chat header's ⋯ menu (채팅 메뉴, issue #30 item 5): 약속 보기, 신고하기,
 * 차단하기 / 차단 해제, 나가기.
 */
export async function chatMenu(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: '채팅 메뉴' }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}
