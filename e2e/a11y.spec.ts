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
 */
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { addDaysIso, todayKst } from '../common/domain/schedule.ts';
import { describeFindings, isFailing, scan, summaryTable, type Finding } from './support/axe.ts';
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

function report(title: string, { findings, scans, broken }: Audit): void {
  console.log(`\n${summaryTable(title, findings, scans)}\n`);
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
