/**
 * Issue #30 end to end: a meal is a table. Three phones (360 × 780, touch): the host and two
 * accepted guests talk in the table chat over the real STOMP endpoint; each message's "N" (members
 * who have not read it) drops as the others read; the chat list puts the newest conversation on top
 * with its count; a long-press opens a message's actions and reports it; a refused message stays in
 * the input with its reason; the ⋯ menu holds 약속 보기 and 나가기; when a guest cancels, the others see
 * the system line and the face leaves the header. axe runs on /chats and on the table chat.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { addDaysIso, todayKst } from '../common/domain/schedule.ts';
import { describeFindings, isFailing, scan } from './support/axe.ts';
import { authHeader } from './support/matches.ts';
import { createMemberViaApi, signIn, type Member } from './support/members.ts';
import { statusToast } from './support/ui.ts';

const PHONE = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, locale: 'ko-KR', timezoneId: 'Asia/Seoul' } as const;

/** A phone of `member`, signed in, with its live channel connected. */
async function phoneOf(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const connected = new Promise<void>((resolve) => {
    page.on('websocket', (ws) => ws.on('framereceived', (f) => typeof f.payload === 'string' && f.payload.startsWith('CONNECTED') && resolve()));
  });
  await signIn(page, member);
  await connected;
  return page;
}

/** The chat log's row holding `text`. */
const row = (page: Page, text: string) => page.getByRole('log', { name: '대화 내용' }).getByRole('listitem').filter({ hasText: text });

/** What the composer sends (the table chat and the 1:1 share it). */
async function say(page: Page, text: string): Promise<void> {
  const input = page.getByRole('textbox', { name: '메시지를 입력하세요' });
  await input.fill(text);
  await page.getByRole('button', { name: '전송', exact: true }).click();
  await expect(row(page, text)).toBeVisible();
}

