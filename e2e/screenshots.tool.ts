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
const SCREENS: Array<{ name: string; path: string; ready: string }> = [
  { name: 'home', path: '/', ready: '혼밥' },
  { name: 'matching', path: '/matching', ready: '매칭' },
  { name: 'schedule', path: '/schedule', ready: '일정' },
  { name: 'board', path: '/board', ready: '게시판' },
  { name: 'restaurant-rec', path: '/restaurant-rec', ready: '추천' },
];

test('screenshots of the main screens at 360 px and 1280 px', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const host = await createMemberViaApi(request, { name: '김밥친구' });
  const member = await createMemberViaApi(request, { name: '점심메이트' });
  const today = todayKst();
  const screens = [...SCREENS];
  const ids: number[] = [];
  for (const [i, place] of ['을지로 노가리골목', '성수 감자탕', '망원 칼국수'].entries()) {
    const res = await request.post('/api/schedules', {
      headers: authHeader(host),
      data: { date: addDaysIso(today, 1), time: 12 + i * 3, text: `${place}에서 같이 먹어요`, placeName: place, placeCategory: '한식', participants: 2 + i },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
  }
  // Issue #30: a table of three at 망원 칼국수 with a few messages, for the chat list and the table chat.
  const friend = await createMemberViaApi(request, { name: '라면러버' });
  const tableId = ids.at(-1)!;
  for (const guest of [member, friend]) {
    expect((await request.post('/api/matches', { headers: authHeader(guest), data: { scheduleId: tableId } })).status()).toBe(201);
    const sent = (await (await request.get('/api/matches/sent', { headers: authHeader(guest) })).json()) as Array<{ id: number; schedule: { id: number } }>;
    const matchId = sent.find((m) => m.schedule.id === tableId)!.id;
    expect((await request.post(`/api/matches/${matchId}/accept`, { headers: authHeader(host) })).status()).toBe(200);
  }
  for (const [who, content] of [
    [host, '안녕하세요! 내일 저녁 망원역 2번 출구에서 만나요'],
    [friend, '좋아요 저는 칼국수 곱빼기 먹을래요'],
    [member, '저도 곧 출발해요!'],
    [host, '자리 잡아둘게요'],
  ] as const) {
    expect((await request.post(`/api/schedules/${tableId}/chat`, { headers: authHeader(who), data: { content } })).status()).toBe(201);
  }
  screens.push({ name: 'chats', path: '/chats', ready: '채팅' }, { name: 'table-chat', path: `/table/${tableId}`, ready: '모임' });

  for (const title of ['을지로 평양냉면 맛집', '성수동 브런치 카페']) {
    const res = await request.post('/api/board', {
      headers: authHeader(host),
      data: { title, content: `<p>${title}, 다음에 같이 가요!</p>`, tags: ['점심'], address: '서울 중구', latitude: 37.5665, longitude: 126.978 },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await mkdir(OUT, { recursive: true });
  for (const width of [360, 1280]) {
    const phone = width === 360;
    const context = await browser.newContext({ viewport: { width, height: phone ? 780 : 800 }, isMobile: phone, hasTouch: phone, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
    const page = await context.newPage();
    await signIn(page, member);
    for (const screen of screens) {
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
