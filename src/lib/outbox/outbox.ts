/**
 * The outbox engine (issue #7, part 2), free of browser globals so it can be tested:
 *
 * - `sendOrQueue` sends a write now with a fresh `Idempotency-Key`; when the browser is offline
 *   or the request gets no answer (ApiError status 0) — or earlier writes of the member are still
 *   waiting, to keep their order — it is stored and resolves `{ queued: true }`.
 * - `flush` replays the CURRENT member's waiting entries one by one, oldest first, each with its
 *   own key every time. Another member's entries stay until that member signs in again: they are
 *   never sent with someone else's token. Single-flight (one replay at a time; `lock` can extend
 *   that across tabs).
 *   2xx → removed, `onSent` listeners told (the screen reloads), a quiet notice.
 *   4xx other than 401/408/429 → kept as a failure the member sees until dismissed (never dropped
 *   silently), with the server's Korean message; replay goes on with the next entry.
 *   401/408/429/5xx/no answer → kept; replay stops (order) and is retried with backoff.
 */
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { isApiError } from '@/lib/api-client';
import type { OutboxEntry, OutboxKind, OutboxStorage } from './types';

/** What a screen hands to `sendOrQueue`. */
export interface OutboxWrite {
  method?: OutboxEntry['method'];
  path: string;
  body: unknown;
  kind: OutboxKind;
  label: string;
  scope: string;
  /** What the write changes (its hook's `invalidates`, issue #29): invalidated when a replay is accepted. */
  invalidates?: OutboxEntry['invalidates'];
}

export type SendResult<T> = { queued: false; data: T } | { queued: true; entry: OutboxEntry };

export interface OutboxDeps {
  storage: OutboxStorage;
  /** Sends one entry with `Idempotency-Key: entry.key`; throws ApiError on failure. */
  send: (entry: OutboxEntry) => Promise<unknown>;
  /** The signed-in member's id, or null. */
  currentMember: () => number | null;
  isOnline: () => boolean;
  newKey?: () => string;
  now?: () => Date;
  /** Runs `task` under a cross-tab lock when available (navigator.locks). */
  lock?: (task: () => Promise<void>) => Promise<void>;
  /** Schedules a later replay; returns a cancel function. */
  schedule?: (task: () => void, delayMs: number) => () => void;
  /** A replayed write was accepted (quiet notice). */
  notifySent?: (entry: OutboxEntry) => void;
  /** A replayed write was refused for good (error notice). */
  notifyFailed?: (entry: OutboxEntry) => void;
}

export interface OutboxState {
  /** The current member's entries (waiting and failed), oldest first. */
  entries: OutboxEntry[];
}

/** First retry delay after a replay that could not get through; doubles up to the maximum. */
export const RETRY_BASE_MS = 5_000;
export const RETRY_MAX_MS = 5 * 60_000;

/**
 * Answers worth retrying later (the write was not judged): no answer, auth, timeout, rate limit,
 * server errors, and 409 `IDEMPOTENCY_IN_PROGRESS` (the server is still working on the first send
 * of this very key, server/plugins/idempotency.ts).
 */
export function isRetryable(status: number, code?: string): boolean {
  if (status === 409 && code === 'IDEMPOTENCY_IN_PROGRESS') return true;
  return status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;
}

/** The stored form of a write of `memberId` under Idempotency-Key `key`. */
function entryOf(write: OutboxWrite, memberId: number, key: string, createdAt: string, attempts: number): OutboxEntry {
  return {
    key,
    memberId,
    method: write.method ?? 'POST',
    path: write.path,
    body: write.body,
    kind: write.kind,
    label: write.label,
    scope: write.scope,
    ...(write.invalidates ? { invalidates: write.invalidates } : {}),
    createdAt,
    attempts,
  };
}

/** Waiting entries (not failed) of one kind and scope, oldest first. */
export function pendingOf(entries: OutboxEntry[], kind: OutboxKind, scope: string): OutboxEntry[] {
  return entries.filter((e) => !e.failure && e.kind === kind && e.scope === scope);
}

/** Entries the server refused for good. */
export function failuresOf(entries: OutboxEntry[]): OutboxEntry[] {
  return entries.filter((e) => e.failure);
}

function byAge(a: OutboxEntry, b: OutboxEntry): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
}

export interface Outbox {
  store: UseBoundStore<StoreApi<OutboxState>>;
  sendOrQueue: <T>(write: OutboxWrite) => Promise<SendResult<T>>;
  /** Replays the current member's waiting entries (single-flight). */
  flush: () => Promise<void>;
  /** Re-reads the storage into the store (after sign-in/sign-out). */
  refresh: () => Promise<void>;
  /** Removes a failure the member has seen. */
  dismiss: (key: string) => Promise<void>;
  /** Called with each replayed entry the server accepted and its answer. Returns the unsubscribe. */
  onSent: (listener: (entry: OutboxEntry, data: unknown) => void) => () => void;
  /** Stops a scheduled retry (tests, sign-out). */
  stop: () => void;
}

