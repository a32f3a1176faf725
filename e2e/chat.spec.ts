/**
 * Issue #4 end to end: live notifications (unread badge, toast) and chat between two members in
 * two browser contexts over the real `/ws` STOMP endpoint (SPEC §2 chat, §4 live notifications
 * and chat, §5 chat send).
 */
import { addDaysIso, todayKst } from '../common/domain/schedule.ts';
import { notificationMessage } from '../common/realtime.ts';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createMemberViaApi, signIn, type Member } from './support/members.ts';
import { requestedMatch } from './support/matches.ts';
import { chatMenu, expectPath, profileMenuButton, statusToast, topBar } from './support/ui.ts';

/** requestedMatch's meal: tomorrow (KST) at 12 (issue #28: every notice names it). */
const meal = { placeName: '채팅 국밥집', date: addDaysIso(todayKst(), 1), time: 12 };

/** Resolves when the page's live channel answered CONNECTED (then its subscriptions follow). */
function liveConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      ws.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.startsWith('CONNECTED')) resolve();
      });
    });
  });
}

async function memberPage(browser: Browser, member: Member, viewport = { width: 1280, height: 860 }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  const live = liveConnected(page);
  await signIn(page, member);
  await live;
  await page.waitForTimeout(200);
  return page;
}

async function openActivity(page: Page): Promise<void> {
  await profileMenuButton(page).click();
  await page.getByRole('menuitem', { name: '활동 내역' }).click();
  await expectPath(page, '/match-requests');
}

function requestItem(page: Page, section: '받은 매칭 요청' | '보낸 매칭 요청', otherName: string) {
  return page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: section, exact: true }) })
    .getByRole('listitem')
    .filter({ hasText: otherName });
}

