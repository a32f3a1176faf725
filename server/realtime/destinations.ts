/**
 * Authorisation of the live channel (issue #16 item 8): which destinations exist, who may
 * SUBSCRIBE to each and what a SEND to each does. The STOMP server knows none of them: the modules
 * that own a destination register it (`app.liveDestinations`, decorated by server/plugins/realtime.ts):
 * - server/modules/notifications: `/topic/user/{id}/notifications` (that member only);
 * - server/modules/chat: `/topic/chat/{matchId}` (its host and requester) and the SEND
 *   destination `/app/chat/{matchId}`.
 * The session's own `/user/queue/errors` (`USER_ERRORS_DESTINATION`) is built in.
 *
 * Rules: an unknown destination, or a SUBSCRIBE to a SEND destination, is refused (ERROR and close);
 * so is a SEND to any `/topic/*` (only the server publishes there).
 */
import type { StompHeaders } from '@stomp/stompjs';
import { USER_ERRORS_DESTINATION } from '../../common/realtime.ts';

/**
 * A destination clients may SUBSCRIBE to. `match` answers its parameters (e.g. `{matchId}`) or
 * null when the destination is not this one; `canSubscribe` decides for the connected member:
 * false → ERROR and close; a thrown AppError 400/409/422 (authorised but refused, e.g. 409
 * CHAT_BLOCKED, issue #32 item 5) → a MESSAGE on `/user/queue/errors`, no subscription, the
 * connection stays.
 */
export interface TopicDestination<P = unknown> {
  /** The pattern, for logs and docs (e.g. `/topic/chat/{matchId}`). */
  pattern: string;
  match(destination: string): P | null;
  canSubscribe(userId: number, params: P): boolean | Promise<boolean>;
}

/**
 * What a pipelining SEND destination's `handle` answers (issue #33 item 3): the SEND is queued —
 * `handle` resolved in the order it was called for a session — and `stored` settles once its
 * effect is durable (the RECEIPT is sent after it), or rejects with one of `handle`'s refusals.
 */
export interface QueuedSend {
  stored: Promise<unknown>;
}

/**
 * A destination clients SEND to (never a `/topic/*`). `handle` runs for the connected member and
 * resolves either once the frame's effect is durable (the RECEIPT is sent after it; the session
 * handles its next frame only then), or — to let a session pipeline its SENDs (issue #33 item 3)
 * — as soon as the SEND is queued, with a `QueuedSend`: the STOMP server calls `handle` for one
 * session's SENDs one after the other (the next once the previous resolved), so a destination
 * that queues before resolving keeps the session's frame order; it answers each SEND once its
 * `stored` settled, in frame order. `handle` (or `stored`) throws:
 * - `StompRefusal` (server/realtime/frames.ts): a protocol violation → ERROR and close;
 * - an AppError 400/409/422: authorised but refused (blank, too long, chat closed, content refused)
 *   → a MESSAGE on the session's `/user/queue/errors` with its `code` (lower-cased) and Korean
 *   `message`, no RECEIPT, the connection stays (issue #16 item 1);
 * - any other AppError (403/404: not a participant, unknown): ERROR "권한이 없어요." and close.
 */
export interface SendDestination<P = unknown> {
  pattern: string;
  match(destination: string): P | null;
  handle(userId: number, params: P, frame: { headers: StompHeaders; body: string }): Promise<void | QueuedSend>;
}

/** What a SUBSCRIBE names. */
export type SubscribeTarget = { kind: 'own-errors' } | { kind: 'topic'; authorise: (userId: number) => Promise<boolean> } | { kind: 'unknown' };

/** What a SEND names. */
export type SendTarget = { kind: 'send'; handle: (userId: number, frame: { headers: StompHeaders; body: string }) => Promise<void | QueuedSend> } | { kind: 'topic' } | { kind: 'unknown' };

/** The registry: modules add destinations while the app is built; the STOMP server resolves frames against it. */
export interface DestinationRegistry {
  topic<P>(destination: TopicDestination<P>): void;
  send<P>(destination: SendDestination<P>): void;
  resolveSubscribe(destination: string): SubscribeTarget;
  resolveSend(destination: string): SendTarget;
  /** The registered patterns (for logs and the API description). */
  patterns(): { topics: string[]; sends: string[] };
}

/** An empty registry (`/user/queue/errors` is built in). */
export function createDestinationRegistry(): DestinationRegistry {
  const topics: TopicDestination<unknown>[] = [];
  const sends: SendDestination<unknown>[] = [];
  return {
    topic(destination) {
      topics.push(destination as TopicDestination<unknown>);
    },
    send(destination) {
      if (destination.pattern.startsWith('/topic/')) throw new Error(`a SEND destination cannot be a topic: ${destination.pattern}`);
      sends.push(destination as SendDestination<unknown>);
    },
    resolveSubscribe(destination) {
      if (destination === USER_ERRORS_DESTINATION) return { kind: 'own-errors' };
      for (const t of topics) {
        const params = t.match(destination);
        if (params !== null) return { kind: 'topic', authorise: async (userId) => t.canSubscribe(userId, params) };
      }
      return { kind: 'unknown' };
    },
    resolveSend(destination) {
      if (destination.startsWith('/topic/')) return { kind: 'topic' };
      for (const s of sends) {
        const params = s.match(destination);
        if (params !== null) return { kind: 'send', handle: (userId, frame) => s.handle(userId, params, frame) };
      }
      return { kind: 'unknown' };
    },
    patterns: () => ({ topics: topics.map((t) => t.pattern), sends: sends.map((s) => s.pattern) }),
  };
}
