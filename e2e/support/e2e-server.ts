/**
 * The end-to-end server process: the real app (server/app.ts, exactly as server/main.ts builds it)
 * plus a loopback-only control port for what a browser test cannot wait for. Never used in
 * production (server/main.ts is the entry there).
 *
 * Control (127.0.0.1, port = app port + CONTROL_PORT_OFFSET):
 * - `POST /meal-happened {scheduleId}`: moves that schedule to yesterday (KST, same hour, or this
 *   hour when that is earlier), so its meal has started and reviews/attendance are open (issue #15)
 *   — the same thing the API tests do
 *   with `mealHappened` in server/test/schedule-fixtures.ts. Only that schedule changes, so specs
 *   running in parallel are not affected (a shared clock would be).
 * - `POST /meal-now {scheduleId}`: moves that schedule to today at the current KST hour, so its meal
 *   started within the hour: the arrival window (start ± 60 min) and the attendance question are
 *   open (issue #28: 도착했어요 and 안 나왔어요 in the same minutes).
 */
import { createServer, type IncomingMessage } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { addDaysIso, currentHourKst, todayKst } from '../../common/domain/schedule.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { schedules } from '../../server/db/schema.ts';
import { CONTROL_PORT_OFFSET } from './ports.ts';

const config = loadConfig();
const app = await buildApp(config);
await app.listen({ port: config.port, host: config.host });
app.log.info({ publicUrl: config.publicUrl }, '밥상친구 e2e server ready');

/** The request body as JSON (small bodies only). */
async function json(req: IncomingMessage): Promise<unknown> {
  let raw = '';
  for await (const chunk of req) {
    raw += chunk;
    if (raw.length > 10_000) throw new Error('body too large');
  }
  return JSON.parse(raw);
}

const control = createServer((req, res) => {
  void (async () => {
    if (req.method === 'POST' && req.url === '/meal-happened') {
      const { scheduleId } = (await json(req)) as { scheduleId?: unknown };
      if (typeof scheduleId !== 'number') throw new Error('scheduleId must be a number');
      const moved = await app.db
        .update(schedules)
        // Yesterday at the same hour — or at this hour when that is later in the day, so the start is
        // always a full day ago (a meal made late at night and moved after midnight KST would
        // otherwise have started an hour ago, before its reviews open).
        .set({ date: addDaysIso(todayKst(), -1), hour: sql`least(${schedules.hour}, ${currentHourKst()})` })
        .where(eq(schedules.id, scheduleId))
        .returning({ id: schedules.id });
      res.writeHead(moved.length ? 204 : 404).end();
      return;
    }
    if (req.method === 'POST' && req.url === '/meal-now') {
      const { scheduleId } = (await json(req)) as { scheduleId?: unknown };
      if (typeof scheduleId !== 'number') throw new Error('scheduleId must be a number');
      const now = new Date();
      const moved = await app.db
        .update(schedules)
        .set({ date: todayKst(now), hour: currentHourKst(now) })
        .where(eq(schedules.id, scheduleId))
        .returning({ id: schedules.id });
      res.writeHead(moved.length ? 204 : 404).end();
      return;
    }
    res.writeHead(404).end();
  })().catch((error: unknown) => {
    res.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
  });
});
control.listen(config.port + CONTROL_PORT_OFFSET, '127.0.0.1');

const shutdown = () => {
  control.close();
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
