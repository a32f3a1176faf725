/**
 * Issue #14 (item 7): axe-core on every route, as a visitor, as a new member (profile not set up)
 * and as a set-up member, at 360 px and 1280 px, plus the dialogs (schedule add, venue filter,
 * matching filter, board post form and opened post, side menu, the confirm dialog). Fails on any
 * `serious` or `critical` WCAG 2.0/2.1 A/AA violation and prints a table of counts per rule.
 *
 * Issue #15: the set-up member's activity holds every lifecycle state (확정됨 with 약속 취소 and
 * 캘린더에 추가, 대기 중 on a 마감 meal, 취소됨 with who and why, a past meal asking whether the
 * partner came) with the members' figures; the chat of a cancelled match and the review page's
 * attendance question are routes; the cancel dialog (reason chooser, 직접 입력) and the author
 * dialog with figures are dialogs.
 *
 * Issue #31 item 5: on a touch phone at 360 × 780, axe with the WCAG 2.2 A/AA rules too over the
 * report dialog (submit enabled, then its error), the venue sheet and 일정 추가 opened from it (whose
 * primary buttons are in view without scrolling), 회원 탈퇴 with its error, an opened post and a
 * host's profile on 매칭; and the text contrast of every button variant (global.css), enabled and
 * disabled, on the page and on a card, computed here from the rendered colours.
 */
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { addDaysIso, todayKst } from '../common/domain/schedule.ts';
import { describeFindings, isFailing, scan, summaryTable, WCAG22_TAGS, type Finding } from './support/axe.ts';
import { authHeader, mealHappened } from './support/matches.ts';
import { createMemberViaApi, loginViaUi, type Member } from './support/members.ts';
import { chatMenu, LOADING_TEXT, pickDay } from './support/ui.ts';

const WIDTHS = [360, 1280] as const;
type Width = (typeof WIDTHS)[number];
const HEIGHT: Record<Width, number> = { 360: 740, 1280: 860 };

type Persona = 'visitor' | 'new member' | 'set-up member';

/**
 * Data a member's pages need: an upcoming confirmed match (chat, write-review before the meal), a
 * cancelled one (its read-only chat), one whose meal has happened (the attendance question) and a
 * board post.
 */
interface Seed {
  matchId: number;
  cancelledMatchId: number;
  pastMatchId: number;
  postTitle: string;
}

const NO_SEED: Seed = { matchId: 1, cancelledMatchId: 1, pastMatchId: 1, postTitle: '' };

function routes(seed: Seed | null): string[] {
  const matchId = seed?.matchId ?? 1;
  const lifecycle = seed ? [`/chat/${seed.cancelledMatchId}`, `/write-review?matchId=${seed.pastMatchId}`] : [];
  return [
    '/',
    '/auth',
    '/auth?mode=register',
    '/auth?mode=forgotPassword',
    '/profile-setup',
    '/profile',
    '/schedule',
    '/matching',
    '/match-requests',
    '/my-reviews',
    '/notifications',
    '/board',
    '/restaurant-rec',
    `/chat/${matchId}`,
    `/write-review?matchId=${matchId}`,
    ...lifecycle,
    '/terms',
    '/privacy',
    '/no-such-page',
  ];
}

interface DialogScan {
  name: string;
  path: (seed: Seed) => string;
  widths: readonly Width[];
  open: (page: Page, seed: Seed) => Promise<void>;
}

