/**
 * Issue #17 item 4 end to end: a member blocks another from the chat; the other's schedules leave
 * the matching calendar without a reload elsewhere, the blocked member is listed on the profile
 * page and 차단 해제 brings the schedules back. The confirm dialog and the profile's list are
 * scanned by axe.
 */
import { expect, test } from '@playwright/test';
import { addDaysIso, todayKst } from '../common/domain/schedule.ts';
import { describeFindings, isFailing, scan } from './support/axe.ts';
import { authHeader, requestedMatch } from './support/matches.ts';
import { createMemberViaApi, signIn } from './support/members.ts';
import { chatMenu, monthDay, pickDay, statusToast } from './support/ui.ts';

test("blocking from the chat hides the other member's schedules; unblocking from the profile brings them back", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36).slice(-5);
  const host = await createMemberViaApi(request, { name: `차단호스트${suffix}` });
  const guest = await createMemberViaApi(request, { name: `차단게스트${suffix}` });
  const matchId = await requestedMatch(request, host, guest, `차단 국밥집 ${suffix}`);
  expect((await request.post(`/api/matches/${matchId}/accept`, { headers: authHeader(host) })).status()).toBe(200);
  // The guest also offers a meal of their own.
  const date = addDaysIso(todayKst(), 2);
  const guestPlace = `게스트 식당 ${suffix}`;
  const created = await request.post('/api/schedules', {
    headers: authHeader(guest),
    data: { date, time: 19, text: '저녁 같이 드실 분', placeName: guestPlace, placeCategory: '한식', participants: 3 },
  });
  expect(created.status(), await created.text()).toBe(201);

  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await signIn(page, host);

  const guestScheduleOnMatching = async () => {
    await page.goto('/matching');
    await expect(page.getByRole('heading', { level: 1, name: '매칭' })).toBeVisible();
    await pickDay(page.locator('main'), date);
    return page.getByRole('list', { name: `${monthDay(date)} 일정 목록` }).getByRole('button', { name: new RegExp(`^${guestPlace}`) });
  };
  await expect(await guestScheduleOnMatching()).toBeVisible();

  // 차단하기 in the chat header: asks first.
  await page.goto(`/chat/${matchId}`);
  await chatMenu(page, '차단하기');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`${guest.name}님을 차단할까요?`);
  const findings = await scan(page, 'block confirm dialog');
  expect(findings.filter(isFailing), describeFindings(findings)).toEqual([]);
  await confirm.getByRole('button', { name: '차단하기' }).click();
  await expect(statusToast(page, `${guest.name}님을 차단했어요.`)).toBeVisible();

  // The guest's schedule is gone from the matching calendar.
  const gone = await guestScheduleOnMatching();
  await expect(gone).toHaveCount(0);

  // The profile page lists the blocked member; 차단 해제 brings the schedule back.
  await page.goto('/profile');
  const blocked = page.getByRole('region', { name: '차단한 회원' });
  await expect(blocked).toContainText(guest.name);
  const listFindings = await scan(page, 'profile with 차단한 회원');
  expect(listFindings.filter(isFailing), describeFindings(listFindings)).toEqual([]);
  await blocked.getByRole('button', { name: `${guest.name} 차단 해제` }).click();
  await expect(blocked).toContainText('차단한 회원이 없어요.');
  await expect(await guestScheduleOnMatching()).toBeVisible();
  await context.close();
});
