/**
 * Issue #19 item 5: nothing proportional to a table's size runs on the event loop. With 100,000
 * rows in each table (server/test/scale-seed.ts; `EVENT_LOOP_ROWS` overrides), the heaviest lists
 * are requested together, several rounds, while `/healthz` is requested every 20 ms on the same
 * process: each health answer must come within 250 ms, and every list must answer one bounded page.
 * Runs on PGlite (whose queries run on this very thread) and, in `node-postgres`, on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, todayKst } from '../common/domain/schedule.ts';
import { PAGE_DEFAULT } from '../common/paging.ts';
import { createTestApp, type TestApp } from './test/helper.ts';
import { seedScale } from './test/scale-seed.ts';

const ROWS = Number(process.env.EVENT_LOOP_ROWS ?? 100_000);
/** The lists whose work grew with their tables before issue #19. */
const HEAVY = [
  '/api/board',
  '/api/board?q=%EB%A7%9B%EC%9E%88',
  '/api/recommendations',
  '/api/schedules',
  `/api/schedules?date=${addDaysIso(todayKst(), 1)}&lat=37.5665&lng=126.978&radius=5000`,
  `/api/schedules/calendar?from=${todayKst()}&to=${addDaysIso(todayKst(), 21)}`,
  '/api/schedules/my',
  '/api/matches',
  '/api/matches/sent',
  '/api/reviews/my',
  '/api/notifications',
  '/api/venues?lat=37.5665&lng=126.978&radius=20000',
];

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const execute = async (statement: string) => {
    const result = (await t.app.db.execute(sql.raw(statement))) as unknown as { rows?: Array<Record<string, unknown>> } | Array<Record<string, unknown>>;
    return Array.isArray(result) ? result : (result.rows ?? []);
  };
  const viewer = await seedScale(execute, ROWS);
  const [row] = await execute(`select token_version from users where id = ${viewer}`);
  headers = { authorization: `Bearer ${await t.app.tokens.sign({ id: viewer, tokenVersion: Number(row!.token_version) })}` };
}, 600_000);
afterAll(async () => t?.close());

describe(`the event loop with ${ROWS.toLocaleString('en')} rows per table (issue #19 item 5)`, () => {
  it('every heavy list answers one bounded page', async () => {
    for (const url of HEAVY) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(200);
      const body = res.json() as unknown[];
      expect(Array.isArray(body), url).toBe(true);
      expect(body.length, url).toBeLessThanOrEqual(Math.max(PAGE_DEFAULT, 100));
    }
  }, 120_000);

  it('/healthz answers within 250 ms while the heavy lists run together', async () => {
    let done = false;
    const heavy = (async () => {
      for (let round = 0; round < 3; round++) await Promise.all(HEAVY.map((url) => t.app.inject({ url, headers })));
    })().finally(() => (done = true));
    const probes: number[] = [];
    while (!done) {
      const started = performance.now();
      const res = await t.app.inject({ url: '/healthz' });
      probes.push(performance.now() - started);
      expect(res.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await heavy;
    const worst = Math.max(...probes);
    console.info(`/healthz during the heavy lists at ${ROWS} rows: worst ${worst.toFixed(0)} ms of ${probes.length} probes`);
    expect(probes.length).toBeGreaterThan(0);
    expect(worst).toBeLessThan(250);
  }, 300_000);
});
