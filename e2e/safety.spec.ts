/**
 * Before the first meeting (issue #17 item 9), end to end: the safety guide comes once, before a
 * member's first match request; 안전 공유 gives a trusted person without an account a read-only page
 * of the meal (place, date and hour, the partner's nickname) that ends when the member ends it.
 * Chromium on Linux has no Web Share API, so sharing falls back to copying the link.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { maskName } from '../common/domain/mask-name.ts';
import { addDaysIso, todayKst } from '../common/domain/schedule.ts';
import { describeFindings, isFailing, scan } from './support/axe.ts';
import { authHeader } from './support/matches.ts';
import { createMemberViaApi, signIn, type Member } from './support/members.ts';
import { monthDay, pickDay, statusToast } from './support/ui.ts';

async function scheduleViaApi(request: APIRequestContext, host: Member, date: string, placeName: string): Promise<number> {
  const res = await request.post('/api/schedules', {
    headers: authHeader(host),
    data: { date, time: 19, text: `${placeName}에서 저녁`, placeName, placeCategory: '한식', participants: 4 },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

test('the safety guide comes once before a first request; 안전 공유 shows the meal to someone without an account until it is ended', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36).slice(-5);
  const host = await createMemberViaApi(request, { name: `호스트${suffix}` });
  const guest = await createMemberViaApi(request, { name: `게스트${suffix}`, safetyGuideSeen: false });
  const date = addDaysIso(todayKst(), 2);
  const place = `안전식당${suffix}`;
  const otherPlace = `두번째식당${suffix}`;
  await scheduleViaApi(request, host, date, place);
  await scheduleViaApi(request, host, date, otherPlace);

  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'ko-KR', timezoneId: 'Asia/Seoul', permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await signIn(page, guest);

  // The first request: the guide first, then the usual confirm.
  await page.goto('/matching');
  await pickDay(page.locator('main'), date);
  const dayList = page.getByRole('list', { name: `${monthDay(date)} 일정 목록` });
  await dayList.getByRole('button', { name: new RegExp(`^${place}`) }).click();
  await page.getByRole('button', { name: '매칭 신청', exact: true }).click();
  const guide = page.getByRole('dialog', { name: '처음 만나기 전에' });
  await expect(guide).toContainText('사람이 많은 공개된 장소에서 만나요.');
  await expect(guide).toContainText('언제든 자리를 떠나도 괜찮아요.');
  const guideFindings = await scan(page, 'safety guide');
  expect(guideFindings.filter(isFailing), describeFindings(guideFindings)).toEqual([]);
  await guide.getByRole('button', { name: '확인했어요', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '확인', exact: true }).click();
  await expect(statusToast(page, '매칭 신청이 완료됐어요.')).toBeVisible();

  // The second request: no guide any more, even after a reload.
  await page.reload();
  await pickDay(page.locator('main'), date);
  await dayList.getByRole('button', { name: new RegExp(`^${otherPlace}`) }).click();
  await page.getByRole('button', { name: '매칭 신청', exact: true }).click();
  await expect(page.getByRole('alertdialog')).toContainText('이 일정에 매칭을 신청할까요?');
  await expect(guide).toHaveCount(0);
  await page.getByRole('alertdialog').getByRole('button', { name: '취소', exact: true }).click();

  // The host accepts the first request; the guest shares the meal.
  const sent = (await (await request.get('/api/matches/sent', { headers: authHeader(guest) })).json()) as Array<{ id: number; schedule: { placeName: string } }>;
  const matchId = sent.find((m) => m.schedule.placeName === place)!.id;
  expect((await request.post(`/api/matches/${matchId}/accept`, { headers: authHeader(host) })).ok()).toBe(true);
  await page.goto('/match-requests');
  const item = page.getByRole('listitem').filter({ hasText: place });
  await item.getByRole('button', { name: '안전 공유', exact: true }).click();
  const share = page.getByRole('dialog', { name: '안전 공유' });
  await expect(share).toContainText('링크를 받은 사람은 약속 시간과 장소를 볼 수 있어요.');
  await share.getByRole('button', { name: '공유 링크 만들기', exact: true }).click();
  const link = share.getByLabel('공유 링크', { exact: true });
  await expect(link).toHaveValue(/\/s\/[A-Za-z0-9_-]{43}$/);
  const url = await link.inputValue();
  await share.getByRole('button', { name: '공유하기', exact: true }).click();
  await expect(statusToast(page, '링크를 복사했어요')).toBeVisible();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(url);

  // A trusted person without an account opens it.
  const stranger = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'ko-KR' });
  const friend = await stranger.newPage();
  await friend.goto(new URL(url).pathname);
  await expect(friend.getByRole('heading', { level: 1, name: '공유된 약속' })).toBeVisible();
  // A public page: both names masked (issue #31 item 4), never in full.
  await expect(friend.getByText(`${maskName(guest.name)}님이 약속 정보를 공유했어요.`)).toBeVisible();
  await expect(friend.getByText(place, { exact: true })).toBeVisible();
  await expect(friend.getByText(maskName(host.name), { exact: true })).toBeVisible();
  await expect(friend.getByText(host.name)).toHaveCount(0);
  const pageFindings = await scan(friend, 'shared meal page');
  expect(pageFindings.filter(isFailing), describeFindings(pageFindings)).toEqual([]);

  // 공유 끝내기: the link no longer opens.
  await share.getByRole('button', { name: '공유 끝내기', exact: true }).click();
  await expect(statusToast(page, '공유를 끝냈어요. 이전 링크는 더 이상 열리지 않아요.')).toBeVisible();
  await friend.reload();
  await expect(friend.getByRole('alert').filter({ hasText: '공유가 끝났거나 없는 링크예요.' })).toBeVisible();
  await stranger.close();
  await context.close();
});
