/**
 * Issue #15 end to end: the meal lifecycle between two members in two browser contexts, live
 * (notifications invalidate the TanStack Query caches; nobody reloads).
 * (a) The requester leaves the chat of an accepted meal before it starts: the leave confirm says
 *     the meal will be cancelled; the host, on the activity page, gets the Korean toast and the
 *     card shows 취소됨 (신청자가 취소했어요).
 * (b) The host deletes the schedule: the requester's activity page shows 취소됨 (호스트가 취소했어요).
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { addDaysIso, todayKst } from '../common/domain/schedule.ts';
import { notificationMessage } from '../common/realtime.ts';
import { authHeader, requestedMatch } from './support/matches.ts';
import { createMemberViaApi, signIn, type Member } from './support/members.ts';
import { chatMenu, expectPath, profileMenuButton, statusToast } from './support/ui.ts';

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

/** 활동 내역 through the profile menu (in-app navigation). */
async function openActivity(page: Page): Promise<void> {
  await profileMenuButton(page).click();
  await page.getByRole('menuitem', { name: '활동 내역' }).click();
  await expectPath(page, '/match-requests');
}

function activityItem(page: Page, section: '받은 매칭 요청' | '보낸 매칭 요청', text: string): Locator {
  return page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: section, exact: true }) })
    .getByRole('listitem')
    .filter({ hasText: text });
}

/** requestedMatch's meal: tomorrow (KST) at 12. */
const meal = (placeName: string) => ({ placeName, date: addDaysIso(todayKst(), 1), time: 12 });

test.describe('the meal lifecycle between two members (issue #15)', () => {
  test.setTimeout(150_000);

  test('the requester leaves the chat before the meal: the host sees the cancellation live', async ({ browser, request }) => {
    const suffix = Date.now().toString(36).slice(-5);
    const host = await createMemberViaApi(request, { name: `취소호스트${suffix}` });
    const guest = await createMemberViaApi(request, { name: `취소게스트${suffix}` });
    const place = `취소식당${suffix}`;
    const matchId = await requestedMatch(request, host, guest, place);
    const accepted = await request.post(`/api/matches/${matchId}/accept`, { headers: authHeader(host) });
    expect(accepted.status(), await accepted.text()).toBe(200);

    const h = await memberPage(browser, host);
    await openActivity(h);
    const received = activityItem(h, '받은 매칭 요청', guest.name);
    await expect(received).toContainText('수락됨');

    const g = await memberPage(browser, guest, { width: 360, height: 740 });
    await openActivity(g);
    await activityItem(g, '보낸 매칭 요청', place).getByRole('button', { name: '채팅', exact: true }).click();
    await expectPath(g, `/chat/${matchId}`);
    await expect(g.getByRole('heading', { level: 1, name: `${host.name}님과의 채팅` })).toBeVisible();

    // The confirm says what leaving does before the member agrees.
    await chatMenu(g, '나가기');
    const confirm = g.getByRole('alertdialog');
    await expect(confirm).toContainText('나가면 약속이 취소되고 상대방에게 알림이 가요.');
    await confirm.getByRole('button', { name: '나가기', exact: true }).click();
    await expectPath(g, '/match-requests');

    // The host, without a reload: the Korean toast and 취소됨 on the card.
    await expect(statusToast(h, notificationMessage('match_cancelled', guest.name, { meal: meal(place) }))).toBeVisible({ timeout: 5_000 });
    await expect(received).toContainText('취소됨', { timeout: 5_000 });
    await expect(received).toContainText('신청자가 취소했어요');
    await expect(received.getByRole('button', { name: '채팅', exact: true })).toHaveCount(0);
    await expect(received.getByRole('button', { name: '목록에서 숨기기', exact: true })).toBeVisible();

    // The requester's own list says the same.
    await expect(activityItem(g, '보낸 매칭 요청', place)).toContainText('취소됨');
    await g.context().close();
    await h.context().close();
  });

  test("the host deletes the schedule: the requester's open activity page shows 취소됨", async ({ browser, request }) => {
    const suffix = Date.now().toString(36).slice(-5);
    const host = await createMemberViaApi(request, { name: `삭제호스트${suffix}` });
    const guest = await createMemberViaApi(request, { name: `삭제게스트${suffix}` });
    const place = `삭제식당${suffix}`;
    await requestedMatch(request, host, guest, place);

    const g = await memberPage(browser, guest);
    await openActivity(g);
    const sent = activityItem(g, '보낸 매칭 요청', place);
    await expect(sent).toContainText('대기중');

    // The host opens the day from a link (?day=) and deletes the schedule there.
    const h = await memberPage(browser, host);
    await h.goto(`/schedule?day=${addDaysIso(todayKst(), 1)}`);
    const day = h.getByRole('dialog', { name: /일정$/ });
    await expect(day).toContainText(place);
    await day.getByRole('button', { name: '삭제', exact: true }).click();
    await h.getByRole('alertdialog').getByRole('button', { name: '삭제', exact: true }).click();
    await expect(statusToast(h, '일정을 삭제했어요.')).toBeVisible();

    // The requester, without a reload: the toast and 취소됨 with who cancelled.
    await expect(statusToast(g, notificationMessage('schedule_cancelled', host.name, { meal: meal(place) }))).toBeVisible({ timeout: 5_000 });
    await expect(sent).toContainText('취소됨', { timeout: 5_000 });
    await expect(sent).toContainText('호스트가 취소했어요');
    await expect(sent.getByRole('button', { name: '목록에서 숨기기', exact: true })).toBeVisible();
    await g.context().close();
    await h.context().close();
  });
});