/** Dialogs a set-up member can open, each scanned with the dialog open. */
const DIALOGS: DialogScan[] = [
  {
    name: '일정 추가 dialog',
    path: () => '/schedule',
    widths: WIDTHS,
    open: async (page) => {
      const calendar = page.getByRole('group', { name: '내 일정 달력' });
      await calendar.locator('.rdp-day:not(.rdp-disabled):not(.calendar__day--marked) button').first().click();
      await page.getByRole('button', { name: '일정 추가', exact: true }).click();
      await expect(page.getByRole('dialog', { name: '일정 추가' })).toBeVisible();
    },
  },
  {
    name: '회원 탈퇴 dialog',
    path: () => '/profile',
    widths: [360],
    open: async (page) => {
      await page.getByRole('button', { name: '회원 탈퇴', exact: true }).click();
      await expect(page.getByRole('dialog', { name: '회원 탈퇴' })).toBeVisible();
    },
  },
  {
    name: '식당 필터 dialog',
    path: () => '/schedule',
    widths: [360],
    open: async (page) => {
      await page.getByRole('button', { name: '필터', exact: true }).click();
      await expect(page.getByRole('dialog', { name: '식당 필터' })).toBeVisible();
    },
  },
  {
    name: '매칭 필터 dialog',
    path: () => '/matching',
    widths: WIDTHS,
    open: async (page) => {
      await page.getByRole('button', { name: '필터', exact: true }).click();
      await expect(page.getByRole('dialog', { name: '필터' })).toBeVisible();
    },
  },
  {
    name: '새 게시글 dialog',
    path: () => '/board',
    widths: WIDTHS,
    open: async (page) => {
      await page.getByRole('button', { name: '글쓰기' }).click();
      await expect(page.getByRole('dialog', { name: '새 게시글' })).toBeVisible();
    },
  },
  {
    name: 'opened post',
    path: () => '/board',
    widths: WIDTHS,
    open: async (page, seed) => {
      await page.getByRole('button', { name: `${seed.postTitle} 자세히 보기` }).click();
      await expect(page.getByRole('dialog', { name: seed.postTitle })).toBeVisible();
    },
  },
  {
    name: 'side menu',
    path: () => '/',
    widths: [360],
    open: async (page) => {
      await page.getByRole('button', { name: '메뉴 열기' }).click();
      await expect(page.getByRole('dialog', { name: '메뉴' })).toBeVisible();
    },
  },
  {
    name: '작성자 프로필 dialog (figures)',
    path: () => '/matching',
    widths: [360],
    open: async (page) => {
      const main = page.getByRole('main');
      await pickDay(main, addDaysIso(todayKst(), 1));
      await main.getByRole('button', { name: '접근성회원 프로필' }).first().click();
      await expect(page.getByRole('dialog', { name: '접근성회원' })).toBeVisible();
    },
  },
  {
    name: '약속 취소 dialog (직접 입력)',
    path: () => '/match-requests',
    widths: WIDTHS,
    open: async (page) => {
      await page.getByRole('main').getByRole('button', { name: '약속 취소', exact: true }).first().click();
      const dialog = page.getByRole('dialog', { name: '약속을 취소할까요?' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('radio', { name: '직접 입력' }).check();
      await expect(dialog.getByRole('textbox', { name: '취소 사유 직접 입력' })).toBeVisible();
    },
  },
  {
    name: 'confirm dialog (나가기)',
    path: (seed) => `/chat/${seed.matchId}`,
    widths: WIDTHS,
    open: async (page) => {
      await chatMenu(page, '나가기');
      await expect(page.getByRole('alertdialog')).toBeVisible();
    },
  },
];

/** Waits until the page has loaded its data (first heading, no splash, no busy list). */
async function settle(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor({ timeout: 15_000 }).catch(() => undefined);
  await page.getByText(LOADING_TEXT).first().waitFor({ state: 'detached', timeout: 20_000 });
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 8_000 }).catch(() => undefined);
}

async function personaContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 1280, height: 860 },
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  });
}

