/**
 * Issue #33 item 5: each app instance keeps its members' reliability figures (`memberStats` in
 * ./public.ts) in memory, so a list whose authors were seen lately costs one statement, not two.
 *
 * Invalidation, whoever the writer and whichever instance: migration 0024's triggers on
 * match_members, match_requests (status, cancelled_at), schedules (start time) and attendance
 * reports call `pg_notify('member_stats', '<id>,<id>,…')` (or `'*'`) in the writer's transaction;
 * PostgreSQL delivers it when the writer commits (never for a rollback) to every instance that
 * LISTENs on the same database, and PGlite to its own process before the COMMIT's promise settles.
 * `watchMemberStats` LISTENs and drops the named members (all on `'*'`).
 *
 * Rules (each closes one way of serving a stale figure):
 * - only a watched `Database` is cached: a transaction (`Tx`) reads and answers uncached, since it
 *   may see its own uncommitted writes;
 * - nothing is served or stored while the listener is down, and every (re)LISTEN clears
 *   everything (notifications sent while it was down are lost);
 * - before a read looks at the cache, every write committed before the read began has dropped its
 *   members (`sync`; PostgreSQL delivers notifications asynchronously, see `watchMemberStats`);
 * - a read that was under way when one of its members was named does not store that member's
 *   figures (its snapshot may predate the write): reads in flight are tracked, per member;
 * - an entry answers only at an instant `now` (the injected clock) from its own instant up to
 *   `MEMBER_STATS_TTL_MS` later: the 180-day window moves on without any write, so a mark leaving
 *   the window may still count for that long;
 * - at most `MEMBER_STATS_CACHE_MAX` members, least recently used first out.
 */
import fp from 'fastify-plugin';
import postgres from 'postgres';
import type { MemberStats } from '../../../common/api/users.ts';
import type { Database, DbTarget } from '../../db/database.ts';

/** How long (ms of the injected clock) cached figures answer: bounds the window's drift (issue #33 item 5). */
export const MEMBER_STATS_TTL_MS = 60_000;
/** How many members' figures one instance keeps (≈ 100 bytes each). */
export const MEMBER_STATS_CACHE_MAX = 20_000;
/** The notification channel of migration 0024. */
export const MEMBER_STATS_CHANNEL = 'member_stats';
/** The `application_name` of each instance's listening connection on PostgreSQL (pg_stat_activity). */
export const MEMBER_STATS_LISTENER = 'bapsang member_stats listener';

interface Entry {
  figures: MemberStats;
  /** The instant (ms) the figures were read for. */
  at: number;
}

/** A read under way: the members it asked for and those named since it started. */
interface Read {
  ids: ReadonlySet<number>;
  named: Set<number>;
  all: boolean;
}

/** One instance's cache of member figures (see the module comment). */
export class MemberStatsCache {
  private readonly entries = new Map<number, Entry>();
  private readonly reads = new Set<Read>();
  /** True while the listener is up (set by `watchMemberStats`). */
  listening = false;
  /**
   * Settles once every write committed before the call has dropped its members here (rejects when
   * that cannot be known: read uncached). Set by `watchMemberStats`.
   */
  sync: () => Promise<void> = async () => {};

  /** The cached figures of `id` valid at instant `now` (ms), or undefined. */
  get(id: number, now: number): MemberStats | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (now < entry.at || now - entry.at >= MEMBER_STATS_TTL_MS) {
      this.entries.delete(id);
      return undefined;
    }
    // least recently used first out: a hit moves to the end
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry.figures;
  }

  /** Starts tracking a read of `ids`; pass the answer to `store`, then always `end` it. */
  begin(ids: readonly number[]): Read {
    const read: Read = { ids: new Set(ids), named: new Set(), all: !this.listening };
    this.reads.add(read);
    return read;
  }

  /** Stores the figures `read` found at instant `now` (ms), except members named since it began. */
  store(read: Read, figures: ReadonlyMap<number, MemberStats>, now: number): void {
    if (read.all || !this.listening) return;
    for (const [id, f] of figures) {
      if (read.named.has(id)) continue;
      this.entries.delete(id);
      this.entries.set(id, { figures: Object.freeze(f), at: now });
    }
    for (const id of this.entries.keys()) {
      if (this.entries.size <= MEMBER_STATS_CACHE_MAX) break;
      this.entries.delete(id);
    }
  }

  /** Stops tracking `read`. */
  end(read: Read): void {
    this.reads.delete(read);
  }

  /** Drops members `ids` (and keeps reads under way from storing them). */
  drop(ids: Iterable<number>): void {
    for (const id of ids) {
      this.entries.delete(id);
      for (const read of this.reads) if (read.ids.has(id)) read.named.add(id);
    }
  }

  /** Drops every member (and keeps every read under way from storing). */
  clear(): void {
    this.entries.clear();
    for (const read of this.reads) read.all = true;
  }

  /** Applies a `member_stats` payload: ids separated by commas, or `*` for all. */
  apply(payload: string): void {
    if (payload === '*') return this.clear();
    const ids = payload.split(',').map(Number);
    // a payload that is not a list of ids: safest is to forget everything
    if (ids.some((id) => !Number.isInteger(id))) return this.clear();
    this.drop(ids);
  }

  /** How many members are cached (tests, metrics). */
  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<Database, MemberStatsCache>();

