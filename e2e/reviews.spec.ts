/**
 * Issue #5 end to end: reviews after a confirmed match (SPEC §2 Write review, My reviews; §5
 * Review, Rating display, Delete review; §1 home carousel). Matches are set up through the API;
 * the reviewing happens in the browser.
 */
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { maskName } from '../common/domain/mask-name.ts';
import { addDaysIso, todayKst } from '../common/domain/schedule.ts';
import { authHeader as auth, mealHappened } from './support/matches.ts';
import { createMemberViaApi, signIn, type Member } from './support/members.ts';
import { expectPath, monthDay, pickDay, statusToast } from './support/ui.ts';


/** A CONFIRMED match whose meal has happened: `host` makes a schedule `days` ahead, `guest` asks, `host` accepts and confirms, then the meal is moved to yesterday. */
async function confirmedMatch(request: APIRequestContext, host: Member, guest: Member, days = 1): Promise<number> {
  const schedule = await request.post('/api/schedules', {
    headers: auth(host),
    data: { date: addDaysIso(todayKst(), days), time: 19, text: '리뷰 테스트 저녁', placeName: '리뷰식당', placeCategory: '한식', participants: 4 },
  });
  expect(schedule.status(), await schedule.text()).toBe(201);
  const scheduleId = ((await schedule.json()) as { id: number }).id;
  expect((await request.post('/api/matches', { headers: auth(guest), data: { scheduleId } })).status()).toBe(201);
  const received = (await (await request.get('/api/matches', { headers: auth(host) })).json()) as Array<{ id: number; schedule: { id: number } }>;
  const id = received.find((m) => m.schedule.id === scheduleId)!.id;
  for (const action of ['accept', 'confirm']) {
    const res = await request.post(`/api/matches/${id}/${action}`, { headers: auth(host) });
    expect(res.status(), await res.text()).toBe(200);
  }
  // Reviews open once the meal has ended (issue #28: start + 90 min; yesterday's meal has).
  await mealHappened(request, scheduleId);
  return id;
}

async function memberPage(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await signIn(page, member);
  return page;
}

/** A meal whose start has passed is listed in 지난 약속 (issue #28 item 7), as host and as guest. */
type Section = '받은 매칭 요청' | '보낸 매칭 요청' | '지난 약속';

function activityItem(page: Page, section: Section, otherName: string): Locator {
  return page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: section, exact: true }) })
    .getByRole('listitem')
    .filter({ hasText: otherName });
}

/** The write-review page's first question (issue #15), answered before the rating form shows. */
function attendanceQuestion(page: Page): Locator {
  return page.getByRole('main').getByRole('group', { name: '상대방이 약속 장소에 나왔나요?' });
}

/** Writes a review from activity: 리뷰 쓰기 → 나왔어요 → stars → 후기 → 등록 → back on /match-requests. */
async function reviewFromActivity(page: Page, section: Section, other: Member, stars: number, comment: string) {
  await page.goto('/match-requests');
  const item = activityItem(page, section, other.name);
  await item.getByRole('button', { name: '리뷰 쓰기', exact: true }).click();
  await expectPath(page, '/write-review');
  await expect(page.getByRole('heading', { level: 1, name: '리뷰 작성' })).toBeVisible();
  await expect(page.getByText(other.name, { exact: true })).toBeVisible();
  // Issue #15: whether the partner came comes first; the rating form only after the answer.
  await expect(page.getByRole('radiogroup', { name: '별점' })).toHaveCount(0);
  await attendanceQuestion(page).getByRole('button', { name: '나왔어요', exact: true }).click();
  const group = page.getByRole('radiogroup', { name: '별점' });
  await expect(group.getByRole('radio', { name: '3점' })).toHaveAttribute('aria-checked', 'true');
  await group.getByRole('radio', { name: `${stars}점` }).click();
  await page.getByRole('textbox', { name: '후기' }).fill(comment);
  await page.getByRole('button', { name: '등록', exact: true }).click();
  await expect(statusToast(page, '리뷰를 등록했어요.')).toBeVisible();
  await expectPath(page, '/match-requests');
  await expect(page.getByRole('heading', { level: 1, name: '활동 내역' })).toBeVisible();
  // The review action is gone for this side.
  await expect(activityItem(page, section, other.name).getByRole('button', { name: '리뷰 쓰기', exact: true })).toHaveCount(0);
}

