/**
 * Issue #7 end to end, offline: the service worker mirrors the member's board, schedules, my
 * reviews and activity answers in IndexedDB; offline (Playwright `context.setOffline`) a reload
 * renders the shell with the offline banner and each screen shows the saved data with a "저장"
 * time; a comment and a chat message written offline wait as pending and reach the server
 * exactly once after reconnecting; a second member on the same browser profile sees none of the
 * first member's saved data.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { addDaysIso, todayKst } from '../common/domain/schedule.ts';
import { MIRROR_DB, MIRROR_STORE, OFFLINE_SAVED_AT_HEADER, UPLOADS_CACHE } from '../common/offline.ts';
import { authHeader as auth, mealHappened } from './support/matches.ts';
import { createMemberViaApi, signIn, type Member } from './support/members.ts';
import { expectPath, monthDay, pickDay, profileMenuButton } from './support/ui.ts';

const BANNER = '오프라인 상태입니다. 저장된 내용을 보여드리고 있어요.';

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} → ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function memberId(request: APIRequestContext, member: Member): Promise<number> {
  return (await json<{ id: number }>(await request.get('/api/user/me', { headers: auth(member) }))).id;
}

/**
 * Keys of the service worker's IndexedDB mirror, read in the page (same origin). Evaluated as a
 * string: the e2e project has no DOM types. A missing database is never created here (an empty
 * one would keep idb-keyval from creating its store later).
 */
