/**
 * The notification outbox (issue #28 item 8): notices staged in a transaction that rolls back are
 * gone; staged in one that commits they are in the inbox, unpublished, until `notifyAll` publishes
 * them (live, with the stored id) and marks them; the sweep publishes what is left unpublished after
 * the grace — once, in the live shape of the request path — also with several sweeps at a time and
 * with two instances on one PostgreSQL database; the scheduler sweeps at start-up and periodically.
 * The crash itself (kill -9 between commit and publish) is ./outbox-crash.test.ts.
 * Real database (PGlite; PostgreSQL in the node-postgres project) and real STOMP clients.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationItem } from '../../../common/api/notifications.ts';
import { userNotificationsTopic, type LiveNotification } from '../../../common/realtime.ts';
import { TABLE_MESSAGE } from '../../../common/push.ts';
import { notifications } from '../../db/schema.ts';
import type { MatchEvent } from '../../plugins/notifier.ts';
import { listen, stompClient, waitFor, type TestStomp } from '../../realtime/test-clients.ts';
import { createTestApp, type TestApp, type TestAppOptions } from '../../test/helper.ts';
import { OUTBOX_GRACE_MS } from './outbox.ts';

const ON_POSTGRES = process.env.TEST_DATABASE === 'postgres';
type Member = Awaited<ReturnType<TestApp['quickMember']>>;
interface Pushed {
  toUserId: number;
  notification: LiveNotification;
}

/** A test app (no outbox scheduler unless asked) whose push sender records what devices would get. */
async function appWithPushes(options: TestAppOptions = {}) {
  const pushed: Pushed[] = [];
  const t = await createTestApp({
    outbox: { intervalMs: 0 },
    ...options,
    realtime: { pushSender: { send: async (toUserId, notification) => {
    // Live notifications only (table chat messages are pushed too, not this test's subject).
    if (notification.type !== TABLE_MESSAGE) pushed.push({ toUserId, notification });
  } } },
  });
  return { t, pushed };
}

/** A `match_accepted` event from `from` to `to` (the ids need no match: notices carry no foreign key). */
const accepted = (from: Member, to: Member, matchId = 7): MatchEvent => ({
  type: 'match_accepted',
  matchId,
  scheduleId: 3,
  toUserId: to.id,
  fromUser: { id: from.id, name: from.name, profileImage: null },
});

/** Stages `events` in a transaction that commits. */
const stageCommitted = (t: TestApp, events: MatchEvent[]) => t.app.db.transaction((tx) => t.app.stageNotices(tx, events));

const rowOf = async (t: TestApp, id: number) => (await t.app.db.select().from(notifications).where(eq(notifications.id, id)))[0];

