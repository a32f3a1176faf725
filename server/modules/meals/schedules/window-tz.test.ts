/**
 * The 21-day window is decided in KST whatever the process time zone (DESIGN.md "Time"): the same
 * checks run with `process.env.TZ` set to UTC and to America/Los_Angeles (Node re-reads TZ when it
 * is assigned; the offset assertion proves the zone really changed), with the clock just before and
 * just after KST midnight — when UTC and Los Angeles are still on the previous calendar day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedules } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { kstDate, kstMidnight, requestMatch } from '../../../test/schedule-fixtures.ts';

const originalTz = process.env.TZ;
let t: TestApp;
let host: Awaited<ReturnType<TestApp['quickMember']>>;
let guest: Awaited<ReturnType<TestApp['quickMember']>>;
beforeAll(async () => {
  t = await createTestApp();
  host = await t.quickMember();
  guest = await t.quickMember();
});
afterAll(async () => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
  await t.close();
});

/** A KST midnight two days ahead (tokens issued now stay valid). */
const midnight = kstMidnight(new Date(), 2);
const MINUTE = 60_000;
/** `todayOpen`: whether today's 12:00 meal has not started yet (issue #15: started hours are closed). */
const moments = [
  { label: '23:59 KST', at: new Date(midnight.getTime() - MINUTE), todayOpen: false },
  { label: '00:01 KST', at: new Date(midnight.getTime() + MINUTE), todayOpen: true },
];

const post = (date: string) =>
  t.app.inject({ method: 'POST', url: '/api/schedules', headers: host.headers, payload: { date, time: 12, text: '창 경계', placeName: '시청', placeCategory: '한식', participants: 3 } });

describe.each(['UTC', 'America/Los_Angeles'])('process time zone %s', (zone) => {
  beforeAll(() => {
    process.env.TZ = zone;
  });

  it('really runs in that zone', () => {
    const offset = new Date(midnight).getTimezoneOffset();
    expect(offset).not.toBe(-540); // not KST
    expect(zone === 'UTC' ? [0] : [420, 480]).toContain(offset);
    // At 00:01 KST the local calendar day is still the previous one.
    const local = new Date(midnight.getTime() + MINUTE);
    const localDate = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
    expect(localDate).toBe(kstDate(midnight, -1));
  });

  it.each(moments)('create: yesterday 400, today 201 (400 once 12:00 has passed), +21 201, +22 400 at $label', async ({ at, todayOpen }) => {
    t.clock.set(at);
    for (const [days, status] of [[-1, 400], [0, todayOpen ? 201 : 400], [21, 201], [22, 400]] as const) {
      const res = await post(kstDate(at, days));
      expect(res.statusCode, `${zone} ${kstDate(at, days)}`).toBe(status);
    }
  });

  it.each(moments)('lists, random and requests use the same KST window at $label', async ({ at, todayOpen }) => {
    t.clock.set(at);
    const ids: Record<string, number> = {};
    for (const days of [-1, 0, 21, 22]) {
      const [row] = await t.app.db
        .insert(schedules)
        .values({ userId: host.id, date: kstDate(at, days), hour: 12, text: `d${days}`, placeName: 'x', placeCategory: '한식', participants: 8 })
        .returning();
      ids[days] = row!.id;
    }
    const all = (await t.app.inject({ url: '/api/schedules', headers: guest.headers })).json() as Array<{ id: number }>;
    const listed = all.map((s) => s.id);
    if (todayOpen) expect(listed).toContain(ids[0]);
    else expect(listed).not.toContain(ids[0]); // today's 12:00 has started
    expect(listed).toContain(ids[21]);
    expect(listed).not.toContain(ids[-1]);
    expect(listed).not.toContain(ids[22]);
    const mine = ((await t.app.inject({ url: '/api/schedules/my', headers: host.headers })).json() as Array<{ id: number; date: string }>).map((s) => s.id);
    expect(mine).toContain(ids[0]);
    expect(mine).toContain(ids[22]); // mine: today and later, no upper bound
    expect(mine).not.toContain(ids[-1]);
    const ask = (id: number) => t.app.inject({ method: 'POST', url: '/api/matches', headers: guest.headers, payload: { scheduleId: id } });
    expect((await ask(ids[-1]!)).statusCode).toBe(409);
    expect((await ask(ids[22]!)).statusCode).toBe(409);
    if (todayOpen) await requestMatch(t, guest.headers, ids[0]!);
    else expect((await ask(ids[0]!)).statusCode).toBe(409);
    await requestMatch(t, guest.headers, ids[21]!);
    // Everything in the window is now requested by the guest, or was requested in an earlier round.
    const other = await t.quickMember();
    const random = (await t.app.inject({ url: '/api/schedules/random', headers: other.headers })).json() as { date: string };
    expect(random.date >= kstDate(at, 0) && random.date <= kstDate(at, 21)).toBe(true);
  });
});
