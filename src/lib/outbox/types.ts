/**
 * The outbox of writes made offline (issue #7, part 2): each entry is one POST the member made
 * while the network was down, replayed later with the same `Idempotency-Key` (= `key`).
 */
import type { QueryRoot } from '@/lib/query/keys';

/** Which screen a queued write belongs to. */
export type OutboxKind = 'comment' | 'review' | 'chat' | 'match-request';

/** The server refused the write for good (4xx other than 401/408/429): shown until dismissed. */
export interface OutboxFailure {
  status: number;
  /** The server's Korean message, or the generic fallback. */
  message: string;
}

export interface OutboxEntry {
  /** A `crypto.randomUUID()`, sent as `Idempotency-Key` on every attempt. */
  key: string;
  /** The member who wrote it: only sent with that member's token. */
  memberId: number;
  method: 'POST' | 'PUT' | 'DELETE';
  /** API path, e.g. `/api/board/12/comments`. */
  path: string;
  /** JSON body. */
  body: unknown;
  kind: OutboxKind;
  /** Korean one-liner shown in pending lists and failures, e.g. "댓글: 맛있어요…". */
  label: string;
  /** What screen part it belongs to (post id, match id, schedule id) as a string. */
  scope: string;
  /**
   * The query roots the write makes stale, from the declaration of the write that queued it
   * (`invalidates` of its `use-<operation>.ts`, issue #29). Absent on entries stored before: their
   * replay invalidates every query.
   */
  invalidates?: readonly QueryRoot[];
  /** ISO instant it was written; replay goes oldest first. */
  createdAt: string;
  /** Replay attempts made so far. */
  attempts: number;
  /** Set when the server refused it for good. */
  failure?: OutboxFailure;
}

/** Where entries are kept (IndexedDB in the app, memory in tests). */
export interface OutboxStorage {
  all: () => Promise<OutboxEntry[]>;
  put: (entry: OutboxEntry) => Promise<void>;
  remove: (key: string) => Promise<void>;
}
