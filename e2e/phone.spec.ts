/**
 * Issue #31: a Korean phone app at 360 × 780 (touch). The bottom tab bar on signed-in pages with
 * its badges and current tab; the footer only on home and the legal pages; toasts above the tab
 * bar; saving 내 정보 stays there and 로그아웃 is on it; visitors see upcoming meals with masked
 * names and land on the chosen meal after login; 매칭's upcoming list with day headers; the
 * distance chip says where it measures from (geolocation granted and denied).
 */
import { expect, test, type Page } from '@playwright/test';
import { addDaysIso, currentHourKst, todayKst } from '../common/domain/schedule.ts';
import { koreanDate } from '../common/domain/korean-time.ts';
import { maskName } from '../common/domain/mask-name.ts';
import { authHeader, requestedMatch } from './support/matches.ts';
import { adminViaApi, createMemberViaApi, signIn, type Member } from './support/members.ts';
import { authForm, expectPath, statusToast, topBar } from './support/ui.ts';

test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

const tabBar = (page: Page) => page.getByRole('navigation', { name: '하단 메뉴' });
const TAB_NAMES = ['홈', '매칭', '내 약속', '채팅', '내 정보'];

async function schedule(request: Parameters<typeof requestedMatch>[0], member: Member, days: number, time: number, placeName: string): Promise<number> {
  const res = await request.post('/api/schedules', {
    headers: authHeader(member),
    data: { date: addDaysIso(todayKst(), days), time, text: `${placeName}에서 같이 밥`, placeName, placeCategory: '한식', participants: 4 },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

test('the tab bar on every signed-in page: five 44 px tabs, the current one, badges; no footer but on home and legal pages', async ({ page, request }) => {
  const suffix = Date.now().toString(36);
  const host = await createMemberViaApi(request, { name: '탭호스트' });
  const guest = await createMemberViaApi(request, { name: '탭게스트' });
  await signIn(page, host);

  const bar = tabBar(page);
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link')).toHaveText(TAB_NAMES);
  for (const link of await bar.getByRole('link').all()) {
    const box = (await link.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
  }
  // At the very bottom of the screen; the top bar keeps logo, hamburger, bell and profile picture only.
  const barBox = (await bar.boundingBox())!;
  expect(Math.round(barBox.y + barBox.height)).toBe(780);
  await expect(topBar(page).getByRole('navigation', { name: '주요 메뉴' })).toBeHidden();
  await expect(topBar(page).getByRole('button', { name: '메뉴 열기' })).toBeVisible();
  await expect(topBar(page).getByRole('button', { name: '프로필 메뉴' })).toBeVisible();
  await expect(bar.getByRole('link', { name: '홈' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(bar.getByRole('link', { name: '채팅' })).toHaveAttribute('href', '/chats');

  for (const [tab, path, heading] of [
    ['매칭', '/matching', '매칭'],
    ['내 약속', '/match-requests', '활동 내역'],
    ['내 정보', '/profile', '내 정보'],
  ] as const) {
    await bar.getByRole('link', { name: tab }).click();
    await expectPath(page, path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(bar.getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page');
    await expect(bar.locator('[aria-current="page"]')).toHaveCount(1);
    // The footer (이용약관 · 개인정보 처리방침) is only on home and the legal pages.
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  }
  // Other signed-in pages keep the bar (none of its tabs current there).
  await page.goto('/board');
  await expect(bar).toBeVisible();
  await expect(bar.locator('[aria-current="page"]')).toHaveCount(0);

  // Badges: a request for the host's meal counts on 내 약속, a chat message on 채팅.
  const matchId = await requestedMatch(request, host, guest, `탭식당${suffix}`);
  await page.reload();
  await expect(bar.getByTestId('tab-badge-meals')).toHaveText('1');
  await expect(bar.getByRole('link', { name: /^내 약속 읽지 않음 1개$/ })).toBeVisible();
  await expect(bar.getByTestId('tab-badge-chats')).toHaveCount(0);
  expect((await request.post(`/api/matches/${matchId}/accept`, { headers: authHeader(host) })).status()).toBe(200);
  const sent = await request.post(`/api/chat/${matchId}/messages`, { headers: authHeader(guest), data: { content: '안녕하세요' } });
  expect(sent.status(), await sent.text()).toBe(201);
  await page.reload();
  await expect(bar.getByTestId('tab-badge-chats')).toHaveText('1');
  await expect(bar.getByRole('link', { name: /^채팅 읽지 않음 1개$/ })).toBeVisible();

  // 내 정보: saving stays on the page with a toast above the tab bar; 로그아웃 is there.
  await bar.getByRole('link', { name: '내 정보' }).click();
  await page.getByLabel('자기소개').fill('탭 바에서 저장');
  await page.getByRole('button', { name: '저장', exact: true }).click();
  const toast = statusToast(page, '저장');
  await expect(toast).toBeVisible();
  await expectPath(page, '/profile');
  // Measured once the toast has slid in (sonner animates it up from the bottom).
  const barNow = (await bar.boundingBox())!;
  await expect
    .poll(async () => {
      const box = (await page.locator('[data-sonner-toast]').first().boundingBox())!;
      return box.y > 780 / 2 && box.y + box.height <= barNow.y;
    })
    .toBe(true);
  await page.getByRole('button', { name: '로그아웃', exact: true }).click();
  await expectPath(page, '/');
  await expect(bar).toHaveCount(0);
  await expect(topBar(page).getByRole('link', { name: '로그인' })).toBeVisible();
});

test('a visitor sees upcoming meals with masked hosts and, after login, lands on the chosen meal', async ({ page, request }) => {
  const suffix = Date.now().toString(36);
  const host = await createMemberViaApi(request, { name: '박서연' });
  const place = `미리보기식당${suffix}`;
  // The preview shows the 6 soonest meals of everyone, and the other specs' meals fill the next
  // hours (after midnight KST, their "tomorrow" is today): this meal takes the soonest hour a
  // meal can have, at least 5 minutes ahead.
  const soon = new Date(Date.now() + 5 * 60_000);
  const soonHour = currentHourKst(soon) + 1;
  const [days, hour] = todayKst(soon) !== todayKst() ? [1, soonHour] : soonHour > 23 ? [1, 0] : [0, soonHour];
  const id = await schedule(request, host, days, hour, place);
  await schedule(request, host, days + 1, 8, `${place}0`);
  const guest = await createMemberViaApi(request, { name: '미리보기손님' });

  await page.goto('/');
  const preview = page.getByRole('region', { name: '다가오는 약속 둘러보기' });
  await expect(preview).toBeVisible();
  const card = preview.getByRole('listitem').filter({ hasText: new RegExp(`${place}(?!0)`) });
  await expect(card).toContainText(`호스트 ${maskName('박서연')}`);
  await expect(preview).not.toContainText('박서연');
  await expect(card).toContainText(koreanDate(addDaysIso(todayKst(), days)));
  await expect(card).toContainText('1/4명 참여');
  await expect(tabBar(page)).toHaveCount(0);
  await card.getByRole('link', { name: `로그인하고 신청하기: ${place}` }).click();
  await expectPath(page, '/auth');
  const form = authForm(page);
  await form.getByLabel('이메일', { exact: true }).fill(guest.email);
  await form.getByLabel('비밀번호', { exact: true }).fill(guest.password);
  await form.getByRole('button', { name: '로그인', exact: true }).click();
  await expectPath(page, '/matching');
  expect(new URL(page.url()).searchParams.get('schedule')).toBe(String(id));
  await expect(page.getByRole('button', { name: new RegExp(`^${place} `) })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: '매칭 신청', exact: true })).toBeVisible();
});

test.describe('매칭 opens on the upcoming list', () => {
  test('day headers 오늘 / 내일 / "11월 29일 (일)", soonest first; distance from 내 위치 when allowed', async ({ browser, request }) => {
    const suffix = Date.now().toString(36);
    const host = await createMemberViaApi(request, { name: '목록호스트' });
    const member = await createMemberViaApi(request, { name: '목록회원' });
    await schedule(request, host, 1, 9, `내일식당${suffix}`);
    await schedule(request, host, 3, 9, `사흘식당${suffix}`);
    const context = await browser.newContext({
      viewport: { width: 360, height: 780 },
      isMobile: true,
      hasTouch: true,
      permissions: ['geolocation'],
      geolocation: { latitude: 37.5006, longitude: 127.0364 },
    });
    const page = await context.newPage();
    await signIn(page, member);
    await tabBar(page).getByRole('link', { name: '매칭' }).click();
    await expect(page.getByRole('heading', { level: 2, name: '다가오는 약속' })).toBeVisible();
    await expect(page.getByRole('group', { name: '보기 방식' }).getByRole('button', { name: '목록' })).toHaveAttribute('aria-pressed', 'true');
    const headers = page.getByRole('heading', { level: 3 });
    await expect(headers.filter({ hasText: /^내일$/ })).toBeVisible();
    const later = koreanDate(addDaysIso(todayKst(), 3));
    // Other specs' meals share the database: the day may sit on a later page (20 a page).
    // Scrolling to 더 보기 may load the next page by itself (its sentinel) and the button may be gone
    // by the time it is clicked, so each round clicks only a button that is there and enabled.
    const more = page.getByRole('button', { name: '더 보기' });
    await expect(async () => {
      if ((await headers.filter({ hasText: later }).count()) === 0 && (await more.isEnabled().catch(() => false))) {
        await more.click({ timeout: 2_000 }).catch(() => undefined);
      }
      await expect(headers.filter({ hasText: later })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    const texts = await headers.allInnerTexts();
    expect(texts.indexOf('내일')).toBeLessThan(texts.indexOf(later));
    if (texts.includes('오늘')) expect(texts.indexOf('오늘')).toBe(0);
    expect(texts.every((t) => /^(오늘|내일|\d{1,2}월 \d{1,2}일 \([일월화수목금토]\))$/.test(t))).toBe(true);
    // Permission granted: distance is from the member's position, and the chip says so.
    await expect(page.getByTestId('distance-chip')).toHaveText('내 위치에서 5km');
    await expect(page.getByRole('button', { name: '내 위치 사용' })).toHaveCount(0);
    // The calendar is one tap away.
    await page.getByRole('group', { name: '보기 방식' }).getByRole('button', { name: '달력' }).click();
    await expect(page.getByRole('grid').first()).toBeVisible();
    await context.close();
  });

  test('without permission the chip says 서울시청 and the reason comes with 내 위치 사용; refused, it says why', async ({ page, request }) => {
    const member = await createMemberViaApi(request, { name: '위치거부' });
    await signIn(page, member);
    await page.goto('/matching');
    await expect(page.getByTestId('distance-chip')).toHaveText('서울시청에서 5km');
    await expect(page.getByText('가까운 약속을 찾으려면 위치가 필요해요.')).toBeVisible();
    await page.getByRole('button', { name: '내 위치 사용' }).click();
    await expect(page.getByText('위치 권한이 없어서 서울시청에서 거리를 재요.')).toBeVisible();
    await expect(page.getByTestId('distance-chip')).toHaveText('서울시청에서 5km');
  });
});

test('a suspended member is told what happened — until when, why, whom to ask — never that the login expired', async ({ page, request }) => {
  const member = await createMemberViaApi(request, { name: '정지될회원' });
  const admin = await adminViaApi(request);
  await signIn(page, member);
  await page.goto('/matching');
  await expect(page.getByRole('heading', { level: 1, name: '매칭' })).toBeVisible();
  const me = (await (await request.get('/api/user/me', { headers: authHeader(member) })).json()) as { id: number };
  const suspended = await request.post(`/api/admin/users/${me.id}/suspend`, { headers: authHeader(admin), data: { days: 7 } });
  expect(suspended.status(), await suspended.text()).toBe(200);

  // The live channel closes; the app asks the API why, signs out and shows the answer at login.
  const notice = page.getByRole('alert').filter({ hasText: '이용이 정지된 계정이에요.' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('까지) 사유: 운영정책 위반. 문의: ');
  await expect(page.getByText('로그인이 만료됐어요. 다시 로그인해주세요.')).toHaveCount(0);
  // Signing in again says the same, not a failed password.
  const form = authForm(page);
  await form.getByLabel('이메일', { exact: true }).fill(member.email);
  await form.getByLabel('비밀번호', { exact: true }).fill(member.password);
  await form.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page.getByText(/이용이 정지된 계정이에요\. \(.+까지\) 사유: 운영정책 위반\./).last()).toBeVisible();
  await expect(page.getByText('로그인에 실패했어요. 이메일과 비밀번호를 확인해주세요.')).toHaveCount(0);
});