test('after a confirmed match both members review each other; the reviewee reads and deletes', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36).slice(-5);
  const host = await createMemberViaApi(request, { name: `리뷰호스트${suffix}` });
  const guest = await createMemberViaApi(request, { name: `리뷰게스트${suffix}` });
  const matchId = await confirmedMatch(request, host, guest);

  const g = await memberPage(browser, guest);
  await reviewFromActivity(g, '지난 약속', host, 4, `호스트님 덕분에 즐거운 저녁이었어요 ${suffix}`);
  const h = await memberPage(browser, host);
  await reviewFromActivity(h, '지난 약속', guest, 5, `게스트님 시간 약속을 잘 지키셨어요 ${suffix}`);

  // A reload of the deep link no longer offers the form: this side already reviewed.
  await g.goto(`/write-review?matchId=${matchId}`);
  await expect(g.getByRole('alert').filter({ hasText: '상대방 정보가 없어요. 매칭 내역에서 다시 시도해주세요.' })).toBeVisible();

  // The host reads the guest's review in 내가 받은 리뷰 and deletes it.
  await h.goto('/my-reviews');
  await expect(h.getByRole('heading', { level: 1, name: '내가 받은 리뷰' })).toBeVisible();
  const card = h.getByRole('listitem').filter({ hasText: `호스트님 덕분에 즐거운 저녁이었어요 ${suffix}` });
  await expect(card).toBeVisible();
  await expect(card.getByText(guest.name)).toBeVisible();
  await expect(card.getByRole('img', { name: /별점 4점/ })).toBeVisible();
  await card.getByRole('button', { name: /삭제/ }).click();
  const confirm = h.getByRole('alertdialog');
  await expect(confirm).toContainText('리뷰를 삭제해도 회원님의 평균 평점은 변경되지 않아요. 삭제할까요?');
  await confirm.getByRole('button', { name: '삭제' }).click();
  await expect(card).toHaveCount(0);
  await expect(h.getByText('아직 받은 리뷰가 없어요.')).toBeVisible();
  await h.reload();
  await expect(h.getByText('아직 받은 리뷰가 없어요.')).toBeVisible();
  // The count stays (SPEC §5): one review, so still 아직 없어요 below five.
  const me = (await (await request.get('/api/user/me', { headers: auth(host) })).json()) as { reviewCount: number; averageRating: number };
  expect(me).toMatchObject({ reviewCount: 1, averageRating: 4 });
  // Both said the other came (issue #15): one meal each on their public profiles.
  for (const [viewer, member] of [[guest, host], [host, guest]] as const) {
    const profile = await request.get(`/api/users/${await idOf(request, member)}`, { headers: auth(viewer) });
    expect(profile.status(), await profile.text()).toBe(200);
    expect(await profile.json()).toMatchObject({ mealCount: 1, noShowCount: 0, lateCancelCount: 0 });
  }
});

