/**
 * The visitor pages the build prerenders (issue #33 item 2; scripts/prerender.mjs): `/` and `/auth`
 * arrive with their markup, so a phone shows the hero or the login form before the app has run;
 * a member with a stored session never sees the visitor's markup; the app then takes over, and
 * nothing typed is lost to the markup it replaces.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createMemberViaApi, signIn, type Member } from './support/members.ts';
import { authForm } from './support/ui.ts';

/** The slice of the page's globals these checks use (the e2e code is type-checked without the DOM lib). */
interface BrowserGlobals {
  getComputedStyle(element: unknown): { borderRadius: string };
  localStorage: { setItem(key: string, value: string): void };
}

/** Only the HTML, its stylesheets and its inline guard run: every script of the app is refused. */
async function withoutAppScripts(page: Page): Promise<string[]> {
  await page.route('**/assets/*.js', (route) => route.abort());
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

test('before the app runs, / shows the visitor hero and /auth the styled login form, each titled; other addresses the plain shell', async ({ page }) => {
  const refused = await withoutAppScripts(page);
  await page.goto('/');
  await expect(page).toHaveTitle('밥상친구');
  await expect(page.locator('#root h1')).toHaveText('혼밥하기 싫은 날, 밥상친구');
  await expect(page.locator('#root .hero__actions a').first()).toHaveAttribute('href', '/auth?redirect=%2Fmatching');

  await page.goto('/auth?redirect=%2Fmatching');
  await expect(page).toHaveTitle('로그인 · 밥상친구');
  const email = page.locator('#root input[type="email"]');
  await expect(email).toBeVisible();
  // The route's stylesheet came with the HTML: the card is laid out as the app lays it out.
  const radius = await page.locator('#root .auth-card').evaluate((card) => (globalThis as unknown as BrowserGlobals).getComputedStyle(card).borderRadius);
  expect(radius).not.toBe('0px');
  // Markup the app will replace takes no typing.
  await expect(email).not.toBeEditable();

  await page.goto('/auth?mode=register');
  await expect(page.locator('#root')).toBeEmpty();
  await page.goto('/schedule');
  await expect(page.locator('#root')).toBeEmpty();
  // 매칭's member frame is in the HTML, and a visitor sees nothing of it.
  await page.goto('/matching');
  await expect(page.locator('#root .prerendered--member')).toHaveCount(1);
  await expect(page.locator('#root .prerendered--member')).toBeHidden();
  expect(refused, 'the CSP allows the guard by its hash').toEqual([]);
});

/** What a page recorded of its first paint and of the app's entry script being added (performance.now() ms). */
interface BootRecord {
  firstPaint: number | null;
  entryAdded: number | null;
}

test('with the app\'s code at hand, / and /auth paint their markup before the app\'s entry runs, which then takes over; a member\'s starts at once', async ({ page, request }) => {
  const refused = await withoutAppScripts(page);
  await page.unroute('**/assets/*.js');
  await page.addInitScript(() => {
    const scope = globalThis as unknown as {
      __boot: BootRecord;
      performance: { now(): number };
      PerformanceObserver: new (cb: (list: { getEntries(): Array<{ name: string; startTime: number }> }) => void) => { observe(o: object): void };
      MutationObserver: new (cb: (records: Array<{ addedNodes: ArrayLike<{ tagName?: string; type?: string; src?: string }> }>) => void) => { observe(target: unknown, o: object): void };
      document: unknown;
    };
    scope.__boot = { firstPaint: null, entryAdded: null };
    new scope.PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') scope.__boot.firstPaint ??= e.startTime;
    }).observe({ type: 'paint', buffered: true });
    new scope.MutationObserver((records) => {
      for (const r of records)
        for (const node of Array.from(r.addedNodes)) if (node.tagName === 'SCRIPT' && node.type === 'module' && /\/assets\/index-/.test(node.src ?? '')) scope.__boot.entryAdded ??= scope.performance.now();
    }).observe(scope.document, { childList: true, subtree: true });
  });
  // Twice each: the second visit finds the app's code in the browser's cache, as an installed app does.
  for (const path of ['/', '/', '/auth', '/auth']) {
    await page.goto(path);
    await expect(page.locator('.prerendered')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const boot = await page.evaluate(() => (globalThis as unknown as { __boot: BootRecord }).__boot);
    expect(boot.firstPaint, path).not.toBeNull();
    expect(boot.entryAdded, path).not.toBeNull();
    expect(boot.entryAdded!, `${path}: the entry is added after the first contentful paint`).toBeGreaterThan(boot.firstPaint!);
  }
  // A member with a stored session is not shown the visitor markup (nothing to paint): the app starts at once.
  const member = await createMemberViaApi(request, { name: '부팅회원' });
  await page.evaluate((stored) => (globalThis as unknown as BrowserGlobals).localStorage.setItem('bapsang.session', stored), await storedSession(request, member));
  await page.goto('/');
  await expect(page.locator('.prerendered')).toHaveCount(0);
  const boot = await page.evaluate(() => (globalThis as unknown as { __boot: BootRecord }).__boot);
  expect(boot.entryAdded, 'the entry is added while the page loads, before anything paints').not.toBeNull();
  if (boot.firstPaint !== null) expect(boot.entryAdded!).toBeLessThan(boot.firstPaint);
  expect(refused, 'the CSP allows the boot script by its hash').toEqual([]);
});

