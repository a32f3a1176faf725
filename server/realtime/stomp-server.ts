/**
 * STOMP 1.2 (also 1.1 / 1.0) sessions over WebSocket (SPEC §7 "Live channels"; DESIGN.md; issues
 * #4, #13, #16). The WebSocket upgrade at `/ws`, with its origin check, belongs to Fastify
 * (server/realtime/endpoint.ts); this file runs one accepted socket's session: CONNECT, the frame
 * pump with back-pressure, SUBSCRIBE/UNSUBSCRIBE/SEND/DISCONNECT, heart-beats, receipts, and the
 * token checks. Frames are decoded in ./frames.ts, sessions and delivery live in ./sessions.ts,
 * destinations and their authorisation are registered by the modules that own them
 * (./destinations.ts).
 *
 * - CONNECT/STOMP must carry `Authorization: Bearer {token}` (verified like `requireAuth`); the
 *   socket closes at the token's expiry.
 * - The session follows the account (issue #13): every SEND and SUBSCRIBE re-checks, without a
 *   query, that the CONNECT token is neither expired by the app clock (`deps.now`) nor revoked
 *   (`deps.revocations`: its `ver` below the member's version in force). A revocation learned from
 *   the broker (logout everywhere, password reset, deletion, suspension) ends the member's older
 *   sessions at once. Those ERRORs carry `code:TOKEN_EXPIRED` / `code:TOKEN_REVOKED` (as do CONNECT
 *   refusals of such tokens), so the client signs out instead of reconnecting with a dead token.
 * - Heart-beats both ways (`heartbeatMs` offered); a client silent for twice the negotiated
 *   interval is closed.
 * - Pipelining (issue #33 item 3): a session's SENDs are started one after the other in frame
 *   order (each queued for its group commit before the next is read), up to `SEND_WINDOW` of them
 *   unanswered, and answered in frame order, each only once stored; any other frame waits until
 *   every SEND before it is answered (so DISCONNECT's RECEIPT comes last). A refusal known before
 *   a SEND is queued (unknown destination, not connected, …) also waits for those answers, then
 *   ends the session before any later frame is handled; one known only at the commit (403/404 in
 *   the batch) ends it when its turn to be answered comes — the SENDs behind it, already queued,
 *   may be stored but get no RECEIPT (STOMP: no RECEIPT, outcome unknown).
 * - RECEIPT for a SEND only after its handler resolved (the message is stored). Issue #16: a SEND
 *   that is authorised but refused is answered on the session's own `/user/queue/errors`
 *   (`StompUserError`), without RECEIPT, and the connection stays; so is a SUBSCRIBE of a
 *   participant that a block refuses (issue #32 item 5: 409 CHAT_BLOCKED, so the client does not
 *   lose its whole session and reconnect into the same refusal). Every other refusal and every
 *   malformed frame: ERROR, then close; a refused session's subscriptions are dropped first, so
 *   no MESSAGE leaks.
 * - Fan-out: every MESSAGE comes from the broker (memory or Redis), so all instances deliver.
 *   `CONTROL_DESTINATION_ENDED` ends every subscription to a destination on every instance.
 * - Bounds: a token bucket of frames per connection whose overflow waits in order in a bounded
 *   queue (issue #16: slowed and told once on `/user/queue/errors`, closed only when the queue is
 *   full or the client floods at 10× for 10 s), at most `maxSubscriptions` per session and
 *   `maxConnectionsPerUser` sessions per member, a CONNECT within `connectTimeoutMs`; slow
 *   consumers are dropped (./sessions.ts).
 */
import { randomUUID } from 'node:crypto';
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import type { WebSocket } from 'ws';
import type { IRawFrameType, StompHeaders } from '@stomp/stompjs';
import type { FastifyBaseLogger } from 'fastify';
import { isClientId } from '../../common/realtime.ts';
import { AppError } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { CONTROL_DESTINATION_ENDED, type Broker } from './broker.ts';
import type { DestinationRegistry, QueuedSend } from './destinations.ts';
import { decodeSingleFrame, isHeartBeat, parseHeartBeat, STOMP_ERROR_CODES, STOMP_ERRORS, StompRefusal, toFrame, withoutLeadingHeartBeats } from './frames.ts';
import type { SessionRevocations } from './revocations.ts';
import { createSessionRegistry, type Session } from './sessions.ts';