test('five reviewers show a one-decimal average in the profile modal; the home carousel features a review to visitors', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36).slice(-5);
  const star = await createMemberViaApi(request, { name: `인기회원${suffix}` });
  const starId = await idOf(request, star);
  const ratings = [3, 4, 4, 5, 5]; // 21 / 5 = 4.2
  // Each reviewer counts once (issue #15): five different members, one review each.
  const fans: Member[] = [];
  for (const i of ratings.keys()) fans.push(await createMemberViaApi(request, { name: `단골${i + 1}${suffix}` }));
  const featuredComment = `다섯 번째 식사도 최고였어요 또 만나요 ${suffix}`;
  for (const [i, rating] of ratings.entries()) {
    const matchId = await confirmedMatch(request, star, fans[i]!, 2);
    const comment = i === ratings.length - 1 ? featuredComment : `${i + 1}번째 식사 후기입니다 좋았어요 ${suffix}`;
    const res = await request.post('/api/reviews', { headers: auth(fans[i]!), data: { matchId, revieweeId: starId, rating, comment } });
    expect(res.status(), await res.text()).toBe(201);
  }
  const fan = fans[ratings.length - 1]!;
  // Those meals are over; the profile is opened from the star's next meal, two days ahead.
  const next = await request.post('/api/schedules', {
    headers: auth(star),
    data: { date: addDaysIso(todayKst(), 2), time: 19, text: '다음 저녁', placeName: '리뷰식당', placeCategory: '한식', participants: 4 },
  });
  expect(next.status(), await next.text()).toBe(201);

  const viewer = await createMemberViaApi(request, { name: `구경${suffix}` });
  const v = await memberPage(browser, viewer);
  await v.goto('/matching');
  await expect(v.getByRole('heading', { level: 1, name: '매칭' })).toBeVisible();
  const date = addDaysIso(todayKst(), 2);
  await pickDay(v.locator('main'), date);
  const list = v.getByRole('list', { name: `${monthDay(date)} 일정 목록` });
  await list.getByRole('button', { name: `${star.name} 프로필` }).first().click();
  const profile = v.getByRole('dialog', { name: star.name });
  await expect(profile.getByText('평균 평점')).toBeVisible();
  await expect(profile.getByText('4.2', { exact: true })).toBeVisible();

  // A signed-out visitor sees the newest qualifying review in the home carousel.
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'ko-KR' });
  const home = await context.newPage();
  await home.goto('/');
  const carousel = home.getByRole('region', { name: '회원 후기 목록' });
  await expect(carousel.getByText(featuredComment).first()).toBeVisible();
  // A visitor reads the reviewer's name masked (issue #31 item 4), never in full.
  await expect(carousel.getByText(maskName(fan.name)).first()).toBeVisible();
  await expect(carousel.getByText(fan.name)).toHaveCount(0);
});

test('keyboard only: stars with the arrow keys and Space, the comment, Enter on 등록; focus lands on the next page\'s heading', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36).slice(-5);
  const host = await createMemberViaApi(request, { name: `키보드호스트${suffix}` });
  const guest = await createMemberViaApi(request, { name: `키보드게스트${suffix}` });
  const matchId = await confirmedMatch(request, host, guest);
  const g = await memberPage(browser, guest);
  await g.goto('/match-requests');
  const button = activityItem(g, '지난 약속', host.name).getByRole('button', { name: '리뷰 쓰기', exact: true });
  await button.focus();
  await g.keyboard.press('Enter');
  await expectPath(g, '/write-review');
  const heading = g.getByRole('heading', { level: 1, name: '리뷰 작성' });
  await expect(heading).toBeFocused();

  // Issue #15: Tab reaches 나왔어요 first; Enter answers and focus moves on to the checked star.
  await g.keyboard.press('Tab');
  await expect(attendanceQuestion(g).getByRole('button', { name: '나왔어요', exact: true })).toBeFocused();
  await g.keyboard.press('Enter');
  await expect(g.getByRole('radio', { name: '3점' })).toBeFocused();

  // Shift+Tab and Tab again: the checked star (one tab stop for the group), arrows move the choice, Space keeps it.
  await g.keyboard.press('Shift+Tab');
  await g.keyboard.press('Tab');
  await expect(g.getByRole('radio', { name: '3점' })).toBeFocused();
  await g.keyboard.press('ArrowRight');
  await g.keyboard.press('ArrowRight');
  await g.keyboard.press('ArrowLeft');
  await g.keyboard.press('Space');
  await expect(g.getByRole('radio', { name: '4점' })).toBeFocused();
  await expect(g.getByRole('radio', { name: '4점' })).toHaveAttribute('aria-checked', 'true');
  await g.keyboard.press('Tab');
  const comment = g.getByRole('textbox', { name: '후기' });
  await expect(comment).toBeFocused();
  await g.keyboard.type(`키보드로만 쓴 후기예요 ${suffix}`);
  await g.keyboard.press('Tab');
  await expect(g.getByRole('button', { name: '등록', exact: true })).toBeFocused();
  await g.keyboard.press('Enter');
  await expect(statusToast(g, '리뷰를 등록했어요.')).toBeVisible();
  await expectPath(g, '/match-requests');
  await expect(g.getByRole('heading', { level: 1, name: '활동 내역' })).toBeFocused();

  const received = (await (await request.get('/api/reviews/my', { headers: auth(host) })).json()) as Array<{ matchId: number; rating: number; comment: string }>;
  expect(received).toEqual([expect.objectContaining({ matchId, rating: 4, comment: `키보드로만 쓴 후기예요 ${suffix}` })]);
});

