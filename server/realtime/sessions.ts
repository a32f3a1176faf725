/**
 * STOMP sessions and subscriptions of this instance (issue #16 item 8): the open sessions, the
 * index from destination to subscriptions, delivery of broker messages as MESSAGE frames, and the
 * bounded outbound side (a slow consumer — over `SLOW_CONSUMER_BYTES` waiting in its socket — is
 * dropped rather than let memory grow; issue #16 item 2).
 */
import type { WebSocket } from 'ws';
import type { IRawFrameType, StompHeaders } from '@stomp/stompjs';
import type { FastifyBaseLogger } from 'fastify';
import { USER_ERRORS_DESTINATION, type StompUserError } from '../../common/realtime.ts';
import { encodeFrame } from './frames.ts';

/** Bytes a session's socket may have buffered before it is dropped as a slow consumer. */
export const SLOW_CONSUMER_BYTES = 4 * 1024 * 1024;

/** One SUBSCRIBE of one session. */
export interface Subscription {
  session: Session;
  id: string;
  destination: string;
}

/** One WebSocket connection speaking STOMP. */
export interface Session {
  id: string;
  ws: WebSocket;
  /** The session's logger: the upgrade request's (its request id) with the session id. */
  log: FastifyBaseLogger;
  /** The member, once CONNECT was accepted. */
  userId: number | null;
  /** The CONNECT token's `ver` and `exp` (seconds); meaningful once `userId` is set. */
  tokenVer: number;
  tokenExp: number;
  version: '1.0' | '1.1' | '1.2';
  subs: Map<string, Subscription>;
  /** When the client last sent anything (ms), for heart-beats. */
  lastIn: number;
  closed: boolean;
  timers: NodeJS.Timeout[];
  /** Back-pressure (issue #16 item 2; server/realtime/stomp-server.ts): the frame bucket… */
  tokens: number;
  tokensAt: number;
  /** …the frames received and waiting, in order, and their bytes… */
  pending: Array<{ raw: IRawFrameType; size: number }>;
  pendingBytes: number;
  pumping: boolean;
  /**
   * …the SENDs started and not yet answered, in frame order (issue #33 item 3, pipelining): each
   * entry settles once its RECEIPT (or its refusal) went out, never before the one ahead of it;
   * it never rejects. At most `SEND_WINDOW` (server/realtime/stomp-server.ts)…
   */
  inflight: Array<Promise<void>>;
  /** …whether the client was told it is slowed (once), and the flood window. */
  toldSlow: boolean;
  windowFrames: number;
  windowStart: number;
}

/** The sessions of this instance. */
export interface SessionRegistry {
  add(s: Session): void;
  /** Removes the session's subscriptions and timers; nothing more is delivered to it. Idempotent. */
  drop(s: Session): void;
  /** Sends one frame to the session (dropped and terminated when its socket is backed up). */
  send(s: Session, command: string, headers: StompHeaders, body?: string): void;
  /** A MESSAGE on the session's `/user/queue/errors`, when it subscribed to it (issue #16 item 1). */
  sendUserError(s: Session, error: StompUserError): void;
  /** Adds a subscription (`shared`: in the destination index, fed by the broker). */
  subscribe(s: Session, id: string, destination: string, shared: boolean): void;
  unsubscribe(s: Session, id: string): void;
  /**
   * Delivers one broker message to every subscription of its destination, but those of the
   * members in `exceptUserIds` (issue #32 item 5: across a block in the table chat).
   */
  deliver(destination: string, body: string, exceptUserIds?: readonly number[]): void;
  /** Ends every subscription to `destination` (e.g. the chat of a cancelled match); only member `userId`'s when given (issue #30). */
  endDestination(destination: string, userId?: number): void;
  /** Open sessions of a member on this instance. */
  countFor(userId: number): number;
  all(): Session[];
  size(): number;
}

/** An empty registry (each session logs with its own logger). */
export function createSessionRegistry(): SessionRegistry {
  const sessions = new Set<Session>();
  const byDestination = new Map<string, Set<Subscription>>();
  let messageSeq = 0;

  const registry: SessionRegistry = {
    add(s) {
      sessions.add(s);
    },
    drop(s) {
      s.closed = true;
      for (const sub of s.subs.values()) byDestination.get(sub.destination)?.delete(sub);
      s.subs.clear();
      for (const t of s.timers) clearInterval(t);
      s.timers = [];
      sessions.delete(s);
    },
    send(s, command, headers, body = '') {
      if (s.ws.readyState !== s.ws.OPEN) return;
      if (s.ws.bufferedAmount > SLOW_CONSUMER_BYTES) {
        s.log.warn('stomp: slow consumer dropped');
        registry.drop(s);
        s.ws.terminate();
        return;
      }
      s.ws.send(encodeFrame(command, headers, body, s.version));
    },
    sendUserError(s, error) {
      s.log.info({ code: error.code }, 'stomp: frame refused, session kept');
      const sub = [...s.subs.values()].find((x) => x.destination === USER_ERRORS_DESTINATION);
      if (!sub) return;
      messageSeq += 1;
      registry.send(
        s,
        'MESSAGE',
        { subscription: sub.id, 'message-id': `e-${messageSeq}`, destination: USER_ERRORS_DESTINATION, 'content-type': 'application/json' },
        JSON.stringify(error),
      );
    },
    subscribe(s, id, destination, shared) {
      const sub: Subscription = { session: s, id, destination };
      s.subs.set(id, sub);
      if (!shared) return;
      let set = byDestination.get(destination);
      if (!set) byDestination.set(destination, (set = new Set()));
      set.add(sub);
    },
    unsubscribe(s, id) {
      const sub = s.subs.get(id);
      if (!sub) return;
      s.subs.delete(id);
      const set = byDestination.get(sub.destination);
      set?.delete(sub);
      if (set?.size === 0) byDestination.delete(sub.destination);
    },
    deliver(destination, body, exceptUserIds) {
      const set = byDestination.get(destination);
      if (!set || set.size === 0) return;
      messageSeq += 1;
      for (const sub of set) {
        if (exceptUserIds?.length && sub.session.userId !== null && exceptUserIds.includes(sub.session.userId)) continue;
        registry.send(
          sub.session,
          'MESSAGE',
          {
            subscription: sub.id,
            'message-id': `${messageSeq}-${sub.session.id.slice(0, 8)}`,
            destination,
            'content-type': 'application/json;charset=utf-8',
          },
          body,
        );
      }
    },
    endDestination(destination, userId) {
      const set = byDestination.get(destination);
      if (!set) return;
      for (const sub of set) {
        if (userId !== undefined && sub.session.userId !== userId) continue;
        sub.session.subs.delete(sub.id);
        set.delete(sub);
      }
      if (set.size === 0) byDestination.delete(destination);
    },
    countFor(userId) {
      let n = 0;
      for (const s of sessions) if (s.userId === userId) n += 1;
      return n;
    },
    all: () => [...sessions],
    size: () => sessions.size,
  };
  return registry;
}
