/**
 * `npm run bench:scale` (issue #19 item 8): how every list endpoint grows with the tables.
 *
 * For each size (default 1k, 10k, 100k rows per table; `--sizes 1000,10000`) a new PostgreSQL
 * database (from `DATABASE_URL`, dropped afterwards) is migrated and seeded straight with SQL
 * (server/test/scale-seed.ts, shared with the event-loop test). Each endpoint is called through the app (`app.inject`, full serialisation) once to
 * warm up and then `--runs` times (default 5) as the viewer; the table prints the median in ms,
 * the answer's size and status. Then the heaviest lists are requested together while `/healthz`
 * is timed (item 5: nothing proportional to a table may hold the event loop).
 *
 * Plans (item 8): one more call per endpoint records the statements the app sends (the database
 * target's `onQuery`); each SELECT is run again as `EXPLAIN (FORMAT JSON)` with the same
 * parameters (members' figures, cached since issue #33 item 5, are forgotten first so their
 * statement is among them). The table gives the top node of the endpoint's costliest statement, and every
 * sequential scan on a table holding more than 10,000 rows is named (the goal: none).
 *
 * Issue #33 item 4 (lists that stay flat): the newest post carries 10,000 comments (so `/api/board`
 * lists it), and three more requests are timed — a board search that matches nothing (one of 3+
 * characters, which a trigram index can answer, and a Korean 2-syllable one, which it cannot), the
 * calendar without a position filter, and `/api/board` as a member who blocked one of the big
 * post's commenters (the block path of the comment counts).
 *
 * PostgreSQL when DATABASE_URL is set (the issue's figures are PostgreSQL's), else — or with
 * `--pglite` — an in-memory PGlite per size. Prints figures; asserts nothing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { addDaysIso, todayKst } from '../common/domain/schedule.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { memberStatsCacheOf } from '../server/modules/meals/member-stats-cache.ts';
import { heavyListUrls, seedScale } from '../server/test/scale-seed.ts';

const adminUrl = process.argv.includes('--pglite') ? undefined : process.env.DATABASE_URL;
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const SIZES = arg('sizes', '1000,10000,100000').split(',').map(Number);
const RUNS = Number(arg('runs', '5'));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Who calls an endpoint: the seeded viewer, or the member who blocked one of the big post's commenters. */
type Caller = 'viewer' | 'blocker';
/** The list endpoints, as the viewer calls them, then issue #33 item 4's (label, url, caller). */
const today = todayKst();
const ENDPOINTS: Array<{ label: string; url: string; as: Caller }> = [
  ...heavyListUrls().map((url) => ({ label: url, url, as: 'viewer' as const })),
  { label: '/api/board?q=검색되지않는말 (no match)', url: `/api/board?q=${encodeURIComponent('검색되지않는말')}`, as: 'viewer' },
  { label: '/api/board?q=국수 (no match, 2 chars)', url: `/api/board?q=${encodeURIComponent('국수')}`, as: 'viewer' },
  { label: '/api/schedules/calendar (unfiltered)', url: `/api/schedules/calendar?from=${today}&to=${addDaysIso(today, 21)}`, as: 'viewer' },
  { label: '/api/board (member with a block)', url: '/api/board', as: 'blocker' },
];

/** Runs one SQL statement (with `$n` parameters) and answers its rows. */
type Run = (statement: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;

/**
 * Issue #33 item 4: the newest post with 10,000 comments by many members, and a member who blocked
 * one of its commenters; answers that member's id.
 */
async function seedBigPost(run: Run, viewer: number): Promise<number> {
  const [m] = await run(`select count(*)::int as n from users where email like 'bench%@example.com'`);
  const members = Number(m!.n);
  const [p] = await run(`insert into posts (author_id, title, content, tags, created_at) values ($1, '댓글 많은 글', '<p>댓글이 만 개 달린 글</p>', '["한식"]'::jsonb, now() + interval '1 minute') returning id`, [viewer + 1]);
  await run(`insert into post_comments (post_id, author_id, text) select $1::int, $2::int + 1 + (g % ($3::int - 1)), '댓글 ' || g from generate_series(1, 10000) g`, [p!.id, viewer, members]);
  const blocker = viewer + 2;
  await run(`insert into blocks (blocker_id, blocked_id) values ($1, $2)`, [blocker, viewer + 3]);
  await run('analyze');
  return blocker;
}

const results = new Map<string, Map<number, string>>();
const plans = new Map<string, Map<number, string>>();

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Total Cost': number;
  Plans?: PlanNode[];
}

/**
 * EXPLAINs the SELECTs an endpoint sent: answers the top node of the costliest one (e.g.
 * `Limit ← Index Scan posts_created_at_id_idx`) and names every sequential scan on a table of more
 * than 10,000 rows (`SEQ SCAN posts (100000 rows)`).
 */
async function explain(run: Run, statements: Array<{ query: string; params: unknown[] }>): Promise<string> {
  const sizes = new Map((await run(`select relname, reltuples::float8 as n from pg_class where relkind = 'r'`)).map((r) => [String(r.relname), Number(r.n)]));
  let costliest: PlanNode | undefined;
  const seqScans = new Set<string>();
  for (const { query, params } of statements) {
    if (!/^\s*(select|with)\b/i.test(query)) continue;
    const [row] = await run(`explain (format json) ${query}`, params);
    const root = (row!['QUERY PLAN'] as Array<{ Plan: PlanNode }>)[0]!.Plan;
    if (!costliest || root['Total Cost'] > costliest['Total Cost']) costliest = root;
    const walk = (node: PlanNode) => {
      if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && (sizes.get(node['Relation Name']) ?? 0) > 10_000) {
        seqScans.add(`SEQ SCAN ${node['Relation Name']} (${sizes.get(node['Relation Name'])!.toFixed(0)} rows)`);
      }
      node.Plans?.forEach(walk);
    };
    walk(root);
  }
  if (!costliest) return 'no SELECT';
  const describe = (node: PlanNode) => `${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : node['Relation Name'] ? ` ${node['Relation Name']}` : ''}`;
  const child = costliest.Plans?.[0];
  const top = child ? `${describe(costliest)} ← ${describe(child)}` : describe(costliest);
  return [top, ...seqScans].join('; ');
}
const healthz = new Map<number, string>();