test('a half-written review survives a reload: 이어쓰기 restores it, 새로 쓰기 starts over', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36).slice(-5);
  const host = await createMemberViaApi(request, { name: `초안호스트${suffix}` });
  const guest = await createMemberViaApi(request, { name: `초안게스트${suffix}` });
  const matchId = await confirmedMatch(request, host, guest);
  const g = await memberPage(browser, guest);
  await g.goto(`/write-review?matchId=${matchId}`);
  await expect(g.getByText(host.name, { exact: true })).toBeVisible();
  // The attendance answer is stored on the server: after the reloads below the form shows at once.
  await attendanceQuestion(g).getByRole('button', { name: '나왔어요', exact: true }).click();
  await g.getByRole('radiogroup', { name: '별점' }).getByRole('radio', { name: '5점' }).click();
  const text = `쓰다 만 후기 ${suffix}`;
  await g.getByRole('textbox', { name: '후기' }).fill(text);
  // Saved in IndexedDB as it is typed.
  await expect
    .poll(() =>
      g.evaluate<number>(`new Promise((resolve) => {
        const open = indexedDB.open('babsang-drafts');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('drafts')) return resolve(0);
          const count = db.transaction('drafts').objectStore('drafts').count();
          count.onsuccess = () => { resolve(count.result); db.close(); };
        };
        open.onerror = () => resolve(0);
      })`),
    )
    .toBe(1);

  await g.reload();
  const offer = g.getByText('작성 중이던 리뷰가 있어요.');
  await expect(offer).toBeVisible();
  await g.getByRole('button', { name: '이어쓰기', exact: true }).click();
  await expect(g.getByRole('textbox', { name: '후기' })).toHaveValue(text);
  await expect(g.getByRole('radio', { name: '5점' })).toHaveAttribute('aria-checked', 'true');

  // Still kept after another reload; 새로 쓰기 starts over and forgets it.
  await g.reload();
  await g.getByRole('button', { name: '새로 쓰기', exact: true }).click();
  await expect(g.getByRole('textbox', { name: '후기' })).toHaveValue('');
  await expect(g.getByRole('radio', { name: '3점' })).toHaveAttribute('aria-checked', 'true');
  await g.reload();
  await expect(g.getByRole('textbox', { name: '후기' })).toBeVisible();
  await expect(offer).toHaveCount(0);

  // Written again and sent: the draft is gone with it.
  await g.getByRole('textbox', { name: '후기' }).fill(text);
  await g.getByRole('button', { name: '등록', exact: true }).click();
  await expect(statusToast(g, '리뷰를 등록했어요.')).toBeVisible();
  await expectPath(g, '/match-requests');
});

async function idOf(request: APIRequestContext, member: Member): Promise<number> {
  return ((await (await request.get('/api/user/me', { headers: auth(member) })).json()) as { id: number }).id;
}
