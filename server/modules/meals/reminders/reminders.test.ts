/**
 * Meal reminders (issue #15 item 8), as members observe them: the `meal_reminder` events the
 * notifier receives and the Korean text the live notifier pushes ("오늘 오후 6시 … 에서 약속이 있어요.").
 * Data is made through the HTTP API; time is moved with the test clock. Covered: each side once,
 * not before REMINDER_LEAD_MINUTES, at once when confirmed inside the lead time, never for meals
 * that started, were cancelled or are not confirmed; exactly once under concurrent sweeps (one
 * instance; two instances sharing PostgreSQL when DATABASE_URL is set), across restarts (a PGlite
 * data directory reopened), and the scheduler sweeping on its own.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveNotification } from '../../../../common/realtime.ts';
import { TABLE_MESSAGE } from '../../../../common/push.ts';
import { schedules } from '../../../db/schema.ts';
import type { MatchEvent } from '../../../plugins/notifier.ts';
import { createTestApp, type TestApp, type TestAppOptions } from '../../../test/helper.ts';
import { act, createSchedule, kstDate, kstMidnight, kstNoonToday, requestMatch } from '../../../test/schedule-fixtures.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const LEAD = 180 * MINUTE; // REMINDER_LEAD_MINUTES default
const ON_POSTGRES = process.env.TEST_DATABASE === 'postgres';

type Member = Awaited<ReturnType<TestApp['quickMember']>>;
interface Pushed {
  toUserId: number;
  notification: LiveNotification;
}

/** A test app whose push sender records what members' devices would get. */
async function appWithPushes(options: TestAppOptions = {}) {
  const pushed: Pushed[] = [];
  const t = await createTestApp({ ...options, realtime: { pushSender: { send: async (toUserId, notification) => {
    // Live notifications only (table chat messages are pushed too, not this test's subject).
    if (notification.type !== TABLE_MESSAGE) pushed.push({ toUserId, notification });
  } } } });
  return { t, pushed };
}

/** The reminders `events` hold for match `matchId`. */
const remindersOf = (events: readonly MatchEvent[], matchId: number) => events.filter((e) => e.type === 'meal_reminder' && e.matchId === matchId);

/** A CONFIRMED (or less) match: a new host's schedule at `date`/`time` KST, requested by a new guest. */
async function meal(t: TestApp, over: { date?: string; days?: number; time: number; placeName?: string }, status: 'PENDING' | 'ACCEPTED' | 'CONFIRMED' = 'CONFIRMED') {
  const host = await t.quickMember({ name: '김호스트', profileImage: '/avatars/bear.svg' });
  const guest = await t.quickMember({ name: '이게스트' });
  const scheduleId = await createSchedule(t, host.headers, { placeName: '광화문 국밥집', ...over });
  const id = await requestMatch(t, guest.headers, scheduleId);
  if (status !== 'PENDING') expect((await act(t, host.headers, id, 'accept')).statusCode).toBe(200);
  if (status === 'CONFIRMED') expect((await act(t, host.headers, id, 'confirm')).statusCode).toBe(200);
  const [row] = await t.app.db.select({ startsAt: schedules.startsAt, date: schedules.date }).from(schedules).where(eq(schedules.id, scheduleId));
  return { id, scheduleId, host, guest, startsAt: row!.startsAt, date: row!.date };
}

/** Cancels a match as `who` through `POST /api/matches/{id}/cancel`. */
async function cancelMatch(t: TestApp, who: Member, id: number) {
  const res = await t.app.inject({ method: 'POST', url: `/api/matches/${id}/cancel`, headers: who.headers, payload: {} });
  expect(res.statusCode, res.body).toBe(200);
}