test('a member with a stored session sees nothing of the visitor markup before the app runs', async ({ page }) => {
  const refused = await withoutAppScripts(page);
  await page.addInitScript(() => (globalThis as unknown as BrowserGlobals).localStorage.setItem('bapsang.session', JSON.stringify({ token: 'stored', expiresAt: null })));
  for (const path of ['/', '/auth']) {
    await page.goto(path);
    await expect(page.locator('#root .prerendered')).toHaveCount(1);
    await expect(page.locator('#root h1'), path).toBeHidden();
  }
  expect(refused).toEqual([]);
});

test('the app takes over the prerendered login: what is typed stays, and the markup is gone', async ({ page }) => {
  await page.goto('/auth');
  const form = authForm(page);
  // Typing waits for the app's own fields (the prerendered ones are read-only and inert).
  await form.getByLabel('이메일', { exact: true }).fill('prerender@example.com');
  await form.getByLabel('비밀번호', { exact: true }).fill('typed-before-long');
  await expect(page.locator('.prerendered')).toHaveCount(0);
  await expect(form.getByLabel('이메일', { exact: true })).toHaveValue('prerender@example.com');
  await expect(form.getByLabel('비밀번호', { exact: true })).toHaveValue('typed-before-long');
  await expect(page.getByRole('heading', { level: 1, name: '로그인' })).toHaveCount(1);
});

/** The session as a login stores it ("로그인 상태 유지"; src/lib/token-storage.ts), for `member`. */
async function storedSession(request: APIRequestContext, member: Member): Promise<string> {
  const me = await request.get('/api/user/me', { headers: { authorization: `Bearer ${member.token}` } });
  return JSON.stringify({ token: member.token, expiresAt: null, user: await me.json() });
}

test('a member\'s board starts its chunks and its list with the HTML, before the app runs; a visitor\'s starts neither', async ({ page, request }) => {
  const member = await createMemberViaApi(request);
  const refused = await withoutAppScripts(page);
  const lists: string[] = [];
  page.on('request', (r) => new URL(r.url()).pathname === '/api/board' && lists.push(r.headers().authorization ?? ''));
  const boardChunks = page.locator('link[rel="modulepreload"][href^="/assets/board-"]');

  await page.goto('/board');
  await expect(page.locator('#root')).toBeEmpty();
  await expect(boardChunks).toHaveCount(0);
  expect(lists).toEqual([]);

  const session = await storedSession(request, member);
  await page.addInitScript((stored) => (globalThis as unknown as BrowserGlobals).localStorage.setItem('bapsang.session', stored), session);
  const listSent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/board');
  await page.goto('/board');
  await listSent;
  expect(lists).toEqual([`Bearer ${member.token}`]);
  expect(await boardChunks.count()).toBeGreaterThan(0);
  await expect(page.locator('link[rel="preload"][as="style"]').first()).toBeAttached();
  expect(refused, 'the CSP allows the preload script by its hash').toEqual([]);
});

