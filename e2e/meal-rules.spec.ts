/**
 * Issue #28 end to end, two members in two phone contexts (360×780), live (nobody reloads):
 * (1) the guest checks in (도착했어요) and the host cannot mark them absent: 안 나왔어요 is not offered
 *     (the card says why) and the API refuses it (409);
 * (2) the guest cancels inside 24 h and sees the late-cancel warning in the dialog first;
 * (3) the host moves a meal to another hour in the edit dialog and the guest's card and toast follow;
 * (4) the host deletes a meal with an accepted guest: a reason from the cancel chooser, shown once on the guest card.
 */
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { addDaysIso, currentHourKst, todayKst } from '../common/domain/schedule.ts';
import { koreanDateHour } from '../common/domain/korean-time.ts';
import { notificationMessage } from '../common/realtime.ts';
import { authHeader, mealStartedThisHour, requestedMatch } from './support/matches.ts';
import { createMemberViaApi, signIn, type Member } from './support/members.ts';
import { expectPath, profileMenuButton, statusToast } from './support/ui.ts';

const PHONE = { width: 360, height: 780 };

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

/** A member signed in through the login form in a phone-sized context of their own, live channel up. */
async function phonePage(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  const live = liveConnected(page);
  await signIn(page, member);
  await live;
  return page;
}

/** 활동 내역 through the profile menu (in-app navigation). */
async function openActivity(page: Page): Promise<void> {
  await profileMenuButton(page).click();
  await page.getByRole('menuitem', { name: '활동 내역' }).click();
  await expectPath(page, '/match-requests');
}

type Section = '받은 매칭 요청' | '보낸 매칭 요청' | '지난 약속';

function activityItem(page: Page, section: Section, text: string): Locator {
  return page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: section, exact: true }) })
    .getByRole('listitem')
    .filter({ hasText: text });
}

/** POSTs `path` as `member` and expects 200. */
async function post(request: APIRequestContext, member: Member, path: string): Promise<void> {
  const res = await request.post(path, { headers: authHeader(member) });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
}

