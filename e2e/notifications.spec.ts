/**
 * Issue #16 items 5 and 6 end to end, two members in two browser contexts over the real server:
 * a match request makes the host's bell say 1 (the server's unread count, so it survives a
 * reload); the /notifications page lists it and opening it goes to its link and marks it read.
 * Quiet when looking: a message of the chat that is open and visible raises no toast and no
 * unread; toasts at 360 px stay clear of the top bar, the chat header and the chat input; opening
 * a chat reads its message notification.
 */
import { addDaysIso, todayKst } from '../common/domain/schedule.ts';
import { notificationMessage } from '../common/realtime.ts';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { authHeader, requestedMatch } from './support/matches.ts';
import { createMemberViaApi, signIn, type Member } from './support/members.ts';
import { expectPath, statusToast, topBar } from './support/ui.ts';

/** requestedMatch's meal: tomorrow (KST) at 12 (issue #28: every notice names it). */
const meal = { placeName: '알림 칼국수', date: addDaysIso(todayKst(), 1), time: 12 };

/** Resolves when the page's live channel answered CONNECTED (its subscriptions follow). */
function liveConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      ws.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.startsWith('CONNECTED')) resolve();
      });
    });
  });
}

/** A member signed in through the login form in a browser context of their own, live channel up. */
async function memberPage(browser: Browser, member: Member, viewport = { width: 1280, height: 860 }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  const live = liveConnected(page);
  await signIn(page, member);
  await live;
  await page.waitForTimeout(200);
  return page;
}

/** The bell: "알림" or "알림 {n}개 읽지 않음". */
function bell(page: Page, unread: number): Locator {
  // The name comes from the content ("알림", the visible count, "개 읽지 않음"); Chromium puts a
  // space after the count's badge box, jsdom does not.
  return topBar(page).getByRole('link', { name: unread > 0 ? new RegExp(`^알림 ${unread} ?개 읽지 않음$`) : /^알림$/ });
}

/** A page reload that waits for the live channel again. */
async function reloadLive(page: Page): Promise<void> {
  const live = liveConnected(page);
  await page.reload();
  await live;
  await page.waitForTimeout(200);
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('the bell counts from the server, survives a reload, the inbox opens and reads; a message of the open chat stays quiet', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36).slice(-5);
  const host = await createMemberViaApi(request, { name: `알림호스트${suffix}` });
  const guest = await createMemberViaApi(request, { name: `알림게스트${suffix}` });
  const a = await memberPage(browser, host);
  const b = await memberPage(browser, guest, { width: 360, height: 740 });

  // A match request: the host's bell says 1, live.
  await expect(bell(a, 0)).toBeVisible();
  const matchId = await requestedMatch(request, host, guest, '알림 칼국수');
  await expect(bell(a, 1)).toBeVisible();
  await expect(bell(a, 1)).toHaveAttribute('href', '/notifications');

  // The count is the server's: it survives a reload.
  await reloadLive(a);
  await expect(bell(a, 1)).toBeVisible();

  // The inbox lists it, unread, with a Korean relative time; opening it goes to its link and reads it.
  await bell(a, 1).click();
  await expectPath(a, '/notifications');
  await expect(a.getByRole('heading', { level: 1, name: '알림' })).toBeVisible();
  const list = a.getByRole('list', { name: '알림 목록' });
  const row = list.getByRole('link').filter({ hasText: notificationMessage('new_match_request', guest.name, { meal }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('읽지 않음');
  await expect(row.locator('time')).toHaveText(/^(방금|\d+분 전)$/);
  await a.screenshot({ path: test.info().outputPath('inbox-1280.png') });
  await row.click();
  await expectPath(a, '/match-requests');
  await expect(bell(a, 0)).toBeVisible();
  await bell(a, 0).click();
  await expect(list.getByRole('link').filter({ hasText: notificationMessage('new_match_request', guest.name, { meal }) })).not.toContainText('읽지 않음');
  await expect(a.getByRole('button', { name: '모두 읽음' })).toBeDisabled();

  // The host accepts: the guest's bell says 1; the guest opens the chat (360 px).
  const accepted = await request.post(`/api/matches/${matchId}/accept`, { headers: authHeader(host) });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await expect(bell(b, 1)).toBeVisible();
  await expect(statusToast(b, notificationMessage('match_accepted', host.name, { meal }))).toBeVisible();
  const live = liveConnected(b);
  await b.goto(`/chat/${matchId}`);
  await live;
  const log = b.getByRole('log', { name: '대화 내용' });
  await expect(log).toBeVisible();
  await b.waitForTimeout(500);

  // Quiet when looking: the host's message appears in the open chat with no toast and no unread.
  const sent = await request.post(`/api/chat/${matchId}/messages`, { headers: authHeader(host), data: { content: '조용히 도착한 메시지' } });
  expect(sent.status(), await sent.text()).toBe(201);
  await expect(log).toContainText('조용히 도착한 메시지');
  await b.waitForTimeout(1000);
  await expect(b.locator('[data-sonner-toast]').filter({ hasText: '새 메시지를 보냈어요' })).toHaveCount(0);
  await expect(bell(b, 1)).toBeVisible();
  // …and its inbox item is already read (the server says so after a reload too).
  await reloadLive(b);
  await expect(bell(b, 1)).toBeVisible();

  // A toast on the chat page at 360 px stays clear of the top bar, the chat header and the input.
  const confirmed = await request.post(`/api/matches/${matchId}/confirm`, { headers: authHeader(host) });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const toast = b.locator('[data-sonner-toast]').filter({ hasText: notificationMessage('match_confirmed', host.name, { meal }) });
  await expect(toast).toBeVisible();
  await b.waitForTimeout(500);
  await b.screenshot({ path: test.info().outputPath('chat-toast-360.png') });
  const toastBox = (await toast.boundingBox())!;
  for (const [name, locator] of [
    ['top bar', topBar(b)],
    ['chat header', b.locator('.chat__header')],
    ['chat input', b.getByRole('textbox', { name: '메시지를 입력하세요' })],
    ['send button', b.getByRole('button', { name: '전송', exact: true })],
  ] as const) {
    const box = await locator.boundingBox();
    expect(box, name).not.toBeNull();
    expect(overlaps(toastBox, box!), `the toast covers the ${name}`).toBe(false);
  }

  // Away from the chat, a message speaks again and counts.
  const liveAgain = liveConnected(b);
  await b.goto('/matching');
  await liveAgain;
  await b.waitForTimeout(500);
  const another = await request.post(`/api/chat/${matchId}/messages`, { headers: authHeader(host), data: { content: '두 번째 메시지' } });
  expect(another.status(), await another.text()).toBe(201);
  await expect(statusToast(b, notificationMessage('new_message', host.name))).toBeVisible();
  await expect(bell(b, 3)).toBeVisible();
  await b.screenshot({ path: test.info().outputPath('bell-360.png') });

  // Opening that chat reads its message notification: the bell goes back to 2.
  await b.goto(`/chat/${matchId}`);
  await expect(b.getByRole('log', { name: '대화 내용' })).toContainText('두 번째 메시지');
  await expect(bell(b, 2)).toBeVisible();
});