const inbox = async (t: TestApp, who: Member) => {
  const res = await t.app.inject({ url: '/api/notifications', headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NotificationItem[];
};

/** A STOMP client of `who` on its notifications topic; answers it and its live message bodies. */
async function liveOf(url: string, who: Member) {
  const client: TestStomp = stompClient(url, who.token);
  await client.connected;
  const messages = client.subscribe(userNotificationsTopic(who.id));
  await client.sync();
  return { client, bodies: () => messages.map((m) => JSON.parse(m.body) as LiveNotification) };
}

describe('stageNotices and notifyAll (one instance)', () => {
  let t: TestApp;
  let pushed: Pushed[];
  let url: string;
  const clients: TestStomp[] = [];
  beforeAll(async () => {
    ({ t, pushed } = await appWithPushes());
    url = await listen(t);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.stop()));
    await t.close();
  });

  it('a transaction that rolls back leaves no notice', async () => {
    const [host, guest] = [await t.quickMember({ name: '호스트' }), await t.quickMember({ name: '게스트' })];
    const events = [accepted(host, guest)];
    await expect(
      t.app.db.transaction(async (tx) => {
        await t.app.stageNotices(tx, events);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(events[0]!.notice?.id).toBeTypeOf('number');
    expect(await rowOf(t, events[0]!.notice!.id)).toBeUndefined();
    expect(await inbox(t, guest)).toEqual([]);
  });

  it('a transaction that commits leaves an unpublished notice in the inbox; notifyAll publishes it with its id and marks it published', async () => {
    const [host, guest] = [await t.quickMember({ name: '김민지' }), await t.quickMember({ name: '게스트' })];
    const live = await liveOf(url, guest);
    clients.push(live.client);
    const meal = { placeName: '을지로 칼국수', date: '2026-12-14', time: 18 };
    const events: MatchEvent[] = [{ ...accepted(host, guest, 41), meal }];
    await stageCommitted(t, events);
    const notice = events[0]!.notice!;
    expect(notice).toMatchObject({ id: expect.any(Number), link: '/match-requests' });
    const row = await rowOf(t, notice.id);
    expect(row).toMatchObject({ userId: guest.id, type: 'match_accepted', matchId: 41, publishedAt: null, message: '김민지님이 12월 14일 (월) 오후 6시 을지로 칼국수 약속 신청을 수락했어요.' });
    expect((await inbox(t, guest)).map((i) => i.id)).toEqual([notice.id]);
    await live.client.sync();
    expect(live.bodies()).toEqual([]);

    await t.app.notifyAll(events);
    const expected: LiveNotification = {
      type: 'match_accepted',
      matchId: 41,
      scheduleId: 3,
      fromUser: { id: host.id, name: '김민지' },
      message: row!.message,
      meal,
      createdAt: notice.createdAt.toISOString(),
      id: notice.id,
      link: '/match-requests',
    };
    await waitFor(() => live.bodies().length === 1);
    expect(live.bodies()).toEqual([expected]);
    expect(pushed.filter((p) => p.toUserId === guest.id).map((p) => p.notification)).toEqual([expected]);
    expect((await rowOf(t, notice.id))!.publishedAt).toBeInstanceOf(Date);
    expect((await inbox(t, guest)).map((i) => i.id)).toEqual([notice.id]); // not stored twice

    // The sweep, past the grace, finds nothing left to publish.
    t.clock.advance(OUTBOX_GRACE_MS + 1000);
    expect(await t.app.outboxSweep()).toBe(0);
    await live.client.sync();
    expect(live.bodies()).toHaveLength(1);
  });

  it('between blocked members the staged notice is null: nothing stored, nothing published', async () => {
    const [host, guest] = [await t.quickMember(), await t.quickMember()];
    const blocked = await t.app.inject({ method: 'POST', url: '/api/blocks', headers: guest.headers, payload: { userId: host.id } });
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
    const live = await liveOf(url, guest);
    clients.push(live.client);
    const events = [accepted(host, guest)];
    await stageCommitted(t, events);
    expect(events[0]!.notice).toBeNull();
    await t.app.notifyAll(events);
    await live.client.sync();
    expect(live.bodies()).toEqual([]);
    expect(await inbox(t, guest)).toEqual([]);
    expect(pushed.filter((p) => p.toUserId === guest.id)).toEqual([]);
  });

  it('an unstaged event (reminders, chat) is stored, published and marked published', async () => {
    const [host, guest] = [await t.quickMember(), await t.quickMember()];
    await t.app.notifyAll([accepted(host, guest)]);
    const [item] = await inbox(t, guest);
    expect((await rowOf(t, item!.id))!.publishedAt).toBeInstanceOf(Date);
    expect(pushed.filter((p) => p.toUserId === guest.id).map((p) => p.notification.id)).toEqual([item!.id]);
  });

  it('the sweep publishes a notice left unpublished once the grace has passed, once, in the live shape of the request path', async () => {
    const [host, guest] = [await t.quickMember({ name: '박서준' }), await t.quickMember()];
    const live = await liveOf(url, guest);
    clients.push(live.client);
    const events = [accepted(host, guest, 52)];
    await stageCommitted(t, events); // … and the process "crashed" before notifyAll.
    const notice = events[0]!.notice!;
    expect(await t.app.outboxSweep()).toBe(0); // still inside the grace: its request may be publishing it
    t.clock.advance(OUTBOX_GRACE_MS + 1000);
    expect(await t.app.outboxSweep()).toBe(1);
    await waitFor(() => live.bodies().length === 1);
    const expected: LiveNotification = {
      type: 'match_accepted',
      matchId: 52,
      scheduleId: 3,
      fromUser: { id: host.id, name: '박서준' },
      message: '박서준님이 약속 신청을 수락했어요.',
      createdAt: notice.createdAt.toISOString(),
      id: notice.id,
      link: '/match-requests',
    };
    expect(live.bodies()).toEqual([expected]);
    expect(pushed.filter((p) => p.toUserId === guest.id).map((p) => p.notification)).toEqual([expected]);
    expect((await rowOf(t, notice.id))!.publishedAt).toBeInstanceOf(Date);
    expect(await t.app.outboxSweep()).toBe(0);
    await live.client.sync();
    expect(live.bodies()).toHaveLength(1);
  });

  it('sweeps running at once publish each notice once (row locks, SKIP LOCKED; batches of 100)', async () => {
    const host = await t.quickMember();
    const guests = await Promise.all(Array.from({ length: 5 }, () => t.quickMember()));
    const events = Array.from({ length: 150 }, (_, i) => accepted(host, guests[i % 5]!, 1000 + i));
    await stageCommitted(t, events);
    t.clock.advance(OUTBOX_GRACE_MS + 1000);
    const counts = await Promise.all(Array.from({ length: 4 }, () => t.app.outboxSweep()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(150);
    const ids = pushed.filter((p) => guests.some((g) => g.id === p.toUserId)).map((p) => p.notification.id);
    expect(ids.sort()).toEqual(events.map((e) => e.notice!.id).sort());
  });
});

describe('the outbox across instances and restarts', () => {
  it.skipIf(!ON_POSTGRES)('two instances sharing one PostgreSQL database: each notice is published live and pushed exactly once', async () => {
    // One JWT secret, so a member's token opens the live channel of either instance.
    const env = { JWT_SECRET: randomBytes(32).toString('hex') };
    const one = await appWithPushes({ env });
    const two = await appWithPushes({ env, sharedDatabase: one.t.dbTarget });
    const clients: TestStomp[] = [];
    try {
      const [urlOne, urlTwo] = [await listen(one.t), await listen(two.t)];
      const host = await one.t.quickMember();
      const guests = await Promise.all(Array.from({ length: 4 }, () => one.t.quickMember()));
      // Each guest listens on both instances (each has its own in-process broker: no Redis here).
      const lives = [];
      for (const g of guests) for (const url of [urlOne, urlTwo]) lives.push(await liveOf(url, g));
      clients.push(...lives.map((l) => l.client));
      const events = Array.from({ length: 120 }, (_, i) => accepted(host, guests[i % 4]!, 2000 + i));
      await stageCommitted(one.t, events);
      const at = Date.now() + OUTBOX_GRACE_MS + 1000;
      one.t.clock.set(at);
      two.t.clock.set(at);
      const counts = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? one : two).t.app.outboxSweep()));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(120);
      const pushedIds = [...one.pushed, ...two.pushed].map((p) => p.notification.id);
      expect(pushedIds.sort()).toEqual(events.map((e) => e.notice!.id).sort());
      await Promise.all(lives.map((l) => l.client.sync()));
      const liveIds = lives.flatMap((l) => l.bodies().map((b) => b.id));
      expect(liveIds.sort()).toEqual(events.map((e) => e.notice!.id).sort());
    } finally {
      await Promise.all(clients.map((c) => c.stop()));
      await two.t.close();
      await one.t.close();
    }
  });

  // Three PGlite starts on one data directory: the timeout is sized for a loaded two-core machine.
  it('the scheduler publishes what was left unpublished at start-up, and new leftovers periodically', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bs-outbox-'));
    const target = { kind: 'pglite-dir' as const, dir };
    try {
      // Instance A stages a notice and stops without publishing it.
      const a = await appWithPushes({ sharedDatabase: target });
      const [host, guest] = [await a.t.quickMember(), await a.t.quickMember()];
      const first = [accepted(host, guest, 61)];
      await stageCommitted(a.t, first);
      await a.t.close();
      expect(a.pushed).toEqual([]);

      // Instance B (grace 0, a sweep a minute) publishes it on start, unasked.
      const b = await appWithPushes({ sharedDatabase: target, outbox: { intervalMs: 60_000, graceMs: 0 } });
      await vi.waitFor(() => expect(b.pushed.map((p) => p.notification.id)).toEqual([first[0]!.notice!.id]), { timeout: 10_000, interval: 50 });
      await b.t.close();

      // Instance C (a sweep every 150 ms) publishes a notice left unpublished while it runs.
      const c = await appWithPushes({ sharedDatabase: target, outbox: { intervalMs: 150, graceMs: 0 } });
      const second = [accepted(host, guest, 62)];
      await stageCommitted(c.t, second);
      await vi.waitFor(() => expect(c.pushed.map((p) => p.notification.id)).toEqual([second[0]!.notice!.id]), { timeout: 10_000, interval: 50 });
      await c.t.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