test('three phones at one table: messages reach everyone, the "N"s drop as each reads, the chat list leads with it, a cancel leaves a system line and takes the face away', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const suffix = Date.now().toString(36).slice(-5);
  const place = `모임식당${suffix}`;
  const host = await createMemberViaApi(request, { name: `호스트${suffix}` });
  const minji = await createMemberViaApi(request, { name: `민지${suffix}` });
  const junho = await createMemberViaApi(request, { name: `준호${suffix}` });

  // The host's table for three (tomorrow 12:00); both guests ask and the host accepts both.
  const created = await request.post('/api/schedules', {
    headers: authHeader(host),
    data: { date: addDaysIso(todayKst(), 1), time: 12, text: '셋이 점심', placeName: place, placeCategory: '한식', participants: 3 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const scheduleId = ((await created.json()) as { id: number }).id;
  const matchOf = new Map<Member, number>();
  for (const guest of [minji, junho]) {
    const asked = await request.post('/api/matches', { headers: authHeader(guest), data: { scheduleId } });
    expect(asked.status(), await asked.text()).toBe(201);
    const sent = (await (await request.get('/api/matches/sent', { headers: authHeader(guest) })).json()) as Array<{ id: number; schedule: { id: number } }>;
    const matchId = sent.find((m) => m.schedule.id === scheduleId)!.id;
    matchOf.set(guest, matchId);
    const accepted = await request.post(`/api/matches/${matchId}/accept`, { headers: authHeader(host) });
    expect(accepted.status(), await accepted.text()).toBe(200);
  }

  const [h, m, j] = await Promise.all([phoneOf(browser, host), phoneOf(browser, minji), phoneOf(browser, junho)]);

  // The host and 민지 open the table chat; 준호 stays on his chat list.
  for (const page of [h, m]) {
    await page.goto(`/table/${scheduleId}`);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`${place} 모임`) })).toBeVisible();
  }
  const faces = h.getByRole('list', { name: '함께하는 멤버' });
  await expect(faces.getByRole('button')).toHaveCount(3);
  await expect(h.getByText(`${minji.name}님이 참여했어요`)).toBeVisible();
  await j.goto('/chats');
  await expect(j.getByRole('heading', { level: 1, name: '채팅' })).toBeVisible();

  // The host greets: 민지 reads it at once, 준호 has not — the host sees "1".
  await say(h, '안녕하세요 다들 반가워요');
  await expect(row(m, '안녕하세요 다들 반가워요')).toBeVisible();
  await expect(row(h, '안녕하세요 다들 반가워요').getByTestId('unread-count')).toHaveText('1읽지 않은 사람 1명');

  // 준호's chat list has the table on top with one unread message, live.
  const top = j.getByTestId('chat-row').first();
  await expect(top).toContainText(`${place} 모임 (3명)`);
  await expect(top).toContainText('안녕하세요 다들 반가워요');
  await expect(top.getByTestId('chat-unread')).toContainText('1');
  const chatsFindings = (await scan(j, '/chats')).filter(isFailing);
  expect(chatsFindings, describeFindings(chatsFindings)).toEqual([]);

  // He opens it from the list: everyone has read the greeting, its "1" goes on the host's phone.
  await top.getByRole('link').click();
  await expect(j).toHaveURL(new RegExp(`/table/${scheduleId}$`));
  await expect(row(j, '안녕하세요 다들 반가워요')).toBeVisible();
  await expect(row(h, '안녕하세요 다들 반가워요').getByTestId('unread-count')).toHaveCount(0);

  // All three talk; every message reaches the other two.
  await say(m, '저는 조금 늦을 수도 있어요');
  await say(j, '저는 정시에 갈게요');
  for (const page of [h, j]) await expect(row(page, '저는 조금 늦을 수도 있어요')).toBeVisible();
  for (const page of [h, m]) await expect(row(page, '저는 정시에 갈게요')).toBeVisible();
  // The header's ⋯ menu holds the meal and 나가기 (not three buttons in the header).
  await m.getByRole('button', { name: '채팅 메뉴' }).click();
  await expect(m.getByRole('menuitem', { name: '약속 보기' })).toBeVisible();
  await expect(m.getByRole('menuitem', { name: '나가기' })).toBeVisible();
  await m.keyboard.press('Escape');
  await expect(m.getByRole('menuitem', { name: '나가기' })).toHaveCount(0);

  // On a phone a long-press (500 ms) on 준호's bubble opens its actions: 복사, and 신고하기, which reports it.
  const bubble = row(m, '저는 정시에 갈게요').locator('.chat__press');
  await bubble.dispatchEvent('pointerdown');
  const sheet = m.getByRole('dialog', { name: '메시지 메뉴' });
  await expect(sheet.getByRole('button', { name: '복사' })).toBeVisible();
  await bubble.dispatchEvent('pointerup');
  await sheet.getByRole('button', { name: '신고하기' }).click();
  const report = m.getByRole('dialog', { name: '신고하기' });
  await report.getByRole('radio', { name: '스팸·홍보' }).check();
  await report.getByRole('button', { name: '신고하기' }).click();
  await expect(statusToast(m, '신고가 접수되었어요.')).toBeVisible();

  // A message the content filter refuses stays in 준호's input with the reason under it; nobody gets it.
  const input = j.getByRole('textbox', { name: '메시지를 입력하세요' });
  await input.fill('이 시발 식당 별로');
  await j.getByRole('button', { name: '전송', exact: true }).click();
  await expect(j.getByRole('alert').filter({ hasText: '보내지 못했어요: 부적절한 표현이 포함되어 있어요.' })).toBeVisible();
  await expect(input).toHaveValue('이 시발 식당 별로');
  await expect(row(h, '이 시발 식당 별로')).toHaveCount(0);
  await input.fill('');

  const tableFindings = (await scan(h, 'table chat')).filter(isFailing);
  expect(tableFindings, describeFindings(tableFindings)).toEqual([]);

  // 민지 cancels her seat: the others see the system line, and her face leaves the header.
  const cancelled = await request.post(`/api/matches/${matchOf.get(minji)}/cancel`, { headers: authHeader(minji), data: { reason: '일정이 생겼어요' } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  for (const page of [h, j]) await expect(page.getByText(`${minji.name}님이 나갔어요`)).toBeVisible();
  await expect(faces.getByRole('button')).toHaveCount(2);
  await expect(faces.getByRole('button', { name: new RegExp(minji.name) })).toHaveCount(0);
  // She no longer has the table: her screen says so instead of the conversation.
  await m.reload();
  await expect(m.getByText('이 모임 채팅에 참여하고 있지 않아요.')).toBeVisible();

  await Promise.all([h, m, j].map((p) => p.context().close()));
});
