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
 * parameters. The table gives the top node of the endpoint's costliest statement, and every
 * sequential scan on a table holding more than 10,000 rows is named (the goal: none).
 *
 * Needs DATABASE_URL (PostgreSQL; the issue's figures are PostgreSQL's). Prints figures; asserts
 * nothing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { heavyListUrls, seedScale } from '../server/test/scale-seed.ts';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('bench:scale needs DATABASE_URL (PostgreSQL), e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:scale');
  process.exit(2);
}
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const SIZES = arg('sizes', '1000,10000,100000').split(',').map(Number);
const RUNS = Number(arg('runs', '5'));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The list endpoints, as the viewer calls them. */
const ENDPOINTS = heavyListUrls();

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
async function explain(sql: postgres.Sql, statements: Array<{ query: string; params: unknown[] }>): Promise<string> {
  const sizes = new Map((await sql<{ relname: string; n: number }[]>`select relname, reltuples::float8 as n from pg_class where relkind = 'r'`).map((r) => [r.relname, r.n]));
  let costliest: PlanNode | undefined;
  const seqScans = new Set<string>();
  for (const { query, params } of statements) {
    if (!/^\s*(select|with)\b/i.test(query)) continue;
    const [row] = await sql.unsafe<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }[]>(`explain (format json) ${query}`, params as never[]);
    const root = row!['QUERY PLAN'][0]!.Plan;
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
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bs-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent', STATIC_DIR: path.join(dataDir, 'none') });
  let capture: Array<{ query: string; params: unknown[] }> | null = null;
  const onQuery = (query: string, params: unknown[]) => capture?.push({ query, params });
  const app = await buildApp(config, { database: { kind: 'postgres', url: url.toString(), onQuery }, logger: false, demoVenues: false });
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    const started = performance.now();
    const viewer = await seedScale((statement) => sql.unsafe(statement), n);
    const [row] = await sql<{ token_version: number }[]>`select token_version from users where id = ${viewer}`;
    const token = await app.tokens.sign({ id: viewer, tokenVersion: row!.token_version, email: 'bench1@example.com' });
    const headers = { authorization: `Bearer ${token}` };
    console.log(`\n${n.toLocaleString('en')} rows per table: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    for (const endpoint of ENDPOINTS) {
      await app.inject({ url: endpoint, headers });
      const times: number[] = [];
      let last = { statusCode: 0, body: '' };
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        last = await app.inject({ url: endpoint, headers });
        times.push(performance.now() - t0);
      }
      capture = [];
      await app.inject({ url: endpoint, headers });
      const statements = capture;
      capture = null;
      const plan = await explain(sql, statements);
      const cell = `${median(times).toFixed(0)} ms · ${(last.body.length / 1024).toFixed(0)} KiB${last.statusCode === 200 ? '' : ` · ${last.statusCode}`}`;
      console.log(`  ${endpoint.padEnd(52)} ${cell.padEnd(22)} ${plan}`);
      if (!plans.has(endpoint)) plans.set(endpoint, new Map());
      plans.get(endpoint)!.set(n, plan);
      if (!results.has(endpoint)) results.set(endpoint, new Map());
      results.get(endpoint)!.set(n, cell);
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
    await sql.end();
    await app.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(`\n| endpoint (median of ${RUNS}, as the viewer) | ${SIZES.map((n) => n.toLocaleString('en')).join(' | ')} |`);
console.log(`| --- | ${SIZES.map(() => '---').join(' | ')} |`);
for (const [endpoint, cells] of results) console.log(`| \`${endpoint}\` | ${SIZES.map((n) => cells.get(n) ?? '—').join(' | ')} |`);
console.log(`| /healthz meanwhile | ${SIZES.map((n) => healthz.get(n) ?? '—').join(' | ')} |`);
console.log(`\n| endpoint: plan of its costliest SELECT | ${SIZES.map((n) => n.toLocaleString('en')).join(' | ')} |`);
console.log(`| --- | ${SIZES.map(() => '---').join(' | ')} |`);
for (const [endpoint, cells] of plans) console.log(`| \`${endpoint}\` | ${SIZES.map((n) => cells.get(n) ?? '—').join(' | ')} |`);
