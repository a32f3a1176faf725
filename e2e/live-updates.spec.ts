/**
 * Issue #14 end to end: two members in two browser contexts see each other's actions without a
 * reload (live notifications invalidate TanStack Query caches), an offline match request is sent
 * exactly once when the member is back online, and a meal can be requested with the keyboard only.
 */
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { addDaysIso, currentHourKst, todayKst } from '../common/domain/schedule.ts';
import { authHeader, requestedMatch } from './support/matches.ts';
import { createMemberViaApi, signIn, type Member } from './support/members.ts';
import { pickDay, profileMenuButton, statusToast } from './support/ui.ts';

/** A member signed in through the login form in a browser context of their own. */
async function memberPage(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await signIn(page, member);
  return page;
}

function activityItem(page: Page, section: '받은 매칭 요청' | '보낸 매칭 요청', text: string): Locator {
  return page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: section, exact: true }) })
    .getByRole('listitem')
    .filter({ hasText: text });
}

/**
 * The next meal slot that has not started (issue #15 closes started hours): today at 23:00 KST
 * until 23:00, then tomorrow at noon.
 */
function upcomingSlot(): { date: string; time: number } {
  return currentHourKst() < 23 ? { date: todayKst(), time: 23 } : { date: addDaysIso(todayKst(), 1), time: 12 };
}

/** Opens the matching page at the slot's day (today is shown first). */
async function openMatchingAt(page: Page, date: string): Promise<void> {
  await page.goto('/matching');
  if (date !== todayKst()) await pickDay(page.locator('main'), date);
}