export { decodeSingleFrame, STOMP_ERROR_CODES, STOMP_ERRORS } from './frames.ts';

/** What the STOMP server needs from the rest of the app. */
export interface StompDeps {
  broker: Broker;
  log: FastifyBaseLogger;
  now: Clock;
  /**
   * Verifies a bearer token (CONNECT only); answers the member, `exp` (seconds) and `ver` (its
   * token version); throws (any error; an AppError's `code` becomes the ERROR's `code`) when not valid.
   */
  verifyToken(token: string): Promise<{ id: number; exp: number; ver: number }>;
  /** Revocations this instance knows about (issue #13). */
  revocations: Pick<SessionRevocations, 'isRevoked' | 'onRevoked'>;
  /** The destinations the modules registered (./destinations.ts). */
  destinations: DestinationRegistry;
}

/** Tunables (defaults in `DEFAULT_STOMP_OPTIONS`). */
export interface StompOptions {
  /** Full origins (`https://host[:port]`) a browser may connect from (checked at the upgrade, ./endpoint.ts). */
  allowedOrigins: string[];
  /** Heart-beat the server offers both ways, ms (0 = none). */
  heartbeatMs: number;
  /** Largest WebSocket message, bytes. */
  maxPayload: number;
  /**
   * Frames per connection (issue #16, back-pressure): a bucket of `frameBurst` frames refilled at
   * `framesPerSecond`. Frames beyond it are not refused: they wait, in order, in a queue of at most
   * `frameQueueMax` frames (and QUEUE_BYTES_MAX bytes); the client is told once on
   * `/user/queue/errors` (`rate_limited`). Only a full queue, or more than 10× the sustained rate
   * for 10 s, closes the connection.
   */
  frameBurst: number;
  framesPerSecond: number;
  frameQueueMax: number;
  /** Time a socket may stay open without CONNECT, ms. */
  connectTimeoutMs: number;
  maxSubscriptions: number;
  /** Open sessions one member may hold on this instance (tabs, devices). */
  maxConnectionsPerUser: number;
}

/**
 * Defaults: 10 s heart-beats, 64 KiB frames, a 1000-frame burst then 50 frames/s; at most 2000
 * frames waiting (a full burst plus what arrives while the database stores it).
 */
export const DEFAULT_STOMP_OPTIONS: Omit<StompOptions, 'allowedOrigins'> = {
  heartbeatMs: 10_000,
  maxPayload: 64 * 1024,
  frameBurst: 1000,
  framesPerSecond: 50,
  frameQueueMax: 2000,
  connectTimeoutMs: 10_000,
  maxSubscriptions: 100,
  maxConnectionsPerUser: 20,
};

/** WebSocket close code 1012 "Service Restart" (RFC 6455 registry): the client should reconnect. */
export const SERVICE_RESTART = 1012;

/**
 * SENDs one session may have started and not yet answered (issue #33 item 3): the pump reads no
 * further frame while this many wait for their commit. 32 lets one connection fill a batch at
 * 20 SENDs/s even when a commit takes over a second, and bounds what one socket holds in memory.
 */
export const SEND_WINDOW = 32;

/** Bytes of frames one session may have waiting (issue #16). */
const QUEUE_BYTES_MAX = 4 * 1024 * 1024;
/** A client sending more than FLOOD_FACTOR × the sustained rate over FLOOD_WINDOW_MS is disconnected. */
const FLOOD_FACTOR = 10;
const FLOOD_WINDOW_MS = 10_000;

/** The running STOMP server: hand it accepted sockets; close it on shutdown. */
export interface StompServer {
  /**
   * Runs a STOMP session on an accepted WebSocket (subprotocol already negotiated). `requestLog`:
   * the upgrade request's logger (its request id tags the session's log lines, issue #20).
   */
  accept(ws: WebSocket, requestLog?: FastifyBaseLogger): void;
  /** Number of open sessions on this instance. */
  sessionCount(): number;
  /** Number of subscriptions of those sessions (metrics). */
  subscriptionCount(): number;
  /** Ends every session (close 1012 "Service Restart", so clients reconnect) and stops listening to the broker. */
  close(): Promise<void>;
}

