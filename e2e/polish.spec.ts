/**
 * Issue #18 items 5–7 at 360 px: 공유하기 falls back to copying the link in Chromium (no Web Share
 * API on Linux) and the link carries Open Graph tags; the map's controls stay below a dialog and
 * the side menu (its own stacking context), with the 목록/지도 toggle; the install prompt appears
 * from the second visit when the browser offers installation, and 나중에 hides it for 30 days.
 */
import { getHolidayPreset } from '@hyunbinseo/holidays-kr';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDaysIso, todayKst } from '../common/domain/schedule.ts';
import { createMemberViaApi, signIn } from './support/members.ts';
import { statusToast } from './support/ui.ts';

const PHONE = { viewport: { width: 360, height: 780 }, locale: 'ko-KR', timezoneId: 'Asia/Seoul' } as const;

/** What covers the centre of `target` (tag and class of the topmost element there), or '' when nothing does. */
async function coveredBy(page: Page, target: Locator): Promise<string> {
  const box = await target.boundingBox();
  expect(box, 'the element has a box').not.toBeNull();
  const point = { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
  return target.evaluate((el, { x, y }) => {
    const node = el as unknown as { ownerDocument: { elementFromPoint(x: number, y: number): { tagName: string; className: unknown } | null }; contains(other: unknown): boolean };
    const top = node.ownerDocument.elementFromPoint(x, y);
    return top && !node.contains(top) ? `${top.tagName}.${String(top.className)}` : '';
  }, point);
}

/** True when the topmost element at the centre of `target` is not inside it (something covers it). */
async function isCovered(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  expect(box, 'the element has a box').not.toBeNull();
  const point = { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
  // The e2e project has no DOM types: the element is typed by what is used of it.
  return target.evaluate((el, { x, y }) => {
    const node = el as unknown as { ownerDocument: { elementFromPoint(x: number, y: number): unknown }; contains(other: unknown): boolean };
    const top = node.ownerDocument.elementFromPoint(x, y);
    return !!top && !node.contains(top);
  }, point);
}

test('공유하기 copies the post link with 링크를 복사했어요; the link previews with the post title', async ({ browser, request }) => {
  const suffix = Date.now().toString(36).slice(-5);
  const author = await createMemberViaApi(request, { name: `공유${suffix}` });
  const title = `공유 맛집 ${suffix}`;
  const created = await request.post('/api/board', {
    headers: { authorization: `Bearer ${author.token}` },
    data: { title, content: '<p>국물이 <b>진해요</b></p>', tags: ['점심'] },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  // Link previews: the server answers the shared address with the post's Open Graph tags.
  const preview = await request.get(`/board?post=${id}`, { headers: { accept: 'text/html' } });
  expect(await preview.text()).toContain(`<meta property="og:title" content="${title} | 밥상친구">`);
  expect(await preview.text()).toContain('<meta property="og:description" content="국물이 진해요">');

  const context = await browser.newContext({ ...PHONE, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await signIn(page, author);
  // The shared link opens the post.
  await page.goto(`/board/${id}`);
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  expect(await page.evaluate<string>('typeof navigator.share')).toBe('undefined');
  await dialog.getByRole('button', { name: '공유하기' }).click();
  await expect(statusToast(page, '링크를 복사했어요')).toBeVisible();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toMatch(new RegExp(`/board\\?post=${id}$`));
  await context.close();
});

test('the venue map stays below a dialog and the side menu; 목록/지도 take turns on a phone', async ({ browser, request }) => {
  const member = await createMemberViaApi(request);
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await signIn(page, member);
  await page.goto('/schedule');
  const views = page.getByRole('group', { name: '보기 방식' });
  await expect(views.getByRole('button', { name: '목록' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('region', { name: '지도' })).toBeHidden();
  await views.getByRole('button', { name: '지도' }).click();
  const map = page.getByRole('region', { name: '지도' });
  await expect(map).toBeVisible();
  // By CSS: under a modal dialog the map's region leaves the accessibility tree.
  const zoomIn = page.locator('.venue-map .leaflet-control-zoom-in');
  await expect(zoomIn).toBeVisible();
  expect(await isCovered(page, zoomIn)).toBe(false);

  // A dialog (the filter on a phone) draws above Leaflet's controls (z-index 1000)…
  await page.getByRole('button', { name: '필터', exact: true }).click();
  const filter = page.getByRole('dialog', { name: '식당 필터' });
  await expect(filter).toBeVisible();
  expect(await isCovered(page, zoomIn)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(filter).toBeHidden();

  // …and so does the side menu.
  await page.getByRole('button', { name: '메뉴 열기' }).click();
  await expect(page.getByRole('dialog', { name: '메뉴' })).toBeVisible();
  expect(await isCovered(page, zoomIn)).toBe(true);
  await context.close();
});

test('on the recommendation map the post dialog draws above the map controls', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36).slice(-5);
  const author = await createMemberViaApi(request, { name: `추천${suffix}` });
  const title = `추천 지도 ${suffix}`;
  const created = await request.post('/api/board', {
    headers: { authorization: `Bearer ${author.token}` },
    data: { title, content: '<p>지도 위 팝업</p>', tags: ['점심'], address: '서울 중구', latitude: 37.5665, longitude: 126.978 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  // 5 comments × 2 points: recommended (10 points).
  for (let i = 0; i < 5; i++) {
    expect((await request.post(`/api/board/${id}/comments`, { headers: { authorization: `Bearer ${author.token}` }, data: { text: `좋아요 ${i}` } })).status()).toBe(201);
  }
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await signIn(page, author);
  await page.goto('/restaurant-rec');
  const carousel = page.getByRole('region', { name: '추천 맛집' });
  await expect(carousel).toBeVisible();
  const ours = carousel.locator(`[data-post-id="${id}"]`);
  for (let i = 0; i < 100 && (await ours.count()) === 0; i++) await carousel.getByRole('button', { name: '다음' }).click();
  const zoomIn = page.locator('[data-testid="recommend-map"] .leaflet-control-zoom-in');
  await expect(zoomIn).toBeVisible();
  await zoomIn.scrollIntoViewIfNeeded();
  expect(await coveredBy(page, zoomIn)).toBe('');
  await ours.getByRole('button', { name: `${title} 자세히 보기` }).click();
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  expect(await isCovered(page, zoomIn)).toBe(true);
  await context.close();
});

test('the install prompt appears from the second visit with a browser offer, installs through prompt(), and 나중에 hides it', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  // A synthetic offer with a prompt() stub that counts its calls (the e2e project has no DOM types).
  const offer = (page: Page) =>
    page.evaluate(`(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      event.prompt = () => { window.prompted = (window.prompted ?? 0) + 1; return Promise.resolve(); };
      event.userChoice = Promise.resolve({ outcome: 'dismissed' });
      window.dispatchEvent(event);
    })()`);
  const prompt = (page: Page) => page.getByRole('region', { name: '밥상친구를 홈 화면에 추가하세요' });

  // The first visit: no prompt even with the browser's offer.
  const first = await context.newPage();
  await first.goto('/');
  await expect(first.getByRole('heading', { level: 1 })).toBeVisible();
  await offer(first);
  await first.waitForTimeout(300);
  await expect(prompt(first)).toHaveCount(0);
  await first.close();

  // The second visit (a new tab session): the prompt, whose 설치하기 calls the browser's prompt().
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByRole('heading', { level: 1 })).toBeVisible();
  await offer(second);
  await expect(prompt(second)).toBeVisible();
  await prompt(second).getByRole('button', { name: '설치하기' }).click();
  expect(await second.evaluate<number>('window.prompted')).toBe(1);
  // Declined: the offer is used up; the browser offers again later.
  await expect(prompt(second)).toHaveCount(0);
  await offer(second);
  await prompt(second).getByRole('button', { name: '나중에' }).click();
  await expect(prompt(second)).toHaveCount(0);
  const dismissedAt = Number(await second.evaluate<string | null>("localStorage.getItem('bs.install.dismissedAt')"));
  expect(Math.abs(Date.now() - dismissedAt)).toBeLessThan(60_000);

  // Still hidden on the next visit (30 days).
  await second.reload();
  await expect(second.getByRole('heading', { level: 1 })).toBeVisible();
  await offer(second);
  await second.waitForTimeout(300);
  await expect(prompt(second)).toHaveCount(0);
  await context.close();
});

test('the calendar marks Sundays and public holidays in red with the holiday name, Saturdays in blue (360 px)', async ({ browser, request }) => {
  // A holiday of this month or the next (every two consecutive months have one), from the same
  // gazette-based source the app uses.
  const today = todayKst();
  const thisMonth = today.slice(0, 7);
  const nextMonth = addDaysIso(`${thisMonth}-28`, 7).slice(0, 7);
  const holidays = { ...(await getHolidayPreset(thisMonth.slice(0, 4))), ...(await getHolidayPreset(nextMonth.slice(0, 4))) } as Record<string, string[]>;
  const [date, names] = Object.entries(holidays).find(([d]) => d.startsWith(thisMonth) || d.startsWith(nextMonth))!;
  const day = Number(date.slice(8));

  const member = await createMemberViaApi(request);
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await signIn(page, member);
  await page.goto('/schedule');
  const calendar = page.getByRole('group', { name: '내 일정 달력' });
  await expect(calendar).toBeVisible();
  if (date.startsWith(nextMonth)) await calendar.getByRole('button', { name: '다음 달' }).click();

  const holiday = calendar.getByRole('button', { name: new RegExp(`^${day}, .*${names[0]}`) });
  await expect(holiday).toHaveAttribute('title', names.join(', '));
  await expect(holiday.locator('xpath=..')).toHaveClass(/calendar__day--holiday/);
  // Red for Sundays and holidays, blue for Saturdays, on the days that can be chosen (past and
  // out-of-window days are muted whatever they are).
  // The e2e project has no DOM types: the page's getComputedStyle is typed by what is used of it.
  const colour = (l: Locator) => l.evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }).getComputedStyle(el).color);
  const weekday = calendar.locator('td:not(.rdp-disabled):not(.calendar__day--sunday):not(.calendar__day--saturday):not(.calendar__day--holiday) .rdp-day_button').first();
  const sunday = calendar.locator('td.calendar__day--sunday:not(.rdp-disabled) .rdp-day_button').first();
  const saturday = calendar.locator('td.calendar__day--saturday:not(.rdp-disabled) .rdp-day_button').first();
  const [plain, red, blue] = [await colour(weekday), await colour(sunday), await colour(saturday)];
  expect(new Set([plain, red, blue]).size, `${plain} / ${red} / ${blue}`).toBe(3);
  if (!(await holiday.locator('xpath=..').getAttribute('class'))?.includes('rdp-disabled')) expect(await colour(holiday)).toBe(red);
  await context.close();
});
