/**
 * A real server process for the crash tests — server/realtime/durability.test.ts (issue #16 item 4)
 * and server/modules/notifications/outbox-crash.test.ts (issue #28 item 8) — started through
 * ./child-process.ts: the app on the data directory / database the parent names (`DATA_DIR`,
 * `JWT_SECRET`, `DATABASE_URL`), listening on a free loopback port, with no outbox scheduler and no
 * grace (the parent sweeps, so it can subscribe first: a line `sweep` on stdin runs
 * `app.outboxSweep()` and prints `{ swept }`). It answers in JSON lines. The parent kills it with
 * SIGKILL — nothing here shuts down gracefully on purpose.
 *
 * `SEED`:
 * - unset: prints `{ port }`;
 * - `accepted`: two members (김호스트, 게스트), a schedule tomorrow and the guest's request, accepted
 *   through the API; prints `{ port, hostToken, guestToken, matchId }`;
 * - `accept-then-crash`: the same, but the accept runs through the meals service exactly as the
 *   accept route does — the status change and the staged `match_accepted` notice in ONE
 *   transaction — and after the commit, instead of the route's `app.notifyAll(events)`, prints
 *   `{ port, guestId, guestToken, matchId, noticeId }` and waits: the parent kills it right there,
 *   between the commit and the publish.
 */
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { matchRequests, users } from '../db/schema.ts';
import { createMatchesService } from '../modules/meals/matches/service.ts';

const env = process.env;
const config = loadConfig({
  DATA_DIR: env.DATA_DIR!,
  JWT_SECRET: env.JWT_SECRET!,
  STATIC_DIR: `${env.DATA_DIR}/no-client`,
  LOG_LEVEL: env.CHILD_LOG_LEVEL ?? 'silent',
  PUBLIC_URL: 'http://127.0.0.1',
  ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}),
});
// No scheduler; no grace (the parent sweeps only once the first process is dead).
const app = await buildApp(config, { demoVenues: false, outbox: { intervalMs: 0, graceMs: 0 } });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const print = (value: object) => console.log(JSON.stringify(value));

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() !== 'sweep') return;
  void app.outboxSweep().then((swept) => print({ swept }));
});

/** A member made directly in the database, with a signed token. */
async function member(name: string) {
  const [row] = await app.db
    .insert(users)
    .values({ email: `${name}-${port}@example.com`, name, passwordHash: 'not-a-password', preferences: {}, isNewUser: false })
    .returning();
  return { id: row!.id, name, token: await app.tokens.sign({ id: row!.id, tokenVersion: row!.tokenVersion }) };
}

/** Two members, the host's schedule tomorrow (KST) and the guest's PENDING request on it, through the API. */
async function pendingMatch() {
  const host = await member('김호스트');
  const guest = await member('게스트');
  const date = new Date(Date.now() + 9 * 3600_000 + 24 * 3600_000).toISOString().slice(0, 10); // tomorrow, KST
  const created = await app.inject({
    method: 'POST',
    url: '/api/schedules',
    headers: { authorization: `Bearer ${host.token}` },
    payload: { date, time: 12, text: '크래시 점심', placeName: '광화문 국밥집', placeCategory: '한식', participants: 2 },
  });
  if (created.statusCode !== 201) throw new Error(`schedule: ${created.statusCode} ${created.body}`);
  const scheduleId = (created.json() as { id: number }).id;
  const asked = await app.inject({ method: 'POST', url: '/api/matches', headers: { authorization: `Bearer ${guest.token}` }, payload: { scheduleId } });
  if (asked.statusCode !== 201) throw new Error(`request: ${asked.statusCode} ${asked.body}`);
  const [request] = await app.db.select({ id: matchRequests.id }).from(matchRequests).where(eq(matchRequests.scheduleId, scheduleId));
  return { host, guest, matchId: request!.id };
}

if (env.SEED === 'accepted') {
  const { host, guest, matchId } = await pendingMatch();
  const accepted = await app.inject({ method: 'POST', url: `/api/matches/${matchId}/accept`, headers: { authorization: `Bearer ${host.token}` } });
  if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
  print({ port, hostToken: host.token, guestToken: guest.token, matchId });
} else if (env.SEED === 'accept-then-crash') {
  const { host, guest, matchId } = await pendingMatch();
  // The accept as the route runs it — the meals service changes the status and stages the notice in
  // one transaction — but without the route's `app.notifyAll(events)` after the commit.
  const meals = createMatchesService({ db: app.db, now: () => new Date(), rules: config.meal, stage: (tx, staged) => app.stageNotices(tx, staged) });
  const { events } = await meals.transition(host.id, matchId, 'accept');
  // Committed; `app.notifyAll(events)` would publish now. The parent kills this process instead.
  print({ port, guestId: guest.id, guestToken: guest.token, matchId, noticeId: events[0]!.notice!.id });
} else {
  print({ port });
}
