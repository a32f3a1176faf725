/**
 * Issue #3 end to end: two members in two browser contexts go from a schedule at a venue to a
 * confirmed match (SPEC §2 schedule, matching and activity screens; §4 match status; §5 rules).
 */
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { addDaysIso, todayKst } from '../common/domain/schedule.ts';
import { authHeader, mealHappened } from './support/matches.ts';
import { createMemberViaApi, signIn, type Member } from './support/members.ts';
import { alertToast, expectPath, monthDay, pickDay, statusToast } from './support/ui.ts';

/** A member signed in through the login form in a browser context of their own. */
async function memberPage(browser: Browser, member: Member, viewport = { width: 1280, height: 860 }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await signIn(page, member);
  return page;
}

async function createScheduleViaApi(request: APIRequestContext, member: Member, date: string, placeName: string): Promise<void> {
  const response = await request.post('/api/schedules', {
    headers: { authorization: `Bearer ${member.token}` },
    data: { date, time: 19, text: `${placeName}에서 같이 저녁`, placeName, placeCategory: '한식', participants: 4 },
  });
  expect(response.status(), await response.text()).toBe(201);
}

function activityItem(page: Page, section: '받은 매칭 요청' | '보낸 매칭 요청' | '지난 약속', otherName: string): Locator {
  return page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: section, exact: true }) })
    .getByRole('listitem')
    .filter({ hasText: otherName });
}