async function createSchedule(request: APIRequestContext, host: Member, slot: { date: string; time: number }, placeName: string): Promise<number> {
  const created = await request.post('/api/schedules', {
    headers: authHeader(host),
    data: { ...slot, text: `${placeName}에서 저녁`, placeName, placeCategory: '한식', participants: 4 },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** The requester's sent requests on `scheduleId`, from the server. */
async function sentOn(request: APIRequestContext, member: Member, scheduleId: number): Promise<unknown[]> {
  const sent = (await (await request.get('/api/matches/sent', { headers: authHeader(member) })).json()) as Array<{ schedule: { id: number } }>;
  return sent.filter((m) => m.schedule.id === scheduleId);
}

/** Presses Tab until `target` has focus (keyboard only); fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test.describe('live updates between two members (issue #14)', () => {
  test.setTimeout(120_000);

  test("the host accepts: the requester's open activity page shows 수락됨", async ({ browser, request }) => {
    const suffix = Date.now().toString(36).slice(-5);
    const host = await createMemberViaApi(request, { name: `수락호스트${suffix}` });
    const guest = await createMemberViaApi(request, { name: `수락게스트${suffix}` });
    const place = `수락식당${suffix}`;
    await requestedMatch(request, host, guest, place);

    const g = await memberPage(browser, guest);
    await g.goto('/match-requests');
    const sent = activityItem(g, '보낸 매칭 요청', place);
    await expect(sent).toContainText('대기중');

    const h = await memberPage(browser, host);
    // Through the menu (in-app navigation): a second cold page load of /match-requests in a fresh
    // context stayed blank here under load (left for the lead: see the report).
    await profileMenuButton(h).click();
    await h.getByRole('menuitem', { name: '활동 내역' }).click();
    const received = activityItem(h, '받은 매칭 요청', guest.name);
    await received.getByRole('button', { name: '수락', exact: true }).click();
    await expect(received).toContainText('수락됨');

    await expect(sent).toContainText('수락됨', { timeout: 3_000 });
    await expect(sent.getByRole('button', { name: '채팅', exact: true })).toBeVisible();
    await g.context().close();
    await h.context().close();
  });

  test('offline → online: a match request waits in the outbox and is sent exactly once', async ({ browser, request }) => {
    const suffix = Date.now().toString(36).slice(-5);
    const host = await createMemberViaApi(request, { name: `오프호스트${suffix}` });
    const guest = await createMemberViaApi(request, { name: `오프게스트${suffix}` });
    const place = `오프식당${suffix}`;
    const slot = upcomingSlot();
    const scheduleId = await createSchedule(request, host, slot, place);

    const g = await memberPage(browser, guest);
    // The activity lists are cached once (the page later shows the replayed request from them).
    await g.goto('/match-requests');
    await expect(g.getByRole('heading', { level: 1, name: '활동 내역' })).toBeVisible();
    await openMatchingAt(g, slot.date);
    const card = g.getByRole('button', { name: new RegExp(`^${place}`) });
    await card.click();
    await expect(card).toHaveAttribute('aria-pressed', 'true');

    await g.context().setOffline(true);
    await g.getByRole('button', { name: '매칭 신청', exact: true }).click();
    await g.getByRole('alertdialog').getByRole('button', { name: '확인', exact: true }).click();
    await expect(statusToast(g, '오프라인 상태라 연결되면 보낼게요.')).toBeVisible();
    await expect(card).toContainText('전송 대기 중');
    expect(await sentOn(request, guest, scheduleId)).toHaveLength(0);

    await g.context().setOffline(false);
    await expect(card).not.toContainText('전송 대기 중', { timeout: 20_000 });
    await expect.poll(() => sentOn(request, guest, scheduleId).then((l) => l.length), { timeout: 10_000 }).toBe(1);

    // Without a reload, the activity page (reached through the menu) lists it.
    await profileMenuButton(g).click();
    await g.getByRole('menuitem', { name: '활동 내역' }).click();
    await expect(activityItem(g, '보낸 매칭 요청', place)).toContainText('대기중');
    await g.waitForTimeout(1_000);
    expect(await sentOn(request, guest, scheduleId)).toHaveLength(1);
    await g.context().close();
  });

  test('request a meal with the keyboard only; after the confirm the focus lands on the meal, now 신청함', async ({ browser, request }) => {
    const suffix = Date.now().toString(36).slice(-5);
    const host = await createMemberViaApi(request, { name: `키보드호스트${suffix}` });
    const guest = await createMemberViaApi(request, { name: `키보드게스트${suffix}` });
    const place = `키보드식당${suffix}`;
    const slot = upcomingSlot();
    const scheduleId = await createSchedule(request, host, slot, place);

    const g = await memberPage(browser, guest);
    await openMatchingAt(g, slot.date);
    const card = g.getByRole('button', { name: new RegExp(`^${place}`) });
    await expect(card).toBeVisible();
    await tabTo(g, card);
    await g.keyboard.press('Space');
    await expect(card).toHaveAttribute('aria-pressed', 'true');

    const requestButton = g.getByRole('button', { name: '매칭 신청', exact: true });
    for (let i = 0; i < 120 && !(await requestButton.evaluate((el) => el === el.ownerDocument.activeElement)); i++) await g.keyboard.press('Shift+Tab');
    await expect(requestButton).toBeFocused();
    await g.keyboard.press('Enter');
    const confirm = g.getByRole('alertdialog');
    await expect(confirm).toContainText('이 일정에 매칭을 신청할까요?');
    await tabTo(g, confirm.getByRole('button', { name: '확인', exact: true }), 5);
    await g.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(statusToast(g, '매칭 신청이 완료됐어요.')).toBeVisible();
    // Issue #15: a requested meal offers no 매칭 신청 (the toolbar and the card say 신청함); the focus
    // the confirm gave back to the button goes to the selected card instead of the page.
    await expect(requestButton).toHaveCount(0);
    await expect(g.getByRole('main').getByRole('status').filter({ hasText: /^신청함$/ })).toBeVisible();
    await expect(card).toBeFocused();
    await expect(card).toContainText('신청함');
    expect(await sentOn(request, guest, scheduleId)).toHaveLength(1);
    await g.context().close();
  });
});
