/**
 * `GET /api/schedules/random` on its own database (every other member's schedule is a candidate),
 * with a deterministic random source.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedules } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { act, createSchedule, kstDate, kstNoonToday, requestMatch } from '../../../test/schedule-fixtures.ts';

let t: TestApp;
let roll = 0;
beforeAll(async () => {
  t = await createTestApp({ random: () => roll });
  t.clock.set(new Date(kstNoonToday().getTime() - 4 * 3600_000)); // 08:00 KST: today's noon meals have not started
});
afterAll(async () => {
  await t.close();
});

const random = (headers: Record<string, string>) => t.app.inject({ url: '/api/schedules/random', headers });

describe('GET /api/schedules/random', () => {
  it('404 with the Korean text when there is no candidate; 401 anonymous', async () => {
    const me = await t.quickMember();
    await createSchedule(t, me.headers); // only my own
    const res = await random(me.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: '현재 매칭 가능한 상대가 없습니다.', code: 'NO_MATCH_AVAILABLE' });
    expect((await t.app.inject({ url: '/api/schedules/random' })).statusCode).toBe(401);
  });

  it('excludes mine, full, already requested and out-of-window; ranks by shared preferences, then the soonest; picks among the best three', async () => {
    const me = await t.quickMember({ preferences: { 한식: true, 일식: true, 맵찔이: true, 중식: false } });
    const a = await t.quickMember({ name: 'A', preferences: { 한식: true, 일식: true, 맵찔이: true } }); // overlap 3
    const b = await t.quickMember({ name: 'B', preferences: { 한식: true, 중식: true } }); // overlap 1
    const c = await t.quickMember({ name: 'C', preferences: { 중식: true, 일식: false } }); // overlap 0
    const d = await t.quickMember({ name: 'D' }); // overlap 0
    const filler = await t.quickMember();

    await createSchedule(t, me.headers, { days: 0 });
    // A's full schedule (capacity 2, one accepted) and A's schedules outside the window.
    const full = await createSchedule(t, a.headers, { days: 0, participants: 2 });
    await act(t, a.headers, await requestMatch(t, filler.headers, full), 'accept');
    const now = t.clock.now();
    for (const date of [kstDate(now, -1), kstDate(now, 22)]) {
      await t.app.db.insert(schedules).values({ userId: a.id, date, hour: 12, text: '창 밖', placeName: 'x', placeCategory: '한식', participants: 4 });
    }
    // B's schedule I already asked for.
    const requested = await createSchedule(t, b.headers, { days: 0 });
    await requestMatch(t, me.headers, requested);
    // Candidates.
    const best = await createSchedule(t, a.headers, { days: 5 });
    const second = await createSchedule(t, b.headers, { days: 2 });
    const third = await createSchedule(t, d.headers, { days: 1, time: 9 });
    const fourth = await createSchedule(t, c.headers, { days: 1, time: 10 });

    const pick = async (r: number) => {
      roll = r;
      const res = await random(me.headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { id: number; user: { id: number; name: string; preferences: Record<string, boolean> }; placeName: string; date: string };
    };
    const top = await pick(0);
    expect(top.id).toBe(best);
    expect(top.user).toMatchObject({ id: a.id, name: 'A', preferences: { 한식: true, 일식: true, 맵찔이: true } });
    expect((await pick(0.5)).id).toBe(second);
    expect((await pick(0.999)).id).toBe(third);
    const seen = new Set<number>();
    for (const r of [0, 0.2, 0.4, 0.6, 0.8, 0.99]) seen.add((await pick(r)).id);
    expect([...seen].sort()).toEqual([best, second, third].sort());
    expect(seen.has(fourth)).toBe(false);

    // Once I ask for the best, the next-best move up.
    await requestMatch(t, me.headers, best);
    expect((await pick(0)).id).toBe(second);
    expect((await pick(0.999)).id).toBe(fourth);
  });

  it('with no shared preferences the soonest comes first', async () => {
    const me = await t.quickMember({ preferences: { '채식 지향': true } });
    const res = await (async () => {
      roll = 0;
      return random(me.headers);
    })();
    expect(res.statusCode).toBe(200);
    const list = (await t.app.inject({ url: '/api/schedules', headers: me.headers })).json() as Array<{ id: number; date: string; time: number; participants: number; currentParticipants: number; user: { id: number } }>;
    const open = list.filter((s) => s.currentParticipants < s.participants);
    expect(res.json().id).toBe(open[0]!.id);
  });
});
