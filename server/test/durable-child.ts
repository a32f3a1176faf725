/**
 * A server process for the durability test (server/realtime/durability.test.ts): the real app on
 * the data directory / database the parent names, listening on a free loopback port. With
 * `SEED=1` it first makes two members and an accepted match between them (directly and through
 * the API). It prints one JSON line: `{ port, hostToken?, guestToken?, matchId? }`. The parent kills
 * it with SIGKILL — nothing here shuts down gracefully on purpose.
 */
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { users } from '../db/schema.ts';

const env = process.env;
const config = loadConfig({
  DATA_DIR: env.DATA_DIR!,
  JWT_SECRET: env.JWT_SECRET!,
  STATIC_DIR: `${env.DATA_DIR}/no-client`,
  LOG_LEVEL: env.CHILD_LOG_LEVEL ?? 'silent',
  PUBLIC_URL: 'http://127.0.0.1',
  ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}),
});
const app = await buildApp(config, { demoVenues: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;

if (env.SEED !== '1') {
  console.log(JSON.stringify({ port }));
} else {
  const member = async (name: string) => {
    const [row] = await app.db
      .insert(users)
      .values({ email: `${name}-${port}@example.com`, name, passwordHash: 'not-a-password', preferences: {}, isNewUser: false })
      .returning();
    return { id: row!.id, token: await app.tokens.sign({ id: row!.id, tokenVersion: row!.tokenVersion }) };
  };
  const host = await member('호스트');
  const guest = await member('게스트');
  const date = new Date(Date.now() + 9 * 3600_000 + 24 * 3600_000).toISOString().slice(0, 10); // tomorrow, KST
  const created = await app.inject({
    method: 'POST',
    url: '/api/schedules',
    headers: { authorization: `Bearer ${host.token}` },
    payload: { date, time: 12, text: '내구성 점심', placeName: '광화문 국밥집', placeCategory: '한식', participants: 2 },
  });
  const scheduleId = (created.json() as { id: number }).id;
  await app.inject({ method: 'POST', url: '/api/matches', headers: { authorization: `Bearer ${guest.token}` }, payload: { scheduleId } });
  const sent = (await app.inject({ url: '/api/matches/sent', headers: { authorization: `Bearer ${guest.token}` } })).json() as Array<{ id: number }>;
  const matchId = sent[0]!.id;
  await app.inject({ method: 'POST', url: `/api/matches/${matchId}/accept`, headers: { authorization: `Bearer ${host.token}` } });
  console.log(JSON.stringify({ port, hostToken: host.token, guestToken: guest.token, matchId }));
}
