/** memberStats takes lists of any length: ids are bound in chunks (issue #15; PostgreSQL allows 65,535 parameters). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { act, createSchedule, kstNoonToday, requestMatch } from '../../test/schedule-fixtures.ts';
import { memberStats } from './public.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(kstNoonToday());
});
afterAll(async () => {
  await t.close();
});

it('answers every id of a 70,001-id list, with the real figures of a member placed last', async () => {
  const host = await t.quickMember();
  const guest = await t.quickMember();
  const matchId = await requestMatch(t, guest.headers, await createSchedule(t, host.headers, { days: 1, time: 11 }));
  expect((await act(t, host.headers, matchId, 'accept')).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'POST', url: `/api/matches/${matchId}/cancel`, headers: host.headers })).statusCode).toBe(200); // 23 h ahead: late
  const ids = [...Array.from({ length: 70_000 }, (_, i) => 1_000_000 + i), host.id];
  const stats = await memberStats(t.app.db, ids, t.clock.now());
  expect(stats.size).toBe(70_001);
  expect(stats.get(host.id)).toEqual({ mealCount: 0, noShowCount: 0, lateCancelCount: 1 });
  expect(stats.get(1_000_000)).toEqual({ mealCount: 0, noShowCount: 0, lateCancelCount: 0 });
});