/** The cache of `db` when `watchMemberStats` watches it (undefined for a transaction or an unwatched handle). */
export function memberStatsCacheOf(db: unknown): MemberStatsCache | undefined {
  return caches.get(db as Database);
}

/**
 * Coalesced pings: `sync()` settles once a ping SENT AFTER it was called has been answered; calls
 * arriving while a ping is out share the next one (at most one waits behind the one out).
 */
export class PingBarrier {
  private out: Promise<void> | undefined;
  private next: Promise<void> | undefined;
  constructor(private readonly ping: () => Promise<void>) {}

  sync(): Promise<void> {
    if (!this.out) return this.send();
    this.next ??= this.out.then(
      () => this.sendNext(),
      () => this.sendNext(),
    );
    return this.next;
  }

  private sendNext(): Promise<void> {
    this.next = undefined;
    return this.send();
  }

  private send(): Promise<void> {
    const p: Promise<void> = this.ping().finally(() => {
      if (this.out === p) this.out = undefined;
    });
    this.out = p;
    return p;
  }
}

/**
 * Starts caching the figures read through `db` (the app's handle, opened on `target`) and resolves
 * with a function that stops and forgets the cache.
 * - PGlite (one process): `listen` on the client; PGlite hands each notification to the listener
 *   before the writer's COMMIT settles, so a read that starts after a write completed never finds
 *   the old figures.
 * - PostgreSQL: a connection of its own (postgres.js, one connection) that LISTENs. Before a read
 *   looks at the cache, `sync` sends `select 1` on that connection (coalesced, `PingBarrier`):
 *   PostgreSQL signals every listener while the writer commits and a listener sends what is
 *   pending before it answers a query, so once the answer is in, every write committed before the
 *   read began — on any instance — has dropped its members. A dropped connection stops the cache
 *   (`onclose`); the next ping reconnects, LISTENs again and clears everything.
 * When LISTEN or a ping fails, that read goes to the database uncached (`onError` is told).
 */
export async function watchMemberStats(db: Database, target: DbTarget, onError: (error: unknown) => void): Promise<() => Promise<void>> {
  const cache = new MemberStatsCache();
  const onPayload = (payload: string) => cache.apply(payload);
  if (target.kind !== 'postgres') {
    const client = (db as unknown as { $client: { listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>> } }).$client;
    const unlisten = await client.listen(MEMBER_STATS_CHANNEL, onPayload);
    cache.listening = true;
    caches.set(db, cache);
    return async () => {
      caches.delete(db);
      await unlisten().catch(() => {});
    };
  }
  // `onnotify`: postgres.js hands each NotificationResponse of a pool connection to this option
  // (how its own `listen` works; not in its types). Our LISTEN and pings share the one connection,
  // which `sql.listen` (a connection of its own) would not allow. If an upgrade stopped calling
  // it, member-stats.test.ts's instances on one PostgreSQL would see the old figures.
  const options: postgres.Options<Record<string, never>> & { onnotify: (channel: string, payload: string) => void } = {
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    fetch_types: false,
    connection: { application_name: MEMBER_STATS_LISTENER },
    onnotice: () => {},
    onnotify: (channel, payload) => {
      if (channel === MEMBER_STATS_CHANNEL) onPayload(payload);
    },
    onclose: () => {
      cache.listening = false;
      cache.clear();
    },
  };
  const connection = postgres(target.url, options);
  let failing = false;
  const ping = async () => {
    try {
      if (!cache.listening) {
        await connection.unsafe(`listen ${MEMBER_STATS_CHANNEL}`);
        cache.clear();
        cache.listening = true;
      }
      await connection.unsafe('select 1');
      failing = false;
    } catch (error) {
      if (!failing) onError(error); // once per outage, not once per read
      failing = true;
      throw error;
    }
  };
  const barrier = new PingBarrier(ping);
  cache.sync = () => barrier.sync();
  caches.set(db, cache);
  await cache.sync().catch(() => {});
  return async () => {
    caches.delete(db);
    cache.listening = false;
    await connection.end({ timeout: 1 });
  };
}

/**
 * Registers the cache of `app.db` (issue #33 item 5), listening before the app answers, stopped
 * before the database closes (`preClose`). Options: the database target `app.db` was opened on.
 */
export const memberStatsPlugin = fp<{ target: DbTarget }>(
  async (app, { target }) => {
    const stop = await watchMemberStats(app.db, target, (error) => app.log.warn({ err: error }, 'member figures read uncached: LISTEN member_stats failed'));
    app.addHook('preClose', stop);
  },
  { name: 'member-stats', dependencies: ['db'] },
);