test('the app shows the board with the list the HTML started: one request for it', async ({ page, request }) => {
  const member = await createMemberViaApi(request);
  const title = `미리 받은 목록 ${Date.now()}`;
  const posted = await request.post('/api/board', { headers: { authorization: `Bearer ${member.token}` }, data: { title, content: '<p>국물이 진해요.</p>', tags: ['점심'] } });
  expect(posted.ok()).toBe(true);
  let lists = 0;
  page.on('request', (r) => r.method() === 'GET' && new URL(r.url()).pathname === '/api/board' && (lists += 1));
  const session = await storedSession(request, member);
  await page.addInitScript((stored) => (globalThis as unknown as BrowserGlobals).localStorage.setItem('bapsang.session', stored), session);

  await page.goto('/board');
  await expect(page.getByRole('heading', { level: 1, name: '맛집 소개' })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
  expect(lists).toBe(1);
});

test('a member\'s 매칭 shows its frame with the HTML (heading, filters, the location notice, the list loading), no member in it; a shared day\'s address does not; the app takes over', async ({ page, request }) => {
  const member = await createMemberViaApi(request, { name: '프레임회원' });
  const stored = await storedSession(request, member);
  const refused = await withoutAppScripts(page);
  await page.addInitScript((value) => (globalThis as unknown as BrowserGlobals).localStorage.setItem('bapsang.session', value), stored);
  await page.goto('/matching');
  await expect(page).toHaveTitle('매칭 · 밥상친구');
  const frame = page.locator('#root .prerendered--member');
  await expect(frame.getByRole('heading', { level: 1, name: '매칭' })).toBeVisible();
  await expect(frame.getByText('가까운 약속을 찾으려면 위치가 필요해요.')).toBeVisible();
  await expect(frame.getByRole('button', { name: '로그인' })).toBeHidden();
  await expect(frame.getByRole('link', { name: '로그인' })).toBeHidden();
  await expect(frame).not.toContainText('프레임회원');
  await page.goto('/matching?date=2026-12-24');
  await expect(page.locator('#root .prerendered')).toHaveCount(0);
  expect(refused, 'the CSP allows the guard and the boot script by their hashes').toEqual([]);

  await page.unroute('**/assets/*.js');
  await page.goto('/matching');
  await expect(page.locator('.prerendered')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: '매칭' })).toHaveCount(1);
  await expect(page.getByText('가까운 약속을 찾으려면 위치가 필요해요.')).toBeVisible();
  await expect(page.getByRole('button', { name: '프로필 메뉴' })).toBeVisible();
});

/** The session cookie the app keeps beside a remembered session (common/prerender.ts SESSION_COOKIE). */
async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'bapsang_session');
}