describe('meal reminders on one instance', () => {
  let t: TestApp;
  let pushed: Pushed[];
  beforeAll(async () => {
    ({ t, pushed } = await appWithPushes());
  });
  afterAll(async () => {
    await t.close();
  });

  it('reminds each side once, REMINDER_LEAD_MINUTES before the start, naming the partner and the meal in Korean', async () => {
    t.clock.set(kstNoonToday());
    const m = await meal(t, { days: 1, time: 18, placeName: '을지로 칼국수' });
    // Computed without the code under test: 18:00 KST tomorrow.
    expect(m.startsAt.toISOString()).toBe(new Date(kstMidnight(t.clock.now(), 1).getTime() + 18 * HOUR).toISOString());

    t.clock.set(m.startsAt.getTime() - LEAD - MINUTE);
    await t.app.remindersSweep();
    expect(remindersOf(t.events, m.id)).toEqual([]);

    t.clock.set(m.startsAt.getTime() - LEAD + MINUTE);
    await t.app.remindersSweep();
    const expectedMeal = { placeName: '을지로 칼국수', date: m.date, time: 18 };
    expect(remindersOf(t.events, m.id)).toEqual(
      expect.arrayContaining([
        { type: 'meal_reminder', matchId: m.id, scheduleId: m.scheduleId, toUserId: m.host.id, fromUser: { id: m.guest.id, name: '이게스트', profileImage: null }, meal: expectedMeal },
        { type: 'meal_reminder', matchId: m.id, scheduleId: m.scheduleId, toUserId: m.guest.id, fromUser: { id: m.host.id, name: '김호스트', profileImage: '/avatars/bear.svg' }, meal: expectedMeal },
      ]),
    );
    expect(remindersOf(t.events, m.id)).toHaveLength(2);
    const texts = pushed.filter((p) => p.notification.type === 'meal_reminder' && p.notification.matchId === m.id);
    expect(texts.map((p) => p.toUserId).sort()).toEqual([m.host.id, m.guest.id].sort());
    for (const p of texts) {
      expect(p.notification.message).toBe('오늘 오후 6시 을지로 칼국수에서 약속이 있어요.');
      expect(p.notification.meal).toEqual(expectedMeal);
    }

    // Never again: later sweeps, closer to the meal.
    await t.app.remindersSweep();
    t.clock.set(m.startsAt.getTime() - 10 * MINUTE);
    expect(await t.app.remindersSweep()).toBe(0);
    expect(remindersOf(t.events, m.id)).toHaveLength(2);
  });

  it('reminds at once when the match is confirmed inside the lead time', async () => {
    t.clock.set(kstNoonToday());
    const m = await meal(t, { days: 0, time: 14, placeName: '명동 만두' }, 'ACCEPTED');
    await t.app.remindersSweep();
    expect(remindersOf(t.events, m.id)).toEqual([]); // accepted is not confirmed
    expect((await act(t, m.host.headers, m.id, 'confirm')).statusCode).toBe(200);
    await t.app.remindersSweep();
    expect(remindersOf(t.events, m.id).map((e) => e.toUserId).sort()).toEqual([m.host.id, m.guest.id].sort());
    const texts = pushed.filter((p) => p.notification.type === 'meal_reminder' && p.notification.matchId === m.id).map((p) => p.notification.message);
    expect(texts).toEqual(['오늘 오후 2시 명동 만두에서 약속이 있어요.', '오늘 오후 2시 명동 만두에서 약속이 있어요.']);
  });

  it('sends nothing for meals that started, cancelled or unconfirmed matches and deleted schedules', async () => {
    t.clock.set(kstNoonToday());
    const started = await meal(t, { days: 1, time: 17 });
    const pending = await meal(t, { days: 1, time: 18 }, 'PENDING');
    const accepted = await meal(t, { days: 1, time: 18 }, 'ACCEPTED');
    const cancelled = await meal(t, { days: 1, time: 19 });
    await cancelMatch(t, cancelled.guest, cancelled.id);
    const deleted = await meal(t, { days: 1, time: 20 });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/schedules/${deleted.scheduleId}`, headers: deleted.host.headers });
    expect([200, 204], del.body).toContain(del.statusCode);
    // A guard of its own: a schedule marked cancelled never reminds, whatever its requests say.
    const guarded = await meal(t, { days: 1, time: 20 });
    await t.app.db.update(schedules).set({ cancelledAt: t.clock.now() }).where(eq(schedules.id, guarded.scheduleId));
    const control = await meal(t, { days: 1, time: 19 });

    // 17:30 KST tomorrow: the 17:00 meal has started; the 18–20:00 ones are within the lead.
    t.clock.set(started.startsAt.getTime() + 30 * MINUTE);
    await t.app.remindersSweep();
    await t.app.remindersSweep();
    for (const m of [started, pending, accepted, cancelled, deleted, guarded]) expect(remindersOf(t.events, m.id), `match ${m.id}`).toEqual([]);
    expect(remindersOf(t.events, control.id)).toHaveLength(2);
  });

  it('reminds once when sweeps run at the same time', async () => {
    t.clock.set(kstNoonToday());
    const meals = [await meal(t, { days: 2, time: 12 }), await meal(t, { days: 2, time: 13 }), await meal(t, { days: 2, time: 14 })];
    t.clock.set(meals[0]!.startsAt.getTime() - 30 * MINUTE);
    const counts = await Promise.all(Array.from({ length: 6 }, () => t.app.remindersSweep()));
    expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(6);
    for (const m of meals) {
      const sent = remindersOf(t.events, m.id);
      expect(sent.map((e) => e.toUserId).sort(), `match ${m.id}`).toEqual([m.host.id, m.guest.id].sort());
    }
  });
});

describe('meal reminders across instances and restarts', () => {
  it.skipIf(!ON_POSTGRES)('two instances sharing one PostgreSQL database sweep together: each side is reminded once', async () => {
    const one = await appWithPushes();
    const two = await appWithPushes({ sharedDatabase: one.t.dbTarget });
    try {
      one.t.clock.set(kstNoonToday());
      const meals = [];
      for (const time of [12, 13, 14, 14]) meals.push(await meal(one.t, { days: 1, time }));
      const at = meals[0]!.startsAt.getTime() - 20 * MINUTE;
      one.t.clock.set(at);
      two.t.clock.set(at);
      await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? one : two).t.app.remindersSweep()));
      for (const m of meals) {
        const sent = [...remindersOf(one.t.events, m.id), ...remindersOf(two.t.events, m.id)];
        expect(sent.map((e) => e.toUserId).sort(), `match ${m.id}`).toEqual([m.host.id, m.guest.id].sort());
        const texts = [...one.pushed, ...two.pushed].filter((p) => p.notification.type === 'meal_reminder' && p.notification.matchId === m.id);
        expect(texts).toHaveLength(2);
      }
    } finally {
      await two.t.close();
      await one.t.close();
    }
  });

  it('a restarted instance (same PGlite data directory) catches up on start and never reminds twice', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bs-reminders-'));
    const target = { kind: 'pglite-dir' as const, dir };
    try {
      // Instance A: a meal that starts 1–2 h from real now; A's clock stays before its lead time.
      const a = await appWithPushes({ sharedDatabase: target });
      const start = new Date(Math.ceil(Date.now() / HOUR) * HOUR + HOUR);
      a.t.clock.set(start.getTime() - LEAD - 2 * HOUR);
      const m = await meal(a.t, { date: kstDate(start), time: Number(new Date(start.getTime() + 9 * HOUR).toISOString().slice(11, 13)) });
      expect(m.startsAt.toISOString()).toBe(start.toISOString());
      await a.t.app.remindersSweep();
      expect(remindersOf(a.t.events, m.id)).toEqual([]);
      await a.t.close();

      // Instance B starts (real time: inside the lead time) and reminds on its first sweep, unasked.
      const b = await appWithPushes({ sharedDatabase: target });
      await vi.waitFor(() => expect(remindersOf(b.t.events, m.id)).toHaveLength(2), { timeout: 10_000 });
      expect(b.pushed.filter((p) => p.notification.type === 'meal_reminder' && p.notification.matchId === m.id).map((p) => p.toUserId).sort()).toEqual([m.host.id, m.guest.id].sort());
      expect(await b.t.app.remindersSweep()).toBe(0);
      await b.t.close();

      // Instance C on the same data: nothing is sent again.
      const c = await appWithPushes({ sharedDatabase: target });
      expect(await c.t.app.remindersSweep()).toBe(0);
      expect(remindersOf(c.t.events, m.id)).toEqual([]);
      await c.t.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('the scheduler sweeps by itself every REMINDER_CHECK_SECONDS', async () => {
    const { t, pushed } = await appWithPushes({ env: { REMINDER_CHECK_SECONDS: '1' } });
    try {
      t.clock.set(kstNoonToday());
      const m = await meal(t, { days: 1, time: 19, placeName: '을지로 칼국수' });
      t.clock.set(m.startsAt.getTime() - 2 * HOUR);
      await vi.waitFor(() => expect(remindersOf(t.events, m.id)).toHaveLength(2), { timeout: 10_000, interval: 100 });
      expect(pushed.filter((p) => p.notification.type === 'meal_reminder' && p.notification.matchId === m.id).map((p) => p.notification.message)).toEqual([
        '오늘 오후 7시 을지로 칼국수에서 약속이 있어요.',
        '오늘 오후 7시 을지로 칼국수에서 약속이 있어요.',
      ]);
    } finally {
      await t.close();
    }
  });
});
