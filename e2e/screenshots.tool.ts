/**
 * `npm run screenshots` (issue #18): each main screen at 360 px and 1280 px into docs/screenshots/
 * for the README, against the e2e server with a little demo data. Not part of the e2e suite:
 * playwright.config.ts matches this file only with SCREENSHOTS=1, which the script sets. PNGs are
 * palette-quantised with sharp to stay small.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { addDaysIso, todayKst } from '../common/domain/schedule.ts';
import { authHeader } from './support/matches.ts';
import { createMemberViaApi, signIn } from './support/members.ts';

const OUT = 'docs/screenshots';
const SCREENS = [
  { name: 'home', path: '/', ready: '혼밥' },
  { name: 'matching', path: '/matching', ready: '매칭' },
  { name: 'schedule', path: '/schedule', ready: '일정' },
  { name: 'board', path: '/board', ready: '게시판' },
  { name: 'restaurant-rec', path: '/restaurant-rec', ready: '추천' },
] as const;

test('screenshots of the main screens at 360 px and 1280 px', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const host = await createMemberViaApi(request, { name: '김밥친구' });
  const member = await createMemberViaApi(request, { name: '점심메이트' });
  const today = todayKst();
  for (const [i, place] of ['을지로 노가리골목', '성수 감자탕', '망원 칼국수'].entries()) {
    const res = await request.post('/api/schedules', {
      headers: authHeader(host),
      data: { date: addDaysIso(today, 1), time: 12 + i * 3, text: `${place}에서 같이 먹어요`, placeName: place, placeCategory: '한식', participants: 2 + i },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  for (const title of ['을지로 평양냉면 맛집', '성수동 브런치 카페']) {
    const res = await request.post('/api/board', {
      headers: authHeader(host),
      data: { title, content: `<p>${title}, 다음에 같이 가요!</p>`, tags: ['점심'], address: '서울 중구', latitude: 37.5665, longitude: 126.978 },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await mkdir(OUT, { recursive: true });
  for (const width of [360, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: width === 360 ? 780 : 800 }, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
    const page = await context.newPage();
    await signIn(page, member);
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.waitForTimeout(500);
      const png = await page.screenshot({ fullPage: false });
      await writeFile(`${OUT}/${screen.name}-${width}.png`, await sharp(png).png({ palette: true, quality: 80, compressionLevel: 9 }).toBuffer());
    }
    await context.close();
  }
});