export function createOutbox(deps: OutboxDeps): Outbox {
  const { storage, send, currentMember, isOnline } = deps;
  const newKey = deps.newKey ?? (() => crypto.randomUUID());
  const now = deps.now ?? (() => new Date());
  const lock = deps.lock ?? ((task) => task());
  const schedule =
    deps.schedule ??
    ((task, delay) => {
      const timer = setTimeout(task, delay);
      return () => clearTimeout(timer);
    });
  const store = create<OutboxState>()(() => ({ entries: [] }));
  const listeners = new Set<(entry: OutboxEntry, data: unknown) => void>();
  let flushing: Promise<void> | null = null;
  let again = false;
  let cancelRetry: (() => void) | null = null;
  let retryDelay = RETRY_BASE_MS;
  let lastCreated = '';

  async function mine(): Promise<OutboxEntry[]> {
    const member = currentMember();
    if (member === null) return [];
    return (await storage.all()).filter((e) => e.memberId === member).sort(byAge);
  }

  async function refresh(): Promise<void> {
    store.setState({ entries: await mine() });
  }

  function retryLater(): void {
    cancelRetry?.();
    cancelRetry = schedule(() => {
      cancelRetry = null;
      void flush();
    }, retryDelay);
    retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
  }

  /** A strictly increasing ISO instant, so two writes in one millisecond keep their order. */
  function createdAt(): string {
    let at = now().toISOString();
    if (at <= lastCreated) at = new Date(Date.parse(lastCreated) + 1).toISOString();
    lastCreated = at;
    return at;
  }

  async function replayOnce(): Promise<void> {
    const member = currentMember();
    if (member === null) return;
    let blocked = false;
    for (const entry of (await mine()).filter((e) => !e.failure)) {
      if (currentMember() !== member) return; // signed out or switched: stop, never cross tokens
      const attempt = { ...entry, attempts: entry.attempts + 1 };
      await storage.put(attempt);
      try {
        const data = await send(attempt);
        await storage.remove(attempt.key);
        retryDelay = RETRY_BASE_MS;
        deps.notifySent?.(attempt);
        for (const listener of [...listeners]) listener(attempt, data);
      } catch (error) {
        const status = isApiError(error) ? error.status : 0;
        if (!isApiError(error) || isRetryable(status, error.code)) {
          blocked = true;
          break; // keep the order: later entries wait for this one
        }
        const failed: OutboxEntry = { ...attempt, failure: { status, message: error.serverMessage ?? '' } };
        await storage.put(failed);
        deps.notifyFailed?.(failed);
      }
    }
    await refresh();
    if (blocked) retryLater();
    else {
      cancelRetry?.();
      cancelRetry = null;
    }
  }

  function flush(): Promise<void> {
    if (flushing) {
      again = true;
      return flushing;
    }
    flushing = (async () => {
      try {
        do {
          again = false;
          await lock(replayOnce);
        } while (again);
      } catch (error) {
        console.warn('outbox replay failed', error);
        retryLater();
      } finally {
        flushing = null;
      }
    })();
    return flushing;
  }

  async function queue(write: OutboxWrite, member: number, key: string): Promise<OutboxEntry> {
    const entry = entryOf(write, member, key, createdAt(), 0);
    await storage.put(entry);
    await refresh();
    if (isOnline()) retryLater();
    return entry;
  }

  async function sendOrQueue<T>(write: OutboxWrite): Promise<SendResult<T>> {
    const member = currentMember();
    const key = newKey();
    const draft = entryOf(write, member ?? 0, key, now().toISOString(), 1);
    // Signed out: nothing can be queued for anyone; send and let the server answer.
    if (member === null) return { queued: false, data: (await send(draft)) as T };
    const waiting = (await mine().catch(() => [])).some((e) => !e.failure);
    if (!isOnline() || waiting) {
      const entry = await queue(write, member, key);
      if (isOnline()) void flush();
      return { queued: true, entry };
    }
    try {
      return { queued: false, data: (await send(draft)) as T };
    } catch (error) {
      if (isApiError(error) && error.status === 0) return { queued: true, entry: await queue(write, member, key) };
      throw error;
    }
  }

  async function dismiss(key: string): Promise<void> {
    await storage.remove(key);
    await refresh();
  }

  return {
    store,
    sendOrQueue,
    flush,
    refresh,
    dismiss,
    onSent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop: () => {
      cancelRetry?.();
      cancelRetry = null;
    },
  };
}