for (const n of SIZES) {
  const name = `bs_bench_${randomBytes(5).toString('hex')}`;
  const admin = adminUrl ? postgres(adminUrl, { max: 1, onnotice: () => {} }) : undefined;
  let url: URL | undefined;
  if (admin && adminUrl) {
    await admin.unsafe(`create database ${name}`);
    url = new URL(adminUrl);
    url.pathname = `/${name}`;
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bs-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent', STATIC_DIR: path.join(dataDir, 'none') });
  let capture: Array<{ query: string; params: unknown[] }> | null = null;
  const onQuery = (query: string, params: unknown[]) => capture?.push({ query, params });
  const app = await buildApp(config, {
    database: url ? { kind: 'postgres', url: url.toString(), onQuery } : { kind: 'pglite-memory', onQuery },
    logger: false,
    demoVenues: false,
  });
  const sql = url ? postgres(url.toString(), { max: 1, onnotice: () => {} }) : undefined;
  const pglite = url ? undefined : (app.db as unknown as { $client: PGlite }).$client;
  const run: Run = sql
    ? (statement, params = []) => sql.unsafe(statement, params as never[]) as unknown as Promise<Array<Record<string, unknown>>>
    : async (statement, params = []) => (await pglite!.query<Record<string, unknown>>(statement, params)).rows;
  try {
    const started = performance.now();
    const viewer = await seedScale((statement) => run(statement), n);
    const blocker = await seedBigPost(run, viewer);
    const headersOf = async (id: number) => {
      const [row] = await run('select token_version, email from users where id = $1', [id]);
      const token = await app.tokens.sign({ id, tokenVersion: Number(row!.token_version), email: String(row!.email) });
      return { authorization: `Bearer ${token}` };
    };
    const callers: Record<Caller, Record<string, string>> = { viewer: await headersOf(viewer), blocker: await headersOf(blocker) };
    const headers = callers.viewer;
    console.log(`\n${n.toLocaleString('en')} rows per table (${url ? 'PostgreSQL' : 'PGlite'}): seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    for (const { label, url: endpoint, as } of ENDPOINTS) {
      const h = callers[as];
      await app.inject({ url: endpoint, headers: h });
      const times: number[] = [];
      let last = { statusCode: 0, body: '' };
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        last = await app.inject({ url: endpoint, headers: h });
        times.push(performance.now() - t0);
      }
      // Issue #33 item 5: members' figures are cached after the warm-up; forget them so the
      // captured statements still include the figures statement and its plan is checked.
      memberStatsCacheOf(app.db)?.clear();
      capture = [];
      await app.inject({ url: endpoint, headers: h });
      const statements = capture;
      capture = null;
      const plan = await explain(run, statements);
      const cell = `${median(times).toFixed(0)} ms · ${(last.body.length / 1024).toFixed(0)} KiB${last.statusCode === 200 ? '' : ` · ${last.statusCode}`}`;
      console.log(`  ${label.padEnd(52)} ${cell.padEnd(22)} ${plan}`);
      if (!plans.has(label)) plans.set(label, new Map());
      plans.get(label)!.set(n, plan);
      if (!results.has(label)) results.set(label, new Map());
      results.get(label)!.set(n, cell);
    }
    // Item 5: /healthz while the heaviest lists run together.
    const heavy = Promise.all(['/api/board', '/api/recommendations', '/api/schedules', '/api/venues?lat=37.5665&lng=126.978&radius=20000'].map((u) => app.inject({ url: u, headers })));
    const probes: number[] = [];
    let done = false;
    void heavy.then(() => (done = true));
    while (!done) {
      const t0 = performance.now();
      await app.inject({ url: '/healthz' });
      probes.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 10));
    }
    const worst = Math.max(...probes);
    healthz.set(n, `${worst.toFixed(0)} ms worst of ${probes.length}`);
    console.log(`  /healthz during the heaviest lists: ${healthz.get(n)}`);
  } finally {
    await sql?.end();
    await app.close();
    if (admin) {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(`\n| endpoint (median of ${RUNS}; ${adminUrl ? 'PostgreSQL' : 'PGlite'}) | ${SIZES.map((n) => n.toLocaleString('en')).join(' | ')} |`);
console.log(`| --- | ${SIZES.map(() => '---').join(' | ')} |`);
for (const [endpoint, cells] of results) console.log(`| \`${endpoint}\` | ${SIZES.map((n) => cells.get(n) ?? '—').join(' | ')} |`);
console.log(`| /healthz meanwhile | ${SIZES.map((n) => healthz.get(n) ?? '—').join(' | ')} |`);
console.log(`\n| endpoint: plan of its costliest SELECT | ${SIZES.map((n) => n.toLocaleString('en')).join(' | ')} |`);
console.log(`| --- | ${SIZES.map(() => '---').join(' | ')} |`);
for (const [endpoint, cells] of plans) console.log(`| \`${endpoint}\` | ${SIZES.map((n) => cells.get(n) ?? '—').join(' | ')} |`);