/** `host`'s schedule tomorrow at `time` for two; `guests` ask to join in order. Answers the schedule id and the request ids. */
async function scheduleWithRequests(request: APIRequestContext, host: Member, time: number, placeName: string, guests: Member[]): Promise<{ scheduleId: number; requestIds: number[] }> {
  const created = await request.post('/api/schedules', {
    headers: authHeader(host),
    data: { date: addDaysIso(todayKst(), 1), time, text: '같이 식사', placeName, placeCategory: '한식', participants: 2 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const scheduleId = ((await created.json()) as { id: number }).id;
  for (const guest of guests) {
    const asked = await request.post('/api/matches', { headers: authHeader(guest), data: { scheduleId } });
    expect(asked.status(), await asked.text()).toBe(201);
  }
  const received = (await (await request.get('/api/matches', { headers: authHeader(host) })).json()) as Array<{ id: number; schedule: { id: number }; requester: { name: string } }>;
  const requestIds = guests.map((g) => received.find((m) => m.schedule.id === scheduleId && m.requester.name === g.name)!.id);
  return { scheduleId, requestIds };
}

async function post(request: APIRequestContext, who: Member, path: string, data?: unknown): Promise<void> {
  const res = await request.post(path, { headers: authHeader(who), ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
}

async function seedFor(request: APIRequestContext, member: Member): Promise<Seed> {
  const suffix = Date.now().toString(36).slice(-5);
  const guest = await createMemberViaApi(request, { name: `접근성손님${suffix}` });
  const waiting = await createMemberViaApi(request, { name: `접근성대기${suffix}` });
  const leaver = await createMemberViaApi(request, { name: `접근성취소${suffix}` });
  const diner = await createMemberViaApi(request, { name: `접근성식사${suffix}` });
  const postTitle = `접근성 점검 글 ${suffix}`;
  await post(request, member, '/api/board', { title: postTitle, content: '<p>같이 점심 먹어요</p>', tags: ['점심'] });

  // Confirmed for tomorrow (약속 취소, 캘린더에 추가, the chat); the second requester waits: 대기 중 on a 마감 meal.
  const lunch = await scheduleWithRequests(request, member, 12, `접근성식당${suffix}`, [guest, waiting]);
  const matchId = lunch.requestIds[0]!;
  await post(request, member, `/api/matches/${matchId}/accept`);
  await post(request, member, `/api/matches/${matchId}/confirm`);
  await post(request, guest, `/api/chat/${matchId}/messages`, { content: '안녕하세요, 내일 봬요!' });

  // Cancelled by the requester with a reason: 취소됨 · 신청자가 취소했어요 · …, and a read-only chat.
  const dinner = await scheduleWithRequests(request, member, 18, `접근성저녁${suffix}`, [leaver]);
  const cancelledMatchId = dinner.requestIds[0]!;
  await post(request, member, `/api/matches/${cancelledMatchId}/accept`);
  await post(request, leaver, `/api/chat/${cancelledMatchId}/messages`, { content: '내일 저녁 기대돼요' });
  await post(request, leaver, `/api/matches/${cancelledMatchId}/cancel`, { reason: '일정이 생겼어요' });

  // A meal that has happened: the attendance question and 리뷰 쓰기.
  const past = await scheduleWithRequests(request, member, 13, `접근성지난식당${suffix}`, [diner]);
  const pastMatchId = past.requestIds[0]!;
  await post(request, member, `/api/matches/${pastMatchId}/accept`);
  await post(request, member, `/api/matches/${pastMatchId}/confirm`);
  await mealHappened(request, past.scheduleId);

  // The states the scans are meant to see (a set-up slip would otherwise scan a plainer page).
  const received = (await (await request.get('/api/matches', { headers: authHeader(member) })).json()) as Array<{ id: number; status: string; waitlisted?: boolean; schedule: { isFull?: boolean } }>;
  const byId = new Map(received.map((m) => [m.id, m]));
  expect(byId.get(matchId)).toMatchObject({ status: 'CONFIRMED', schedule: { isFull: true } });
  expect(byId.get(lunch.requestIds[1]!)).toMatchObject({ status: 'PENDING', waitlisted: true });
  expect(byId.get(cancelledMatchId)).toMatchObject({ status: 'CANCELLED', cancelledBy: 'requester', cancelReason: '일정이 생겼어요' });
  expect(byId.get(pastMatchId)).toMatchObject({ status: 'CONFIRMED' });
  return { matchId, cancelledMatchId, pastMatchId, postTitle };
}

/** One scan: a route at a width, optionally with a dialog opened on it. */
interface Step {
  width: Width;
  path: string;
  dialog?: DialogScan;
}

function routeSteps(seed: Seed | null, widths: readonly Width[] = WIDTHS): Step[] {
  return widths.flatMap((width) => routes(seed).map((path) => ({ width, path })));
}

function dialogSteps(persona: Persona, seed: Seed | null): Step[] {
  // A new member sees only the setup (no side menu); a visitor has the side menu on a phone.
  if (persona === 'new member') return [];
  if (!seed) {
    const menu = DIALOGS.find((d) => d.name === 'side menu')!;
    return [{ width: 360, path: menu.path(NO_SEED), dialog: menu }];
  }
  return WIDTHS.flatMap((width) => DIALOGS.filter((d) => d.widths.includes(width)).map((dialog) => ({ width, path: dialog.path(seed), dialog })));
}

interface Audit {
  findings: Finding[];
  scans: number;
  /** Steps that could not be scanned (navigation or dialog failed): they fail the test too. */
  broken: string[];
}

/**
 * Runs the steps in one browser context (one page per width; a fresh page after a failed step).
 * A route that redirects to a page already scanned at that width is skipped.
 */
async function audit(context: BrowserContext, persona: string, steps: Step[], seed: Seed | null): Promise<Audit> {
  const result: Audit = { findings: [], scans: 0, broken: [] };
  const seen = new Set<string>();
  const pages = new Map<Width, Page>();
  const pageFor = async (width: Width): Promise<Page> => {
    const open = pages.get(width);
    if (open && !open.isClosed()) return open;
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    page.setDefaultNavigationTimeout(45_000);
    await page.setViewportSize({ width, height: HEIGHT[width] });
    pages.set(width, page);
    return page;
  };

  for (const step of steps) {
    const label = `${persona} · ${step.width} · ${step.path}${step.dialog ? ` (${step.dialog.name})` : ''}`;
    const page = await pageFor(step.width);
    const started = Date.now();
    try {
      await page.goto(step.path);
      await settle(page);
      let where = label;
      if (step.dialog) {
        await step.dialog.open(page, seed ?? NO_SEED);
      } else {
        const url = new URL(page.url());
        const mode = url.searchParams.get('mode');
        const landed = url.pathname + (mode ? `?mode=${mode}` : '');
        if (landed !== step.path && landed !== step.path.split('?')[0]) {
          if (seen.has(`${step.width} ${landed}`)) continue;
          where = `${label} → ${landed}`;
        }
        seen.add(`${step.width} ${landed}`);
      }
      const found = await scan(page, where);
      result.scans += 1;
      result.findings.push(...found);
      console.log(`axe ${where}: ${found.map((f) => `${f.rule}(${f.impact})×${f.nodes}`).join(', ') || 'clean'} (${Date.now() - started} ms)`);
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      result.broken.push(`${label}: ${message}`);
      console.log(`axe ${label}: NOT SCANNED — ${message}`);
      await page.close().catch(() => undefined);
    }
  }
  for (const page of pages.values()) await page.close().catch(() => undefined);
  return result;
}

async function signedInContext(browser: Browser, request: APIRequestContext, persona: Persona): Promise<{ context: BrowserContext; seed: Seed | null }> {
  const context = await personaContext(browser);
  if (persona === 'visitor') return { context, seed: null };
  const member = await createMemberViaApi(request, { setUp: persona === 'set-up member', name: '접근성회원' });
  const seed = persona === 'set-up member' ? await seedFor(request, member) : null;
  const login = await context.newPage();
  await loginViaUi(login, member, { remember: true });
  await login.close();
  return { context, seed };
}

function report(title: string, { findings, scans, broken }: Audit, tags?: readonly string[]): void {
  console.log(`\n${summaryTable(title, findings, scans, tags)}\n`);
  const failing = findings.filter(isFailing);
  expect(failing, `serious/critical axe violations (${title}):\n${describeFindings(failing)}`).toEqual([]);
  expect(broken, `pages that could not be scanned (${title})`).toEqual([]);
}

test.describe.configure({ mode: 'parallel' });

const TIMEOUT = Number(process.env.A11Y_TIMEOUT_MS ?? 240_000);

for (const persona of ['visitor', 'new member'] as const) {
  test(`axe: every route (and the side menu on a phone), no serious or critical WCAG A/AA violations — ${persona}`, async ({ browser, request }) => {
    test.setTimeout(TIMEOUT);
    const { context, seed } = await signedInContext(browser, request, persona);
    const result = await audit(context, persona, [...routeSteps(seed), ...dialogSteps(persona, seed)], seed);
    await context.close();
    report(persona, result);
  });
}

// One test per width for the set-up member (the most routes and dialogs; issue #15 added some),
// so each stays well inside the time limit on a busy machine and the halves run in parallel.
for (const width of WIDTHS) {
  test(`axe: every route, no serious or critical WCAG A/AA violations — set-up member at ${width} px`, async ({ browser, request }) => {
    test.setTimeout(TIMEOUT);
    const { context, seed } = await signedInContext(browser, request, 'set-up member');
    const result = await audit(context, 'set-up member', routeSteps(seed, [width]), seed);
    await context.close();
    report(`set-up member, routes at ${width} px`, result);
  });
}

for (const width of WIDTHS) {
  test(`axe: dialogs open (schedule, filters, board, side menu, author, 약속 취소, confirm), no serious or critical violations — set-up member at ${width} px`, async ({ browser, request }) => {
    test.setTimeout(TIMEOUT);
    const { context, seed } = await signedInContext(browser, request, 'set-up member');
    const result = await audit(context, 'set-up member', dialogSteps('set-up member', seed).filter((step) => step.width === width), seed);
    await context.close();
    report(`set-up member, dialogs at ${width} px`, result);
  });
}

// ---- Issue #31 item 5: a touch phone at 360 × 780, and the buttons' contrast ----------------------

const PHONE_780 = {
  viewport: { width: 360, height: 780 },
  isMobile: true,
  hasTouch: true,
  locale: 'ko-KR',
  timezoneId: 'Asia/Seoul',
  reducedMotion: 'reduce',
  serviceWorkers: 'block',
} as const;

/** What the page-side code below uses of the DOM (the e2e project has no DOM types). */
interface DomRect {
  top: number;
  left: number;
  bottom: number;
  right: number;
  width: number;
  height: number;
}
interface DomElement {
  id: string;
  title: string;
  type: string;
  className: string;
  disabled: boolean;
  textContent: string | null;
  dataset: Record<string, string | undefined>;
  parentElement: DomElement | null;
  getBoundingClientRect(): DomRect;
  contains(other: unknown): boolean;
  append(...nodes: DomElement[]): void;
  prepend(...nodes: DomElement[]): void;
}
interface DomWindow {
  innerWidth: number;
  innerHeight: number;
  document: {
    body: DomElement;
    createElement(tag: string): DomElement;
    elementFromPoint(x: number, y: number): DomElement | null;
    querySelector(selector: string): DomElement | null;
    querySelectorAll(selector: string): Iterable<DomElement>;
  };
  getComputedStyle(el: DomElement): { color: string; backgroundColor: string; opacity: string; fontSize: string; fontWeight: string };
}

/**
 * Whether a person sees `locator` without scrolling: its box lies inside the viewport and the
 * point at its centre is the element itself (not a dialog's clipped overflow or a bar above it).
 */
async function inViewWithoutScrolling(locator: Locator): Promise<boolean> {
  return locator.evaluate((node) => {
    const w = globalThis as unknown as DomWindow;
    const el = node as unknown as DomElement;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > w.innerHeight || r.right > w.innerWidth) return false;
    const hit = w.document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

/** A venue pin (Leaflet marker, not a cluster) whose centre is inside the map's visible box: its title (the venue's name). */
async function visiblePinTitle(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const { document } = globalThis as unknown as DomWindow;
    const canvas = document.querySelector('.venue-map')?.getBoundingClientRect();
    if (!canvas) return null;
    for (const pin of document.querySelectorAll('.venue-map img.leaflet-marker-icon[title]')) {
      const r = pin.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x > canvas.left + 4 && x < canvas.right - 4 && y > canvas.top + 4 && y < canvas.bottom - 4) return pin.title;
    }
    return null;
  });
}

test('axe at 360 × 780 on a touch phone (WCAG 2.2 AA): report, venue sheet and 일정 추가, 회원 탈퇴 with its error, a post, a host on 매칭', async ({ browser, request }) => {
  test.setTimeout(TIMEOUT);
  const suffix = Date.now().toString(36).slice(-5);
  const viewer = await createMemberViaApi(request, { name: `폰점검${suffix}` });
  const host = await createMemberViaApi(request, { name: `폰호스트${suffix}` });
  const postTitle = `폰 점검 글 ${suffix}`;
  await post(request, host, '/api/board', { title: postTitle, content: '<p>같이 저녁 먹어요</p>', tags: ['저녁'] });
  await post(request, host, '/api/schedules', { date: addDaysIso(todayKst(), 1), time: 19, text: '같이 저녁', placeName: `폰식당${suffix}`, placeCategory: '한식', participants: 3 });

  const context = await browser.newContext(PHONE_780);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await loginViaUi(page, viewer, { remember: true });
  await expect(page).toHaveURL((url) => url.pathname === '/');
  const findings: Finding[] = [];
  let scans = 0;
  const check = async (what: string) => {
    const where = `phone 360×780 · ${what}`;
    const found = await scan(page, where, WCAG22_TAGS);
    scans += 1;
    findings.push(...found);
    console.log(`axe ${where}: ${found.map((f) => `${f.rule}(${f.impact})×${f.nodes}`).join(', ') || 'clean'}`);
  };

  // An opened post, then its report dialog: submit enabled, then the reason's error.
  await page.goto('/board');
  await settle(page);
  await page.getByRole('button', { name: `${postTitle} 자세히 보기` }).click();
  const detail = page.getByRole('dialog', { name: postTitle });
  await expect(detail).toBeVisible();
  await check('opened post');
  await detail.getByRole('button', { name: '글 신고하기' }).click();
  const reportDialog = page.getByRole('dialog', { name: '신고하기' });
  await expect(reportDialog).toBeVisible();
  const send = reportDialog.getByRole('button', { name: '신고하기', exact: true });
  await expect(send).toBeEnabled();
  await check('report dialog (submit enabled)');
  await send.click();
  await expect(reportDialog.getByText('신고 사유를 골라주세요.')).toBeVisible();
  await check('report dialog (error shown)');
  await page.keyboard.press('Escape');
  await expect(reportDialog).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // 일정: a pin tap opens the venue sheet; its 이 식당으로 약속 만들기 is in view without scrolling
  // and opens 일정 추가 with the venue, whose 저장 is in view too.
  await page.goto('/schedule');
  await settle(page);
  await page.getByRole('group', { name: '보기 방식' }).getByRole('button', { name: '지도', exact: true }).tap();
  await expect(page.getByRole('region', { name: '지도' })).toBeVisible();
  await expect.poll(() => visiblePinTitle(page), { timeout: 15_000 }).not.toBeNull();
  const venue = (await visiblePinTitle(page))!;
  const pin = page.locator(`.venue-map img.leaflet-marker-icon[title="${venue.replace(/"/g, '\\"')}"]`);
  expect(await inViewWithoutScrolling(pin), 'the pin is in view at 360 × 780').toBe(true);
  await pin.tap();
  const sheet = page.getByRole('dialog', { name: venue });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('term')).toHaveText(['음식 종류', '거리', '주소']);
  const create = sheet.getByRole('button', { name: '이 식당으로 약속 만들기' });
  await expect(create).toBeVisible();
  expect(await inViewWithoutScrolling(create), '이 식당으로 약속 만들기 is above the fold').toBe(true);
  await check('venue sheet');
  await create.tap();
  const add = page.getByRole('dialog', { name: '일정 추가' });
  await expect(add).toBeVisible();
  await expect(sheet).toBeHidden();
  await expect(add).toContainText(venue);
  const save = add.getByRole('button', { name: '저장', exact: true });
  await expect(save).toBeVisible();
  expect(await inViewWithoutScrolling(save), '일정 추가 의 저장 is above the fold').toBe(true);
  await check('일정 추가 from the venue sheet');
  await page.keyboard.press('Escape');
  await expect(add).toBeHidden();

  // 회원 탈퇴 with a wrong password: the server's refusal under the field.
  await page.goto('/profile');
  await settle(page);
  await page.getByRole('button', { name: '회원 탈퇴', exact: true }).click();
  const deletion = page.getByRole('dialog', { name: '회원 탈퇴' });
  await expect(deletion).toBeVisible();
  const password = deletion.getByLabel('비밀번호 확인');
  await password.fill('not-my-password-1');
  await deletion.getByRole('button', { name: '탈퇴하기', exact: true }).click();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(deletion.locator('.field__error')).toBeVisible();
  await check('회원 탈퇴 (error shown)');
  await page.keyboard.press('Escape');
  await expect(deletion).toBeHidden();

  // 매칭: the host's profile from the upcoming list.
  await page.goto('/matching');
  await settle(page);
  await page.getByRole('main').getByRole('button', { name: new RegExp(`^${host.name}(님)? 프로필`) }).first().click();
  const profile = page.getByRole('dialog', { name: host.name });
  await expect(profile).toBeVisible();
  await check("a host's profile on 매칭");

  await context.close();
  report('touch phone at 360 × 780', { findings, scans, broken: [] }, WCAG22_TAGS);
});

type Rgba = [number, number, number, number];

function parseColor(css: string): Rgba {
  const parts = css.match(/[\d.]+/g)?.map(Number) ?? [];
  if (!/^rgba?\(/.test(css) || parts.length < 3) throw new Error(`unexpected colour ${css}`);
  return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
}

/** `top` drawn over the opaque `bottom` with `alpha` (defaults to top's own alpha). */
function over(top: Rgba, bottom: Rgba, alpha = top[3]): Rgba {
  return [0, 1, 2].map((i) => top[i]! * alpha + bottom[i]! * (1 - alpha)).concat(1) as Rgba;
}

/** WCAG 2.x relative luminance of an sRGB colour (0–255 channels). */
function luminance([r, g, b]: Rgba): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio (1–21) of two opaque colours. */
function contrast(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const BUTTON_VARIANTS = ['', 'btn--primary', 'btn--secondary', 'btn--ghost', 'btn--danger', 'btn--danger-solid', 'btn--link'] as const;

test('every button variant reads at ≥ 4.5:1 (3:1 large text), enabled and disabled, on the page and on a card', async ({ browser }) => {
  const context = await browser.newContext(PHONE_780);
  const page = await context.newPage();
  await page.goto('/');
  await settle(page);
  // A test-only fragment in the real page: each variant, enabled and disabled, on the page's background and on a card.
  await page.evaluate((variants) => {
    const { document } = globalThis as unknown as DomWindow;
    const box = document.createElement('div');
    box.id = 'contrast-fixture';
    for (const surface of ['page', 'card']) {
      const wrap = document.createElement('div');
      if (surface === 'card') wrap.className = 'card';
      for (const variant of variants) {
        for (const disabled of [false, true]) {
          const button = document.createElement('button');
          button.type = 'button';
          button.className = `btn ${variant}`.trim();
          button.disabled = disabled;
          button.textContent = '약속 만들기';
          button.dataset.contrast = `${surface} · .btn${variant ? `.${variant}` : ''}${disabled ? ':disabled' : ''}`;
          wrap.append(button);
        }
      }
      box.append(wrap);
    }
    (document.querySelector('main') ?? document.body).prepend(box);
  }, BUTTON_VARIANTS);

  const samples = await page.locator('#contrast-fixture [data-contrast]').evaluateAll((buttons) =>
    buttons.map((node) => {
      const w = globalThis as unknown as DomWindow;
      const el = node as unknown as DomElement;
      const style = w.getComputedStyle(el);
      // The element's own background, then its ancestors' up to the first opaque one; opacity along the way.
      const alpha = (css: string) => Number(/^rgba\(.*,\s*([\d.]+)\)$/.exec(css)?.[1] ?? 1);
      const layers: string[] = [];
      let opacity = Number(style.opacity);
      for (let node = el.parentElement; node; node = node.parentElement) {
        const s = w.getComputedStyle(node);
        layers.push(s.backgroundColor);
        if (alpha(s.backgroundColor) === 1) break;
        opacity *= Number(s.opacity);
      }
      return {
        label: el.dataset.contrast ?? '',
        color: style.color,
        background: style.backgroundColor,
        behind: layers,
        opacity,
        fontSize: parseFloat(style.fontSize),
        fontWeight: Number(style.fontWeight),
      };
    }),
  );
  await context.close();

  expect(samples).toHaveLength(BUTTON_VARIANTS.length * 4);
  const failures: string[] = [];
  const rows: string[] = [];
  for (const sample of samples) {
    // What is behind the button: the innermost layers drawn over the first opaque one (white if none).
    let behind: Rgba = [255, 255, 255, 1];
    for (const layer of [...sample.behind].reverse()) behind = over(parseColor(layer), behind);
    const face = over(parseColor(sample.background), behind);
    const text = over(parseColor(sample.color), face);
    // The button's opacity blends its face and text with what is behind it.
    const finalFace = over(face, behind, sample.opacity);
    const finalText = over(text, behind, sample.opacity);
    const ratio = contrast(finalText, finalFace);
    const large = sample.fontSize >= 24 || (sample.fontSize >= 18.66 && sample.fontWeight >= 700);
    const needed = large ? 3 : 4.5;
    rows.push(`${sample.label.padEnd(44)} ${ratio.toFixed(2)}:1 (needs ${needed})`);
    if (ratio < needed) failures.push(`${sample.label}: ${ratio.toFixed(2)}:1 < ${needed}:1 (text ${sample.color} on ${sample.background}, opacity ${sample.opacity})`);
  }
  console.log(`button contrast:\n${rows.join('\n')}`);
  expect(failures, 'button variants below the WCAG AA contrast').toEqual([]);
});