function mirrorKeys(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(async () => {
    const dbs = await indexedDB.databases();
    if (!dbs.some((d) => d.name === ${JSON.stringify(MIRROR_DB)})) return [];
    return await new Promise((resolve, reject) => {
      const open = indexedDB.open(${JSON.stringify(MIRROR_DB)});
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains(${JSON.stringify(MIRROR_STORE)})) { db.close(); resolve([]); return; }
        const keys = db.transaction(${JSON.stringify(MIRROR_STORE)}).objectStore(${JSON.stringify(MIRROR_STORE)}).getAllKeys();
        keys.onsuccess = () => { db.close(); resolve(keys.result.map(String)); };
        keys.onerror = () => reject(keys.error);
      };
    });
  })()`);
}

/** Fetches `path` from the page with the session's bearer token: status and the saved-at header. */
function pageFetch(page: Page, path: string, token: string): Promise<{ status: number; savedAt: string | null } | 'network-error'> {
  return page.evaluate<{ status: number; savedAt: string | null } | 'network-error'>(`(async () => {
    try {
      const r = await fetch(${JSON.stringify(path)}, { headers: { Authorization: ${JSON.stringify(`Bearer ${token}`)} } });
      return { status: r.status, savedAt: r.headers.get(${JSON.stringify(OFFLINE_SAVED_AT_HEADER)}) };
    } catch {
      return 'network-error';
    }
  })()`);
}

/** Fetches an uploaded image from the page: its status and whether the uploads cache holds it. */
function imageFetch(page: Page, url: string): Promise<{ status: number; cached: boolean } | 'network-error'> {
  return page.evaluate<{ status: number; cached: boolean } | 'network-error'>(`(async () => {
    try {
      const r = await fetch(${JSON.stringify(url)});
      await r.arrayBuffer();
      const cache = await caches.open(${JSON.stringify(UPLOADS_CACHE)});
      const hit = await cache.match(new URL(${JSON.stringify(url)}, location.href).href);
      return { status: r.status, cached: Boolean(hit) };
    } catch {
      return 'network-error';
    }
  })()`);
}

/** Reloads until the service worker controls the page (its fetches then go through the mirror). */
async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(`navigator.serviceWorker.ready.then(() => true)`);
  await expect
    .poll(async () => {
      if (await page.evaluate<boolean>('navigator.serviceWorker.controller !== null')) return true;
      await page.reload();
      return page.evaluate<boolean>('navigator.serviceWorker.controller !== null');
    })
    .toBe(true);
}

/**
 * Opens the post on /board and writes a comment the outbox has to keep (the member is offline,
 * or the answer is lost): the queued toast shows and the comment is listed as "전송 대기 중". Answers the post's dialog.
 */
async function commentWhileOffline(page: Page, postTitle: string, text: string): Promise<Locator> {
  await page.goto('/board');
  await page.getByRole('button', { name: `${postTitle} 자세히 보기` }).click();
  const dialog = page.getByRole('dialog', { name: postTitle });
  await dialog.getByRole('textbox', { name: '댓글' }).fill(text);
  await dialog.getByRole('button', { name: '댓글 작성' }).click();
  await expect(page.getByText('오프라인 상태라 연결되면 보낼게요.')).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: text })).toContainText('전송 대기 중');
  return dialog;
}

/** The shell's offline banner (its paragraph also holds the saved-at line). */
function banner(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: BANNER });
}

/** The banner's saved-at line: "{M월 d일 오후 h:mm} 저장" (KST). */
function savedAt(page: Page): Locator {
  return page.getByTestId('offline-saved-at');
}

test('offline: cached screens with a saved-at time, writes replayed once, and no cache shared between members', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36).slice(-5);
  const first = await createMemberViaApi(request, { name: `오프라인회원${suffix}` });
  const guest = await createMemberViaApi(request, { name: `오프라인손님${suffix}` });
  const second = await createMemberViaApi(request, { name: `두번째회원${suffix}` });
  const firstId = await memberId(request, first);

  // Seed: first's board post, first's schedule (tomorrow), a CONFIRMED match with the guest
  // (activity + chat), and the guest's review of first (my reviews).
  const postTitle = `오프라인 국밥집 ${suffix}`;
  const post = await json<{ id: number }>(
    await request.post('/api/board', { headers: auth(first), data: { title: postTitle, content: '<p>비 오는 날 국밥</p>', tags: ['점심'] } }),
  );
  const date = addDaysIso(todayKst(), 1);
  const placeName = `오프라인식당${suffix}`;
  const schedule = await json<{ id: number }>(
    await request.post('/api/schedules', {
      headers: auth(first),
      data: { date, time: 19, text: '오프라인 저녁', placeName, placeCategory: '한식', participants: 4 },
    }),
  );
  expect((await request.post('/api/matches', { headers: auth(guest), data: { scheduleId: schedule.id } })).status()).toBe(201);
  const received = await json<Array<{ id: number; schedule: { id: number } }>>(await request.get('/api/matches', { headers: auth(first) }));
  const matchId = received.find((m) => m.schedule.id === schedule.id)!.id;
  for (const action of ['accept', 'confirm']) {
    const res = await request.post(`/api/matches/${matchId}/${action}`, { headers: auth(first) });
    expect(res.status(), await res.text()).toBe(200);
  }
  const upload = await json<{ url: string }>(
    await request.post('/api/images/upload', {
      headers: auth(first),
      multipart: { image: { name: 'photo.png', mimeType: 'image/png', buffer: readFileSync('public/icons/icon-192.png') } },
    }),
  );
  const reviewText = `오프라인에서도 보이는 후기 ${suffix}`;
  // The review needs a meal that has happened (issue #15): a second, earlier meal of the same two.
  const pastMeal = await json<{ id: number }>(
    await request.post('/api/schedules', {
      headers: auth(first),
      data: { date, time: 12, text: '지난 점심', placeName: `지난식당${suffix}`, placeCategory: '한식', participants: 4 },
    }),
  );
  expect((await request.post('/api/matches', { headers: auth(guest), data: { scheduleId: pastMeal.id } })).status()).toBe(201);
  const pastMatchId = (await json<Array<{ id: number; schedule: { id: number } }>>(await request.get('/api/matches', { headers: auth(first) }))).find(
    (m) => m.schedule.id === pastMeal.id,
  )!.id;
  for (const action of ['accept', 'confirm']) expect((await request.post(`/api/matches/${pastMatchId}/${action}`, { headers: auth(first) })).status()).toBe(200);
  await mealHappened(request, pastMeal.id);
  const review = await request.post('/api/reviews', { headers: auth(guest), data: { matchId: pastMatchId, revieweeId: firstId, rating: 5, comment: reviewText } });
  expect(review.status(), await review.text()).toBe(201);

  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  try {
    await signIn(page, first);
    await waitForServiceWorkerControl(page);

    // Online once, with the worker in control: every screen's answers are mirrored.
    await page.goto('/board');
    await expect(page.getByRole('button', { name: `${postTitle} 자세히 보기` })).toBeVisible();
    await page.goto('/schedule');
    await expect(page.getByRole('button', { name: new RegExp(`${monthDay(date)}.*일정 있음`) }).first()).toBeVisible();
    await page.goto('/matching');
    await pickDay(page.locator('main'), date);
    await expect(page.getByText(placeName).first()).toBeVisible();
    await page.goto('/my-reviews');
    await expect(page.getByText(reviewText)).toBeVisible();
    await page.goto('/match-requests');
    await expect(page.getByRole('listitem').filter({ hasText: guest.name }).first()).toBeVisible();
    await page.goto(`/chat/${matchId}`);
    await expect(page.getByRole('heading', { level: 1, name: `${guest.name}님과의 채팅` })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    // The worker stores the image after answering: the cache holds it shortly after.
    await expect.poll(() => imageFetch(page, upload.url)).toEqual({ status: 200, cached: true });
    await expect
      .poll(() => mirrorKeys(page))
      .toEqual(
        expect.arrayContaining(
          // Issue #19: the chat reads its match by id (`/api/matches/{id}`), mirrored like the lists
          // (issue #28: the lists by `?when=`, upcoming and past).
          ['/api/board', '/api/reviews/my', '/api/matches?when=upcoming', '/api/matches/sent?when=upcoming', '/api/matches?when=past', '/api/matches/sent?when=past', `/api/matches/${matchId}`, `/api/chat/${matchId}/history`].map((p) => `${firstId}:${p}`),
        ),
      );
    // Issue #19: the schedule screens ask for pages and days, mirrored by path and query.
    for (const prefix of [`/api/schedules?date=${date}&`, '/api/schedules/calendar?', '/api/schedules/my?']) {
      await expect.poll(async () => (await mirrorKeys(page)).some((k) => k.startsWith(`${firstId}:${prefix}`)), prefix).toBe(true);
    }

    // Offline. First check that Playwright's offline mode really reaches the service worker's
    // own fetches here: a mirrored path comes back from IndexedDB (saved-at header), a path
    // that is not mirrored fails as a network error.
    await context.setOffline(true);
    const mirrored = await pageFetch(page, '/api/board', first.token);
    expect(mirrored).not.toBe('network-error');
    expect(mirrored === 'network-error' ? null : mirrored.savedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await pageFetch(page, '/api/schedules/random', first.token)).toBe('network-error');
    // Uploaded images come from their cache.
    expect(await imageFetch(page, upload.url)).toEqual({ status: 200, cached: true });

    // A reload renders the shell with the banner; each screen shows the saved data and a time.
    await page.reload();
    await expect(banner(page)).toBeVisible();
    await page.goto('/board');
    await expect(banner(page)).toBeVisible();
    await expect(page.getByRole('button', { name: `${postTitle} 자세히 보기` })).toBeVisible();
    await expect(savedAt(page)).toHaveText(/^\d{1,2}월 \d{1,2}일 오[전후] \d{1,2}(:\d{2}|시) 저장$/);
    await page.goto('/schedule');
    await expect(page.getByRole('button', { name: new RegExp(`${monthDay(date)}.*일정 있음`) }).first()).toBeVisible();
    await expect(savedAt(page)).toHaveText(/저장$/);
    await page.goto('/matching');
    await pickDay(page.locator('main'), date);
    await expect(page.getByText(placeName).first()).toBeVisible();
    await expect(savedAt(page)).toHaveText(/저장$/);
    await page.goto('/my-reviews');
    await expect(page.getByText(reviewText)).toBeVisible();
    await expect(savedAt(page)).toHaveText(/저장$/);
    await page.goto('/match-requests');
    await expect(page.getByRole('listitem').filter({ hasText: guest.name }).first()).toBeVisible();
    await expect(savedAt(page)).toHaveText(/저장$/);

    // A comment written offline waits in the outbox, shown as pending in the post.
    const commentText = `오프라인 댓글 ${suffix}`;
    await commentWhileOffline(page, postTitle, commentText);
    await page.keyboard.press('Escape');

    // A chat message written offline is listed as pending too.
    const chatText = `오프라인 메시지 ${suffix}`;
    await page.goto(`/chat/${matchId}`);
    await expect(page.getByRole('heading', { level: 1, name: `${guest.name}님과의 채팅` })).toBeVisible();
    await page.getByRole('textbox', { name: '메시지를 입력하세요' }).fill(chatText);
    await page.getByRole('button', { name: '전송', exact: true }).click();
    const log = page.getByRole('log', { name: '대화 내용' });
    await expect(log.getByRole('listitem').filter({ hasText: chatText })).toContainText('전송 대기 중');
    await expect(page.getByTestId('outbox-pending')).toHaveText('전송 대기 2건');

    // Back online: both are replayed and exist exactly once on the server.
    await context.setOffline(false);
    await expect(page.getByTestId('outbox-pending')).toHaveCount(0, { timeout: 20_000 });
    await expect(log.getByRole('listitem').filter({ hasText: chatText })).toHaveCount(1);
    await expect(log.getByRole('listitem').filter({ hasText: chatText })).not.toContainText('전송 대기 중');
    await expect
      .poll(async () => {
        const comments = await json<Array<{ text: string }>>(await request.get(`/api/board/${post.id}/comments?limit=100`, { headers: auth(first) }));
        return comments.filter((c) => c.text === commentText).length;
      })
      .toBe(1);
    const history = await json<Array<{ content: string }>>(await request.get(`/api/chat/${matchId}/history`, { headers: auth(guest) }));
    expect(history.filter((m) => m.content === chatText)).toHaveLength(1);
    // Later replays (online event again, a new session) send nothing twice.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `${guest.name}님과의 채팅` })).toBeVisible();
    await page.waitForTimeout(1000);
    const again = await json<Array<{ content: string }>>(await request.get(`/api/chat/${matchId}/history`, { headers: auth(guest) }));
    expect(again.filter((m) => m.content === chatText)).toHaveLength(1);

    // Sign out: the mirror holds nothing of the first member any more.
    await profileMenuButton(page).click();
    await page.getByRole('menuitem', { name: '로그아웃', exact: true }).click();
    await expectPath(page, '/');
    await expect.poll(async () => (await mirrorKeys(page)).filter((k) => k.startsWith(`${firstId}:`))).toEqual([]);

    // A second member signs in on the same browser profile and goes offline: none of the first
    // member's data shows anywhere, and the mirror still has none of it.
    await signIn(page, second);
    await context.setOffline(true);
    await page.goto('/board');
    await expect(banner(page)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: '맛집 소개' })).toBeVisible();
    // Nothing of this member was saved: the board says it could not load (issue #14: a failed
    // load never looks like an empty board), and shows nothing of the first member's.
    await expect(page.getByRole('alert').filter({ hasText: '불러오지 못했어요' })).toBeVisible();
    await expect(page.getByText(postTitle)).toHaveCount(0);
    await page.goto('/my-reviews');
    await expect(banner(page)).toBeVisible();
    await expect(page.getByText(reviewText)).toHaveCount(0);
    await page.goto('/match-requests');
    await expect(banner(page)).toBeVisible();
    await expect(page.getByText(guest.name)).toHaveCount(0);
    await page.goto('/matching');
    await pickDay(page.locator('main'), date);
    await expect(page.getByText(placeName)).toHaveCount(0);
    expect((await mirrorKeys(page)).filter((k) => k.startsWith(`${firstId}:`))).toEqual([]);
  } finally {
    await context.setOffline(false);
    await context.close();
  }
});

test('a comment whose answer is lost waits in the outbox and is replayed with the same key: one comment', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36).slice(-5);
  const member = await createMemberViaApi(request, { name: `응답유실${suffix}` });
  const postTitle = `응답 유실 실험 ${suffix}`;
  const post = await json<{ id: number }>(await request.post('/api/board', { headers: auth(member), data: { title: postTitle, content: '<p>본문</p>', tags: ['점심'] } }));

  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  try {
    await signIn(page, member);
    // The first POST reaches the server, but its answer never reaches the browser.
    const keys: string[] = [];
    await context.route(`**/api/board/${post.id}/comments`, async (route) => {
      const key = route.request().headers()['idempotency-key'] ?? '';
      keys.push(key);
      if (keys.length === 1) {
        await route.fetch();
        await route.abort('connectionreset');
      } else {
        await route.continue();
      }
    });

    const text = `한 번만 저장될 댓글 ${suffix}`;
    const dialog = await commentWhileOffline(page, postTitle, text);

    // The outbox retries (backoff) with the same Idempotency-Key; the server answers the first
    // comment again instead of storing a second one, and the board reloads it.
    await expect(dialog.getByRole('listitem').filter({ hasText: text })).not.toContainText('전송 대기 중', { timeout: 20_000 });
    await expect(dialog.getByRole('listitem').filter({ hasText: text })).toHaveCount(1);
    expect(keys.length).toBe(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    const comments = await json<Array<{ text: string }>>(await request.get(`/api/board/${post.id}/comments?limit=100`, { headers: auth(member) }));
    expect(comments.filter((c) => c.text === text)).toHaveLength(1);
  } finally {
    await context.close();
  }
});
