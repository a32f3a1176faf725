/**
 * Issue #14 (item 7): axe-core on every route, as a visitor, as a new member (profile not set up)
 * and as a set-up member, at 360 px and 1280 px, plus the dialogs (schedule add, venue filter,
 * matching filter, board post form and opened post, side menu, the confirm dialog). Fails on any
 * `serious` or `critical` WCAG 2.0/2.1 A/AA violation and prints a table of counts per rule.
 */
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { addDaysIso, todayKst } from '../common/domain/schedule.ts';
import { describeFindings, isFailing, scan, summaryTable, type Finding } from './support/axe.ts';
import { authHeader } from './support/matches.ts';
import { createMemberViaApi, loginViaUi, type Member } from './support/members.ts';
import { LOADING_TEXT } from './support/ui.ts';

const WIDTHS = [360, 1280] as const;
type Width = (typeof WIDTHS)[number];
const HEIGHT: Record<Width, number> = { 360: 740, 1280: 860 };

type Persona = 'visitor' | 'new member' | 'set-up member';

/** Data a member's pages need: a confirmed match (chat, write-review) and a board post. */
interface Seed {
  matchId: number;
  postTitle: string;
}

function routes(seed: Seed | null): string[] {
  const matchId = seed?.matchId ?? 1;
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
    '/board',
    '/restaurant-rec',
    `/chat/${matchId}`,
    `/write-review?matchId=${matchId}`,
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
    name: 'confirm dialog (나가기)',
    path: (seed) => `/chat/${seed.matchId}`,
    widths: WIDTHS,
    open: async (page) => {
      await page.getByRole('button', { name: '나가기', exact: true }).click();
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

async function seedFor(request: APIRequestContext, member: Member): Promise<Seed> {
  const suffix = Date.now().toString(36).slice(-5);
  const guest = await createMemberViaApi(request, { name: `접근성손님${suffix}` });
  const postTitle = `접근성 점검 글 ${suffix}`;
  const post = await request.post('/api/board', { headers: authHeader(member), data: { title: postTitle, content: '<p>같이 점심 먹어요</p>', tags: ['점심'] } });
  expect(post.status(), await post.text()).toBe(201);
  const created = await request.post('/api/schedules', {
    headers: authHeader(member),
    data: { date: addDaysIso(todayKst(), 1), time: 12, text: '같이 점심', placeName: `접근성식당${suffix}`, placeCategory: '한식', participants: 2 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const scheduleId = ((await created.json()) as { id: number }).id;
  const asked = await request.post('/api/matches', { headers: authHeader(guest), data: { scheduleId } });
  expect(asked.status(), await asked.text()).toBe(201);
  const received = (await (await request.get('/api/matches', { headers: authHeader(member) })).json()) as Array<{ id: number; schedule: { id: number } }>;
  const matchId = received.find((m) => m.schedule.id === scheduleId)!.id;
  for (const action of ['accept', 'confirm']) {
    const res = await request.post(`/api/matches/${matchId}/${action}`, { headers: authHeader(member) });
    expect(res.status(), await res.text()).toBe(200);
  }
  const said = await request.post(`/api/chat/${matchId}/messages`, { headers: authHeader(guest), data: { content: '안녕하세요, 내일 봬요!' } });
  expect(said.ok(), await said.text()).toBe(true);
  return { matchId, postTitle };
}

/** One scan: a route at a width, optionally with a dialog opened on it. */
interface Step {
  width: Width;
  path: string;
  dialog?: DialogScan;
}

function routeSteps(seed: Seed | null): Step[] {
  return WIDTHS.flatMap((width) => routes(seed).map((path) => ({ width, path })));
}

function dialogSteps(persona: Persona, seed: Seed | null): Step[] {
  // A new member sees only the setup (no side menu); a visitor has the side menu on a phone.
  if (persona === 'new member') return [];
  if (!seed) {
    const menu = DIALOGS.find((d) => d.name === 'side menu')!;
    return [{ width: 360, path: menu.path({ matchId: 1, postTitle: '' }), dialog: menu }];
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
        await step.dialog.open(page, seed ?? { matchId: 1, postTitle: '' });
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

test('axe: every route, no serious or critical WCAG A/AA violations — set-up member', async ({ browser, request }) => {
  test.setTimeout(TIMEOUT);
  const { context, seed } = await signedInContext(browser, request, 'set-up member');
  const result = await audit(context, 'set-up member', routeSteps(seed), seed);
  await context.close();
  report('set-up member, routes', result);
});

test('axe: dialogs open (schedule, filters, board, side menu, confirm), no serious or critical violations — set-up member', async ({ browser, request }) => {
  test.setTimeout(TIMEOUT);
  const { context, seed } = await signedInContext(browser, request, 'set-up member');
  const result = await audit(context, 'set-up member', dialogSteps('set-up member', seed), seed);
  await context.close();
  report('set-up member, dialogs', result);
});