test('a host and a requester go from a schedule at a venue to a confirmed match', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36).slice(-5);
  const host = await createMemberViaApi(request, { name: `호스트${suffix}` });
  const guest = await createMemberViaApi(request, { name: `게스트${suffix}` });
  const date = addDaysIso(todayKst(), 1);

  // A creates a schedule at a venue chosen from the list.
  const a = await memberPage(browser, host);
  await a.goto('/schedule');
  await expect(a.getByRole('heading', { level: 1, name: '일정' })).toBeVisible();
  const venues = a.getByRole('list').filter({ has: a.getByRole('button') }).filter({ hasText: /\d+m/ }).first();
  const firstVenue = venues.getByRole('button').first();
  await expect(firstVenue).toBeVisible();
  const venueName = (await firstVenue.getAttribute('aria-label')) ?? (await firstVenue.innerText()).split('\n')[0]!.trim();
  await firstVenue.click();
  // The choice opens the venue's sheet (issue #31 item 3); closed, the venue stays chosen for the calendar's 일정 추가.
  const sheet = a.getByRole('dialog', { name: venueName });
  await expect(sheet.getByRole('button', { name: '이 식당으로 약속 만들기' })).toBeVisible();
  await a.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(firstVenue).toHaveAttribute('aria-pressed', 'true');

  const myCalendar = a.locator('section, div').filter({ has: a.getByRole('heading', { name: '내 일정' }) }).last();
  await pickDay(myCalendar, date);
  await a.getByRole('button', { name: '일정 추가', exact: true }).click();
  const addDialog = a.getByRole('dialog', { name: '일정 추가' });
  await expect(addDialog).toBeVisible();
  await expect(addDialog.getByLabel('내용')).toHaveValue(new RegExp(`^${venueName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} 에서 .+ 약속$`));
  await expect(addDialog.getByText('2명')).toBeVisible();
  await addDialog.getByRole('button', { name: '저장', exact: true }).click();
  await expect(statusToast(a, '일정을 추가했어요.')).toBeVisible();

  // B finds it on the matching calendar, looks at A's profile, and asks to join.
  const b = await memberPage(browser, guest);
  await b.goto('/matching');
  await expect(b.getByRole('heading', { level: 1, name: '매칭' })).toBeVisible();
  await pickDay(b.locator('main'), date);
  const dayList = b.getByRole('list', { name: `${monthDay(date)} 일정 목록` });
  const hostSchedule = dayList.getByRole('button', { name: new RegExp(`^${venueName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  await expect(hostSchedule).toBeVisible();

  await dayList.getByRole('button', { name: `${host.name} 프로필` }).click();
  const profile = b.getByRole('dialog', { name: host.name });
  await expect(profile).toBeVisible();
  await expect(profile.getByText('평균 평점')).toBeVisible();
  await expect(profile.getByText('아직 없어요', { exact: true })).toBeVisible();
  await expect(profile.getByText('한식', { exact: true })).toBeVisible();
  await b.keyboard.press('Escape');
  await expect(profile).toBeHidden();

  await b.getByRole('button', { name: '매칭 신청', exact: true }).click();
  await expect(alertToast(b, '매칭을 신청할 일정을 선택해주세요.')).toBeVisible();

  await hostSchedule.click();
  await expect(hostSchedule).toHaveAttribute('aria-pressed', 'true');
  await b.getByRole('button', { name: '매칭 신청', exact: true }).click();
  const confirm = b.getByRole('alertdialog');
  await expect(confirm).toContainText('이 일정에 매칭을 신청할까요?');
  await confirm.getByRole('button', { name: '확인', exact: true }).click();
  await expect(statusToast(b, '매칭 신청이 완료됐어요.')).toBeVisible();

  // B cannot ask to join a schedule of their own.
  const ownPlace = `게스트식당${suffix}`;
  await createScheduleViaApi(request, guest, date, ownPlace);
  await b.reload();
  await expect(b.getByRole('heading', { level: 1, name: '매칭' })).toBeVisible();
  await pickDay(b.locator('main'), date);
  const own = b.getByRole('list', { name: `${monthDay(date)} 일정 목록` }).getByRole('button', { name: new RegExp(`^${ownPlace}`) });
  await own.click();
  await b.getByRole('button', { name: '매칭 신청', exact: true }).click();
  await expect(alertToast(b, '자신이 만든 일정에는 매칭을 신청할 수 없습니다.')).toBeVisible();

  // A accepts in activity; B sees 수락됨.
  await a.goto('/match-requests');
  await expect(a.getByRole('heading', { level: 1, name: '활동 내역' })).toBeVisible();
  const received = activityItem(a, '받은 매칭 요청', guest.name);
  await expect(received).toContainText('대기중');
  await expect(received.getByRole('button', { name: '확정', exact: true })).toHaveCount(0);
  await received.getByRole('button', { name: '수락', exact: true }).click();
  await expect(received).toContainText('수락됨');
  await expect(received.getByRole('button', { name: '수락', exact: true })).toHaveCount(0);
  await expect(received.getByRole('button', { name: '채팅', exact: true })).toBeVisible();

  await b.goto('/match-requests');
  const sent = activityItem(b, '보낸 매칭 요청', host.name);
  await expect(sent).toContainText('수락됨');
  await expect(sent.getByRole('button', { name: '수락', exact: true })).toHaveCount(0);
  await expect(sent.getByRole('button', { name: '확정', exact: true })).toHaveCount(0);

  // A confirms; both see 확정됨. Reviews open only once the meal has started (issue #15).
  await received.getByRole('button', { name: '확정', exact: true }).click();
  await expect(received).toContainText('확정됨');
  await expect(received.getByRole('button', { name: '리뷰 쓰기', exact: true })).toHaveCount(0);
  await b.reload();
  await expect(activityItem(b, '보낸 매칭 요청', host.name)).toContainText('확정됨');
  await expect(activityItem(b, '보낸 매칭 요청', host.name).getByRole('button', { name: '리뷰 쓰기', exact: true })).toHaveCount(0);

  // After the meal (its end: issue #28), each side has a review action.
  const mine = (await (await request.get('/api/schedules/my', { headers: authHeader(host) })).json()) as Array<{ id: number; date: string }>;
  await mealHappened(request, mine.find((s) => s.date === date)!.id);
  // The meal moves to 지난 약속 (issue #28 item 7) on both sides.
  await a.reload();
  await expect(activityItem(a, '지난 약속', guest.name).getByRole('button', { name: '리뷰 쓰기', exact: true })).toBeVisible();
  await b.reload();
  await expect(activityItem(b, '지난 약속', host.name).getByRole('button', { name: '리뷰 쓰기', exact: true })).toBeVisible();

  await a.context().close();
  await b.context().close();
});

test('at 360 px the venue filter panel is a modal', async ({ browser, request }) => {
  const member = await createMemberViaApi(request, { name: '필터회원' });
  const page = await memberPage(browser, member, { width: 360, height: 780 });
  await page.goto('/schedule');
  await expectPath(page, '/schedule');
  await expect(page.getByRole('region', { name: '식당 필터' })).toBeHidden();
  await page.getByRole('button', { name: '필터', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '식당 필터' });
  await expect(dialog).toBeVisible();
  const d500 = dialog.getByRole('button', { name: '500m', exact: true });
  await expect(d500).toHaveAttribute('aria-pressed', 'true');
  await d500.click();
  await expect(d500).toHaveAttribute('aria-pressed', 'false');
  await expect(dialog.getByRole('button', { name: '한식', exact: true })).toBeVisible();
  await page.context().close();
});