test('a remembered member\'s 게시판 and 채팅 arrive rendered with their data before the app runs; the app takes over without asking for the list again; signing out ends it', async ({ page, request }) => {
  const member = await createMemberViaApi(request, { name: '렌더회원' });
  const title = `서버가 그린 글 ${Date.now()}`;
  const posted = await request.post('/api/board', { headers: { authorization: `Bearer ${member.token}` }, data: { title, content: '<p>국물이 진해요.</p>', tags: ['점심'] } });
  expect(posted.ok()).toBe(true);
  await signIn(page, member, { remember: true });
  const cookie = await sessionCookie(page);
  expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict' });
  expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000);

  const refused = await withoutAppScripts(page);
  await page.goto('/board');
  await expect(page).toHaveTitle('맛집 소개 · 밥상친구');
  const rendered = page.locator('#root .prerendered--member');
  await expect(rendered.getByRole('heading', { level: 1, name: '맛집 소개' })).toBeVisible();
  await expect(rendered.getByText(title)).toBeVisible();
  await expect(rendered.getByRole('link', { name: '로그인' })).toBeHidden();
  await page.goto('/chats');
  await expect(page).toHaveTitle('채팅 · 밥상친구');
  await expect(page.locator('#root .prerendered--member').getByRole('heading', { level: 1, name: '채팅' })).toBeVisible();
  expect(refused, 'the CSP allows the guard and the boot script by their hashes').toEqual([]);

  await page.unroute('**/assets/*.js');
  let lists = 0;
  page.on('request', (r) => r.method() === 'GET' && new URL(r.url()).pathname === '/api/board' && (lists += 1));
  await page.goto('/board');
  await expect(page.locator('.prerendered')).toHaveCount(0);
  await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByRole('button', { name: '프로필 메뉴' })).toBeVisible();
  expect(lists, 'the app took the answer the page brought').toBe(0);

  await page.getByRole('button', { name: '프로필 메뉴' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: '로그아웃', exact: true }).click();
  await expect.poll(() => sessionCookie(page)).toBeUndefined();
  const html = await page.request.get('/board', { headers: { accept: 'text/html' } });
  expect(await html.text()).not.toContain(title);
});

test('a session kept for this tab only ("로그인 상태 유지" off) leaves no cookie, so the server never renders its pages', async ({ page, request }) => {
  const member = await createMemberViaApi(request);
  await signIn(page, member, { remember: false });
  await page.goto('/board');
  await expect(page.getByRole('heading', { level: 1, name: '맛집 소개' })).toBeVisible();
  expect(await sessionCookie(page)).toBeUndefined();
});

/** What the page's changes showed while the app took over (counts of DOM changes). */
interface Takeover {
  shown: boolean;
  gaps: number;
  busy: number;
  changes: number;
}

test('the app takes over a rendered 게시판 with the loaded page: the post never leaves the screen, and no loading state shows in between', async ({ page, request }) => {
  const member = await createMemberViaApi(request, { name: '인계회원' });
  const title = `끊김 없는 글 ${Date.now()}`;
  const posted = await request.post('/api/board', { headers: { authorization: `Bearer ${member.token}` }, data: { title, content: '<p>국물이 진해요.</p>', tags: ['점심'] } });
  expect(posted.ok()).toBe(true);
  await signIn(page, member, { remember: true });
  // Every change of the page from its first parse on: whether the post is on screen, and whether
  // anything says it is loading (aria-busy, a loading status) after the post first showed.
  await page.addInitScript((wanted) => {
    interface Node { textContent: string | null; querySelector(selector: string): unknown }
    const scope = globalThis as unknown as {
      __takeover: Takeover;
      MutationObserver: new (cb: () => void) => { observe(target: unknown, o: object): void };
      document: { getElementById(id: string): Node | null };
    };
    const record: Takeover = { shown: false, gaps: 0, busy: 0, changes: 0 };
    scope.__takeover = record;
    new scope.MutationObserver(() => {
      const root = scope.document.getElementById('root');
      if (!root) return;
      record.changes += 1;
      const has = (root.textContent ?? '').includes(wanted);
      if (has) record.shown = true;
      else if (record.shown) record.gaps += 1;
      if (record.shown && root.querySelector('[aria-busy="true"]')) record.busy += 1;
    }).observe(scope.document, { childList: true, subtree: true, characterData: true });
  }, title);

  await page.goto('/board');
  await expect(page.locator('.prerendered')).toHaveCount(0);
  await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByRole('button', { name: '프로필 메뉴' })).toBeVisible();
  const takeover = await page.evaluate(() => (globalThis as unknown as { __takeover: Takeover }).__takeover);
  expect(takeover.shown, 'the server\'s render showed the post').toBe(true);
  expect(takeover.changes).toBeGreaterThan(1);
  expect(takeover.gaps, 'changes of the page in which the post was gone').toBe(0);
  expect(takeover.busy, 'changes of the page that showed a loading state').toBe(0);
});