/** The schedule id of a match (from the guest's sent list). */
async function scheduleOf(request: APIRequestContext, guest: Member, matchId: number): Promise<number> {
  const res = await request.get(`/api/matches/${matchId}`, { headers: authHeader(guest) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { schedule: { id: number } }).schedule.id;
}

function members(request: APIRequestContext, tag: string) {
  const suffix = Date.now().toString(36).slice(-5);
  return Promise.all([createMemberViaApi(request, { name: `${tag}호스트${suffix}` }), createMemberViaApi(request, { name: `${tag}게스트${suffix}` })]).then(
    ([host, guest]) => ({ host, guest, place: `${tag}식당${suffix}` }),
  );
}

test.describe('fair rules for the meal (issue #28)', () => {
  test.setTimeout(150_000);

  test('the guest checks in: the host is not offered 안 나왔어요 and the API refuses it', async ({ browser, request }) => {
    const { host, guest, place } = await members(request, '도착');
    const matchId = await requestedMatch(request, host, guest, place);
    await post(request, host, `/api/matches/${matchId}/accept`);
    await post(request, host, `/api/matches/${matchId}/confirm`);
    // The meal started within this hour: arrival (start ± 60 min) and the attendance question are open.
    await mealStartedThisHour(request, await scheduleOf(request, guest, matchId));

    const h = await phonePage(browser, host);
    await openActivity(h);
    const hostCard = activityItem(h, '지난 약속', guest.name);
    await expect(hostCard).toContainText('상대방이 약속 장소에 나왔나요?');

    const g = await phonePage(browser, guest);
    await openActivity(g);
    const guestCard = activityItem(g, '지난 약속', place);
    await guestCard.getByRole('button', { name: '도착했어요', exact: true }).click();
    await expect(statusToast(g, '도착을 알렸어요.')).toBeVisible();
    await expect(guestCard).toContainText('도착을 알렸어요');

    // The host, live: the partner arrived, so 안 나왔어요 is not offered and the card says why.
    await expect(hostCard).toContainText('상대방이 도착했어요', { timeout: 5_000 });
    await expect(hostCard).toContainText('상대방이 도착 확인을 했어요. 노쇼로 알릴 수 없어요.');
    await expect(hostCard.getByRole('button', { name: '안 나왔어요', exact: true })).toHaveCount(0);
    await expect(hostCard.getByRole('button', { name: '나왔어요', exact: true })).toBeVisible();

    // The API refuses a client that asks anyway, for the lasting reason first (also inside the grace).
    const refused = await request.post(`/api/matches/${matchId}/attendance`, { headers: authHeader(host), data: { partnerAttended: false } });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { code?: string }).code).toBe('PARTNER_CHECKED_IN');
    const mark = (await (await request.get(`/api/matches/${matchId}`, { headers: authHeader(guest) })).json()) as { absence: { requester: unknown } };
    expect(mark.absence.requester).toBeNull();
    await g.context().close();
    await h.context().close();
  });

  test('the guest cancels inside 24 h and sees the late-cancel warning before confirming', async ({ browser, request }) => {
    const { host, guest, place } = await members(request, '늦취');
    // Two hours from now (KST), so the meal is inside the 24 h before its start.
    const hour = currentHourKst() + 2;
    const date = hour > 23 ? addDaysIso(todayKst(), 1) : todayKst();
    const created = await request.post('/api/schedules', {
      headers: authHeader(host),
      data: { date, time: hour % 24, text: '같이 저녁', placeName: place, placeCategory: '한식', participants: 2 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const scheduleId = ((await created.json()) as { id: number }).id;
    const asked = await request.post('/api/matches', { headers: authHeader(guest), data: { scheduleId } });
    expect(asked.status(), await asked.text()).toBe(201);
    const matchId = ((await (await request.get('/api/matches/sent', { headers: authHeader(guest) })).json()) as Array<{ id: number; schedule: { id: number } }>).find(
      (m) => m.schedule.id === scheduleId,
    )!.id;
    await post(request, host, `/api/matches/${matchId}/accept`);
    await post(request, host, `/api/matches/${matchId}/confirm`);

    const g = await phonePage(browser, guest);
    await openActivity(g);
    const card = activityItem(g, '보낸 매칭 요청', place);
    await expect(card).toContainText('확정됨');
    await card.getByRole('button', { name: '약속 취소', exact: true }).click();
    const dialog = g.getByRole('dialog', { name: '약속을 취소할까요?' });
    await expect(dialog).toContainText('지금 취소하면 늦은 취소로 기록돼요. (최근 180일 동안 프로필에 표시)');
    await dialog.getByRole('radio', { name: '일정이 생겼어요' }).check();
    await dialog.getByRole('button', { name: '약속 취소', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toContainText('취소됨');
    await expect(card).toContainText('신청자가 취소했어요 · 사유: 일정이 생겼어요');

    // Recorded as late, as the dialog said.
    const match = (await (await request.get(`/api/matches/${matchId}`, { headers: authHeader(guest) })).json()) as { lateCancel: boolean };
    expect(match.lateCancel).toBe(true);
    await g.context().close();
  });

  test('the host moves the meal to another hour: the guest sees the change live', async ({ browser, request }) => {
    const { host, guest, place } = await members(request, '이동');
    const matchId = await requestedMatch(request, host, guest, place);
    await post(request, host, `/api/matches/${matchId}/accept`);
    const scheduleId = await scheduleOf(request, guest, matchId);
    const tomorrow = addDaysIso(todayKst(), 1);

    const g = await phonePage(browser, guest);
    await openActivity(g);
    const card = activityItem(g, '보낸 매칭 요청', place);
    await expect(card).toContainText(koreanDateHour(tomorrow, 12));

    const h = await phonePage(browser, host);
    await h.goto(`/schedule?edit=${scheduleId}`);
    const edit = h.getByRole('dialog', { name: '일정 수정' });
    await expect(edit).toContainText('수락한 참여자에게 알림이 가요.');
    await edit.getByLabel('시간').selectOption('15');
    await edit.getByRole('button', { name: '저장', exact: true }).click();
    await expect(statusToast(h, '일정을 수정했어요.')).toBeVisible();

    // The guest, without a reload: the notice naming the old and new time, and the card's new hour.
    const previous = { placeName: place, date: tomorrow, time: 12 };
    const moved = { placeName: place, date: tomorrow, time: 15 };
    await expect(statusToast(g, notificationMessage('schedule_changed', host.name, { meal: moved, previous }))).toBeVisible({ timeout: 5_000 });
    await expect(card).toContainText(koreanDateHour(tomorrow, 15), { timeout: 5_000 });
    await expect(card).toContainText('호스트가 약속 시간이나 장소를 바꿨어요');
    await g.context().close();
    await h.context().close();
  });
});

test.describe('a host deletes a meal with a seated guest (issue #28 item 3)', () => {
  test.setTimeout(120_000);

  test('the delete asks for a reason with the cancel chooser; the guest card shows it once', async ({ browser, request }) => {
    const { host, guest, place } = await members(request, '삭제');
    const matchId = await requestedMatch(request, host, guest, place);
    await post(request, host, `/api/matches/${matchId}/accept`);

    const g = await phonePage(browser, guest);
    await openActivity(g);
    const card = activityItem(g, '보낸 매칭 요청', place);
    await expect(card).toContainText('수락됨');

    const h = await phonePage(browser, host);
    await h.goto(`/schedule?day=${addDaysIso(todayKst(), 1)}`);
    const day = h.getByRole('dialog', { name: /일정$/ });
    await expect(day).toContainText(place);
    await day.getByRole('button', { name: '삭제', exact: true }).click();
    const dialog = h.getByRole('dialog', { name: '일정을 삭제할까요?' });
    await expect(dialog).toContainText('수락한 참여자의 약속이 취소되고 취소 알림이 가요.');
    await dialog.getByRole('radio', { name: '몸이 안 좋아요' }).check();
    await dialog.getByRole('button', { name: '일정 삭제', exact: true }).click();
    await expect(statusToast(h, '일정을 삭제했어요.')).toBeVisible();

    // The guest, live: 취소됨 with who and the reason, said once.
    await expect(card).toContainText('취소됨', { timeout: 5_000 });
    await expect(card.locator('.request-item__cancelled')).toHaveText('호스트가 취소했어요 · 사유: 몸이 안 좋아요');
    await g.context().close();
    await h.context().close();
  });
});