test('notifications raise the badge; after accept both chat in Korean; a reload keeps partner and history', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36).slice(-5);
  const host = await createMemberViaApi(request, { name: `채팅호스트${suffix}` });
  const guest = await createMemberViaApi(request, { name: `채팅게스트${suffix}` });
  const a = await memberPage(browser, host);
  const b = await memberPage(browser, guest, { width: 360, height: 740 });

  // A request made elsewhere reaches the host live: the bell's unread count + toast (the inbox
  // itself — reading, reload — is e2e/live-updates.spec.ts's; issue #16 item 5).
  // The bell's name comes from its content: 알림 1개 읽지 않음 (Chromium adds a space after the count).
  await expect(topBar(a).getByRole('link', { name: /개 읽지 않음/ })).toHaveCount(0);
  const matchId = await requestedMatch(request, host, guest, '채팅 국밥집');
  await expect(topBar(a).getByRole('link', { name: /^알림 1 ?개 읽지 않음$/ })).toBeVisible();
  await expect(statusToast(a, notificationMessage('new_match_request', guest.name, { meal }))).toBeVisible();
  await openActivity(a);

  // Guest watches activity; host accepts in the UI; the guest's sent list refreshes live.
  await openActivity(b);
  const received = requestItem(a, '받은 매칭 요청', guest.name);
  await received.getByRole('button', { name: '수락', exact: true }).click();
  await expect(statusToast(b, notificationMessage('match_accepted', host.name, { meal }))).toBeVisible();
  const sent = requestItem(b, '보낸 매칭 요청', host.name);
  await expect(sent).toContainText('수락됨');

  // Both open the chat from activity.
  await received.getByRole('button', { name: '채팅', exact: true }).click();
  await expectPath(a, `/chat/${matchId}`);
  await expect(a.getByRole('heading', { level: 1, name: `${guest.name}님과의 채팅` })).toBeVisible();
  await sent.getByRole('button', { name: '채팅', exact: true }).click();
  await expectPath(b, `/chat/${matchId}`);
  await expect(b.getByRole('heading', { level: 1, name: `${host.name}님과의 채팅` })).toBeVisible();

  const logA = a.getByRole('log', { name: '대화 내용' });
  const logB = b.getByRole('log', { name: '대화 내용' });
  await expect(logA).toHaveAttribute('aria-live', 'polite');
  // The header names the meal: place, KST date and hour, status (issue #16 item 7).
  await expect(a.locator('.chat__meal')).toHaveText(/^채팅 국밥집 · \d{1,2}월 \d{1,2}일 \([월화수목금토일]\) 오후 12시 · 수락됨$/);
  await expect(b.locator('.chat__meal')).toHaveText(/^채팅 국밥집 · \d{1,2}월 \d{1,2}일 \([월화수목금토일]\) 오후 12시 · 수락됨$/);
  await expect(a.getByText('연결 중…')).toHaveCount(0);
  await expect(b.getByText('연결 중…')).toHaveCount(0);
  // Give both subscriptions a moment after connecting.
  await a.waitForTimeout(300);

  await a.getByRole('textbox', { name: '메시지를 입력하세요' }).fill('안녕하세요! 내일 점심 맛있게 먹어요 🍚');
  await a.getByRole('button', { name: '전송', exact: true }).click();
  await expect(logB).toContainText('안녕하세요! 내일 점심 맛있게 먹어요 🍚');
  await expect(logA).toContainText('안녕하세요! 내일 점심 맛있게 먹어요 🍚');

  await b.getByRole('textbox', { name: '메시지를 입력하세요' }).fill('네, 열두 시에 국밥집 앞에서 봬요');
  await b.getByRole('textbox', { name: '메시지를 입력하세요' }).press('Enter');
  await expect(logA).toContainText('네, 열두 시에 국밥집 앞에서 봬요');
  await expect(logB.getByRole('listitem')).toHaveCount(2);
  // Blank messages are not sent.
  await b.getByRole('textbox', { name: '메시지를 입력하세요' }).fill('   ');
  await b.getByRole('button', { name: '전송', exact: true }).click();
  await a.waitForTimeout(300);
  await expect(logA.getByRole('listitem')).toHaveCount(2);
  // Each message has its time (오후 6:05), the day a separator (11월 24일 화요일); nothing is left pending.
  await expect(logA.locator('time')).toHaveCount(2);
  await expect(logA.locator('time').first()).toHaveText(/^(오전|오후) \d{1,2}:\d{2}$/);
  await expect(logB.locator('.chat__day')).toHaveText([/^\d{1,2}월 \d{1,2}일 [월화수목금토일]요일$/]);
  await expect(logA.getByText('보내는 중')).toHaveCount(0);
  await expect(logB.getByText('보내는 중')).toHaveCount(0);

  // On a phone the chat is a full-height column (issue #30 item 5): the log takes what the header
  // and the composer leave (more than SPEC §9's desktop 50vh), and the input sits at the bottom.
  const box = await logB.boundingBox();
  expect(box!.height).toBeGreaterThan(740 / 2);
  const input = await b.getByRole('textbox', { name: '메시지를 입력하세요' }).boundingBox();
  expect(input!.y + input!.height).toBeLessThanOrEqual(740);
  expect(input!.y + input!.height).toBeGreaterThan(740 - 120);

  // A reload (no navigation state) still shows the partner and the history, in order.
  await b.reload();
  await expect(b.getByRole('heading', { level: 1, name: `${host.name}님과의 채팅` })).toBeVisible();
  await expect(logB.getByRole('listitem')).toHaveCount(2);
  await expect(logB.getByRole('listitem').nth(0)).toContainText('안녕하세요!');
  await expect(logB.getByRole('listitem').nth(1)).toContainText('열두 시에');
  await b.screenshot({ path: test.info().outputPath('chat-360.png') });
  await a.screenshot({ path: test.info().outputPath('chat-1280.png') });

  // A chat that is not yours shows the spec's message.
  await b.goto('/chat/999999');
  await expect(b.getByRole('alert').filter({ hasText: '채팅 상대를 찾을 수 없어요.' })).toBeVisible();

  // Leaving deletes the match.
  await chatMenu(a, '나가기');
  await a.getByRole('alertdialog').getByRole('button', { name: '나가기' }).click();
  await expect(statusToast(a, '채팅방을 나갔어요.')).toBeVisible();
  await expectPath(a, '/match-requests');
});