/** Creates the STOMP server and subscribes it to the broker and the revocations. */
export function createStompServer(deps: StompDeps, options: StompOptions): StompServer {
  const { broker, log, destinations } = deps;
  const sessions = createSessionRegistry();

  /**
   * ERROR (with `receipt-id` when the refused frame asked for a receipt, `code` when given), then
   * close. Subscriptions are dropped first, so no MESSAGE follows.
   */
  function refuse(s: Session, message: string, receipt?: string, code?: string) {
    if (s.closed) return;
    sessions.drop(s);
    const headers: StompHeaders = { message, 'content-type': 'text/plain;charset=utf-8' };
    if (receipt) headers['receipt-id'] = receipt;
    if (code) headers.code = code;
    // `drop` marked the session closed; the ERROR still goes out on the open socket.
    sessions.send(s, 'ERROR', headers, message);
    s.ws.close(1008);
  }

  function accept(ws: WebSocket, requestLog?: FastifyBaseLogger) {
    const now = Date.now();
    const id = randomUUID();
    const s: Session = {
      id,
      ws,
      log: (requestLog ?? log).child({ session: id }),
      userId: null,
      tokenVer: 0,
      tokenExp: 0,
      version: '1.2',
      subs: new Map(),
      lastIn: now,
      closed: false,
      timers: [],
      tokens: options.frameBurst,
      tokensAt: now,
      pending: [],
      pendingBytes: 0,
      pumping: false,
      inflight: [],
      toldSlow: false,
      windowFrames: 0,
      windowStart: now,
    };
    sessions.add(s);
    ws.on('error', (err) => s.log.debug({ err }, 'stomp socket error'));
    ws.on('close', () => sessions.drop(s));
    s.timers.push(
      setTimeout(() => {
        if (s.userId === null && !s.closed) refuse(s, STOMP_ERRORS.notConnected);
      }, options.connectTimeoutMs),
    );
    ws.on('message', (data) => {
      if (s.closed) return;
      s.lastIn = Date.now();
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      // Bare heart-beats (EOLs only) are not counted as frames.
      if (isHeartBeat(bytes)) return;
      if (flooding(s)) {
        refuse(s, STOMP_ERRORS.rate);
        return;
      }
      let raw: IRawFrameType;
      try {
        raw = decodeSingleFrame(new Uint8Array(withoutLeadingHeartBeats(bytes)));
      } catch (err) {
        s.log.debug({ err }, 'stomp: malformed frame');
        refuse(s, STOMP_ERRORS.malformed);
        return;
      }
      s.pending.push({ raw, size: bytes.length });
      s.pendingBytes += bytes.length;
      if (s.pending.length > options.frameQueueMax || s.pendingBytes > QUEUE_BYTES_MAX) {
        s.log.info({ waiting: s.pending.length }, 'stomp: frame queue full');
        refuse(s, STOMP_ERRORS.rate);
        return;
      }
      void pump(s);
    });
  }

  /** Counts a frame in the flood window; true when the client is far above the sustained rate (10× for 10 s). */
  function flooding(s: Session): boolean {
    const t = Date.now();
    if (t - s.windowStart >= FLOOD_WINDOW_MS) {
      s.windowStart = t;
      s.windowFrames = 0;
    }
    s.windowFrames += 1;
    return s.windowFrames > (FLOOD_FACTOR * options.framesPerSecond * FLOOD_WINDOW_MS) / 1000;
  }

  /**
   * Handles a session's waiting frames in order, at most `framesPerSecond` once the burst is spent
   * (issue #16: slowed, not dropped); a SEND is only started (queued), up to `SEND_WINDOW`
   * unanswered (issue #33 item 3). A refusal ends the session.
   */
  async function pump(s: Session) {
    if (s.pumping) return;
    s.pumping = true;
    try {
      while (s.pending.length > 0 && !s.closed) {
        const t = Date.now();
        s.tokens = Math.min(options.frameBurst, s.tokens + ((t - s.tokensAt) / 1000) * options.framesPerSecond);
        s.tokensAt = t;
        if (s.tokens < 1) {
          if (!s.toldSlow) {
            s.toldSlow = true;
            sessions.sendUserError(s, { code: 'rate_limited', message: STOMP_ERRORS.slowed, destination: '' });
          }
          await new Promise((resolve) => setTimeout(resolve, Math.ceil(((1 - s.tokens) / options.framesPerSecond) * 1000)));
          continue;
        }
        s.tokens -= 1;
        const { raw, size } = s.pending.shift()!;
        s.pendingBytes -= size;
        try {
          await handleFrame(s, raw);
        } catch (err) {
          failed(s, err);
        }
        // Issue #33 item 3: a full window waits for the oldest SEND's answer.
        while (s.inflight.length >= SEND_WINDOW && !s.closed) await s.inflight[0];
        // Yield to the event loop between frames: with the embedded database every query resolves
        // as a microtask, so a session's backlog would otherwise run to the end without letting
        // other sockets, timers or HTTP requests in (seen in bench:realtime: minutes of starvation).
        if (s.pending.length > 0) await setImmediatePromise();
      }
    } finally {
      s.pumping = false;
    }
  }

  /** Ends the session for a frame that failed: a StompRefusal's ERROR, any other error as a server error. */
  function failed(s: Session, err: unknown) {
    if (err instanceof StompRefusal) refuse(s, err.message || STOMP_ERRORS.malformed, undefined, err.code);
    else {
      s.log.error({ err }, 'stomp: frame handling failed');
      refuse(s, STOMP_ERRORS.serverError);
    }
  }

  /** Waits until every SEND the session started is answered (issue #33 item 3). */
  async function answered(s: Session) {
    const last = s.inflight.at(-1);
    if (last) await last;
  }

  async function handleFrame(s: Session, raw: IRawFrameType) {
    if (s.closed) return;
    const frame = toFrame(raw, s.version);
    const h = frame.headers;
    const receipt = h.receipt;
    if (frame.command === 'SEND' && s.userId !== null) {
      checkToken(s, s.userId);
      return startSend(s, s.userId, h, frame.body);
    }
    // Issue #33 item 3: every other frame (and a SEND before CONNECT) after the SENDs before it are answered.
    await answered(s);
    if (s.closed) return;
    if (frame.command === 'CONNECT' || frame.command === 'STOMP') return connect(s, h);
    if (s.userId === null) throw new StompRefusal(STOMP_ERRORS.notConnected);
    const userId = s.userId;
    switch (frame.command) {
      case 'SUBSCRIBE':
        checkToken(s, userId);
        if (!(await subscribe(s, userId, h))) return;
        break;
      case 'UNSUBSCRIBE':
        if (!h.id) throw new StompRefusal(STOMP_ERRORS.malformed);
        sessions.unsubscribe(s, h.id);
        break;
      case 'ACK':
      case 'NACK':
        break;
      case 'DISCONNECT':
        if (receipt) sessions.send(s, 'RECEIPT', { 'receipt-id': receipt });
        sessions.drop(s);
        s.ws.close(1000);
        return;
      default:
        throw new StompRefusal(STOMP_ERRORS.unsupported);
    }
    if (receipt && !s.closed) sessions.send(s, 'RECEIPT', { 'receipt-id': receipt });
  }

  /**
   * SUBSCRIBE: the session's own error queue, or a registered topic the member may read; answers
   * whether it was made (a RECEIPT follows). A destination's `canSubscribe` that throws an AppError
   * 400/409/422 (authorised but refused, e.g. 409 CHAT_BLOCKED across a block, issue #32 item 5) is
   * told on `/user/queue/errors` and answers false; the connection stays.
   */
  async function subscribe(s: Session, userId: number, h: StompHeaders): Promise<boolean> {
    const { id, destination } = h;
    if (!id || !destination || s.subs.has(id)) throw new StompRefusal(STOMP_ERRORS.malformed);
    if (s.subs.size >= options.maxSubscriptions) throw new StompRefusal(STOMP_ERRORS.tooManySubscriptions);
    const target = destinations.resolveSubscribe(destination);
    if (target.kind === 'unknown') throw new StompRefusal(STOMP_ERRORS.unknownDestination);
    if (target.kind === 'own-errors') {
      // The session's own queue: kept on the session only, never in the shared destination index.
      sessions.subscribe(s, id, destination, false);
      return true;
    }
    let allowed: boolean;
    try {
      allowed = await target.authorise(userId);
    } catch (err) {
      if (err instanceof AppError && [400, 409, 422].includes(err.statusCode)) {
        sessions.sendUserError(s, { code: err.code.toLowerCase(), message: err.message, destination, ...(h.receipt ? { receiptId: h.receipt } : {}) });
        return false;
      }
      throw err;
    }
    if (!allowed) throw new StompRefusal(STOMP_ERRORS.forbidden);
    if (s.closed) return false;
    sessions.subscribe(s, id, destination, true);
    return true;
  }

  /**
   * Starts a SEND to a registered destination (issue #33 item 3, pipelining): resolves once it is
   * queued — the destination's `handle` resolved, so the session's SENDs are queued in frame
   * order — and adds its answer to `s.inflight`: once it is stored and every earlier SEND was
   * answered, its RECEIPT (when asked); an authorised but refused SEND (AppError 400/409/422/429,
   * issue #16; a malformed `client-id`) is told on `/user/queue/errors` instead, without RECEIPT.
   * A refusal known before it is queued (a `/topic/*` or unknown destination, AppError 403/404)
   * waits for the earlier answers and throws (StompRefusal: ERROR and close); one known at the
   * commit ends the session in its turn.
   */
  async function startSend(s: Session, userId: number, h: StompHeaders, body: string): Promise<void> {
    const destination = h.destination ?? '';
    const receipt = h.receipt;
    /** The SEND's answer once it settled: stored, or refused on the error queue; throws the refusals that end the session. */
    const outcome = (err: unknown): { code: string; message: string } => {
      // Issue #16: authorised but refused (400 content, 409 chat closed, 422; issue #32 item 3: 429
      // over the chat budget) → the session's error queue, no RECEIPT, the connection stays. Not a
      // participant (403/404) → ERROR and close.
      if (err instanceof AppError && [400, 409, 422, 429].includes(err.statusCode)) return { code: err.code.toLowerCase(), message: err.message };
      if (err instanceof AppError) throw new StompRefusal(STOMP_ERRORS.forbidden);
      throw err;
    };
    let answer: Promise<{ code: string; message: string } | null>;
    try {
      const target = destinations.resolveSend(destination);
      if (target.kind === 'topic') throw new StompRefusal(STOMP_ERRORS.forbidden);
      if (target.kind === 'unknown') throw new StompRefusal(STOMP_ERRORS.unknownDestination);
      const clientId = h['client-id'];
      if (clientId !== undefined && !isClientId(clientId)) answer = Promise.resolve({ code: 'validation', message: STOMP_ERRORS.clientId });
      else {
        let queued: void | QueuedSend;
        try {
          queued = await target.handle(userId, { headers: h, body });
          answer = (queued ? queued.stored : Promise.resolve()).then(() => null, outcome);
        } catch (err) {
          // Refused before it was queued: a refusal the session survives is answered in its turn;
          // one that ends the session (thrown by `outcome`) is handled below.
          answer = Promise.resolve(outcome(err));
        }
      }
    } catch (err) {
      // Refused before it was queued: the earlier SENDs are answered first, nothing after it is read.
      await answered(s);
      throw err;
    }
    const before = s.inflight.at(-1);
    s.inflight.push(
      (async () => {
        let refusedWith: { code: string; message: string } | null = null;
        let error: { err: unknown } | null = null;
        try {
          refusedWith = await answer;
        } catch (err) {
          error = { err };
        }
        await before;
        // The answers settle in order, so the one leaving is this one.
        s.inflight.shift();
        if (s.closed) return;
        if (error) failed(s, error.err);
        else if (refusedWith) sessions.sendUserError(s, { ...refusedWith, destination, ...(receipt ? { receiptId: receipt } : {}) });
        else if (receipt) sessions.send(s, 'RECEIPT', { 'receipt-id': receipt });
      })(),
    );
  }

  /**
   * Issue #13: the CONNECT token must still be valid — not expired by the app clock, its `ver` not
   * revoked. In memory only (no query per frame); throws StompRefusal with the code.
   */
  function checkToken(s: Session, userId: number) {
    if (deps.now().getTime() >= s.tokenExp * 1000) throw new StompRefusal(STOMP_ERRORS.expired, STOMP_ERROR_CODES.expired);
    if (deps.revocations.isRevoked(userId, s.tokenVer)) throw new StompRefusal(STOMP_ERRORS.revoked, STOMP_ERROR_CODES.revoked);
  }

  async function connect(s: Session, h: StompHeaders) {
    if (s.userId !== null) throw new StompRefusal(STOMP_ERRORS.malformed);
    const versions = (h['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
    const version = (['1.2', '1.1', '1.0'] as const).find((v) => versions.includes(v));
    if (!version) throw new StompRefusal(STOMP_ERRORS.version);
    const [cx, cy] = parseHeartBeat(h['heart-beat']);
    const m = /^Bearer\s+(\S+)$/i.exec(h.Authorization ?? h.authorization ?? '');
    if (!m?.[1]) throw new StompRefusal(STOMP_ERRORS.auth);
    let user: { id: number; exp: number; ver: number };
    try {
      user = await deps.verifyToken(m[1]);
    } catch (err) {
      throw err instanceof AppError ? new StompRefusal(err.message, err.code) : new StompRefusal(STOMP_ERRORS.auth);
    }
    if (s.closed) return;
    // A revocation that arrived while the token was being checked.
    if (deps.revocations.isRevoked(user.id, user.ver)) throw new StompRefusal(STOMP_ERRORS.revoked, STOMP_ERROR_CODES.revoked);
    if (sessions.countFor(user.id) >= options.maxConnectionsPerUser) throw new StompRefusal(STOMP_ERRORS.tooManyConnections);
    s.userId = user.id;
    s.tokenVer = user.ver;
    s.tokenExp = user.exp;
    s.version = version;
    const sx = options.heartbeatMs;
    const sy = options.heartbeatMs;
    const outgoing = sx && cy ? Math.max(sx, cy) : 0;
    const incoming = cx && sy ? Math.max(cx, sy) : 0;
    for (const t of s.timers) clearTimeout(t);
    s.timers = [];
    sessions.send(s, 'CONNECTED', { version, 'heart-beat': `${sx},${sy}`, server: 'bapsang/1', session: s.id, 'user-name': String(user.id) });
    if (outgoing) s.timers.push(setInterval(() => s.ws.readyState === s.ws.OPEN && s.ws.send('\n'), outgoing));
    if (incoming) {
      s.timers.push(
        setInterval(() => {
          if (Date.now() - s.lastIn > incoming * 2) {
            s.log.debug('stomp: heart-beat missed, closing');
            sessions.drop(s);
            s.ws.terminate();
          }
        }, incoming),
      );
    }
    const untilExpiry = user.exp * 1000 - deps.now().getTime();
    if (untilExpiry < 2_147_483_647) s.timers.push(setTimeout(() => refuse(s, STOMP_ERRORS.expired, undefined, STOMP_ERROR_CODES.expired), Math.max(0, untilExpiry)));
  }

  // Issue #13: a revocation ends the member's sessions opened with an older token, at once.
  const removeRevocationListener = deps.revocations.onRevoked((userId, tokenVersion) => {
    for (const s of sessions.all()) {
      if (s.userId === userId && s.tokenVer < tokenVersion) refuse(s, STOMP_ERRORS.revoked, undefined, STOMP_ERROR_CODES.revoked);
    }
  });

  const removeBrokerListener = broker.onMessage((message) => {
    if (message.destination === CONTROL_DESTINATION_ENDED) {
      let destination: unknown;
      let userId: unknown;
      try {
        ({ destination, userId } = JSON.parse(message.body) as { destination?: unknown; userId?: unknown });
      } catch {
        return;
      }
      if (typeof destination === 'string') sessions.endDestination(destination, typeof userId === 'number' ? userId : undefined);
      return;
    }
    sessions.deliver(message.destination, message.body, message.exceptUserIds);
  });

  return {
    accept,
    sessionCount: () => sessions.size(),
    subscriptionCount: () => sessions.all().reduce((n, s) => n + s.subs.size, 0),
    async close() {
      removeBrokerListener();
      removeRevocationListener();
      // Issue #20: a restart, not an error — WebSocket close 1012 (Service Restart) tells clients
      // to reconnect (to another instance behind the proxy); sockets that do not close in 1 s are cut.
      const closing = sessions.all().map((s) => {
        sessions.drop(s);
        return new Promise<void>((resolve) => {
          if (s.ws.readyState === s.ws.CLOSED) return resolve();
          const timer = setTimeout(() => {
            s.ws.terminate();
            resolve();
          }, 1000);
          s.ws.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
          s.ws.close(SERVICE_RESTART, 'server restarting');
        });
      });
      await Promise.all(closing);
    },
  };
}
