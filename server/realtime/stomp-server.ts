/**
 * STOMP 1.2 (also 1.1 / 1.0) over WebSocket at `/ws` (SPEC §7 "Live channels"; DESIGN.md; issue #4).
 * Frames are decoded with @stomp/stompjs's `Parser` + `FrameImpl.fromRawFrame` and encoded with
 * `FrameImpl.marshall`; sessions, subscriptions, heart-beats, receipts and authorisation are ours.
 *
 * - Handshake: subprotocols `v12.stomp`, `v11.stomp`, `v10.stomp`; a browser `Origin` must be the
 *   request's own `http(s)://{Host}` or one of `allowedOrigins` (PUBLIC_URL + ALLOWED_ORIGINS;
 *   issue #16), else ERROR and close before any frame.
 * - CONNECT/STOMP must carry `Authorization: Bearer {token}` (verified like `requireAuth`); the
 *   socket closes at the token's expiry.
 * - The session follows the account (issue #13): every SEND and SUBSCRIBE re-checks, without a
 *   query, that the CONNECT token is neither expired by the app clock (`deps.now`) nor revoked
 *   (`deps.revocations`: its `ver` below the member's version in force). A revocation learned from
 *   the broker (logout everywhere, password reset, …) ends the member's older sessions at once.
 *   Those ERRORs carry `code:TOKEN_EXPIRED` / `code:TOKEN_REVOKED` (as do CONNECT refusals of such
 *   tokens), so the client signs out instead of reconnecting with a dead token.
 * - Heart-beats both ways (`heartbeatMs` offered); a client silent for twice the negotiated
 *   interval is closed.
 * - SUBSCRIBE/UNSUBSCRIBE by id, SEND, RECEIPT (for SEND only after the message is stored),
 *   DISCONNECT with receipt. Issue #16: a SEND that is authorised but refused (blank or over-long
 *   content, a cancelled match's chat) is answered on the session's own `/user/queue/errors`
 *   (`StompUserError`), without RECEIPT, and the connection stays. A SEND may carry `client-id`
 *   (a UUID): a repeat from the same sender is acknowledged (RECEIPT) but stored and delivered once. Every other refusal and every
 *   malformed frame: ERROR, then close; a refused
 *   session's subscriptions are dropped first, so no MESSAGE leaks.
 * - Authorisation on every SUBSCRIBE and SEND: `/topic/user/{id}/notifications` for that member
 *   only; `/topic/chat/{m}` and `/app/chat/{m}` for the host and requester of an ACCEPTED or
 *   CONFIRMED match; never SEND to `/topic/*`.
 * - Fan-out: every MESSAGE comes from the broker (memory or Redis), so all instances deliver.
 *   `CONTROL_MATCH_DELETED` ends every subscription to that match's chat topic.
 * - Bounds: `maxPayload` bytes per WebSocket message, a token bucket of frames per connection
 *   whose overflow waits in order in a bounded queue (issue #16: slowed and told once on
 *   `/user/queue/errors`, closed only when the queue is full or the client floods at 10× for 10 s),
 *   at most `maxSubscriptions` per session and `maxConnectionsPerUser` sessions per member,
 *   a CONNECT within `connectTimeoutMs`; slow consumers (over 4 MiB buffered) are dropped.
 */
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import { FrameImpl, Parser, type IRawFrameType, type StompHeaders } from '@stomp/stompjs';
import type { FastifyBaseLogger } from 'fastify';
import { chatTopic, isClientId, parseDestination, STOMP_SUBPROTOCOLS, USER_ERRORS_DESTINATION, WS_PATH, type StompUserError } from '../../common/realtime.ts';
import { AppError } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { CONTROL_MATCH_DELETED, type Broker } from './broker.ts';
import type { SessionRevocations } from './revocations.ts';

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
  /** Whether `userId` may read and write the chat of `matchId`. */
  canChat(userId: number, matchId: number): Promise<boolean>;
  /**
   * Stores a chat message sent by `userId` and publishes it (and the notification). Resolves after
   * the message is stored and handed to the broker; throws AppError (400/403/404) when refused.
   */
  sendChat(userId: number, matchId: number, content: string, clientId?: string): Promise<void>;
}

/** Tunables (defaults in `DEFAULT_STOMP_OPTIONS`). */
export interface StompOptions {
  /** Full origins (`https://host[:port]`) a browser may connect from. */
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

/**
 * ERROR `code` header values (issue #13) for refusals the client answers by signing out — the same
 * codes as the HTTP 401s of server/plugins/auth.ts.
 */
export const STOMP_ERROR_CODES = { expired: 'TOKEN_EXPIRED', revoked: 'TOKEN_REVOKED' } as const;

/** ERROR `message` header texts (Korean, for people; stable enough for tests). */
export const STOMP_ERRORS = {
  origin: '허용되지 않은 출처입니다.',
  clientId: 'client-id는 UUID여야 합니다.',
  auth: '로그인이 필요합니다.',
  malformed: '잘못된 STOMP 프레임입니다.',
  version: '지원하지 않는 STOMP 버전입니다.',
  notConnected: '먼저 CONNECT 프레임을 보내야 합니다.',
  forbidden: '권한이 없습니다.',
  unknownDestination: '알 수 없는 목적지입니다.',
  rate: '요청이 너무 많습니다.',
  slowed: '메시지를 너무 빨리 보내고 있어요. 잠시 천천히 처리할게요.',
  unsupported: '지원하지 않는 명령입니다.',
  expired: '세션이 만료되었습니다. 다시 로그인해주세요.',
  /** The token was revoked while connected (logout everywhere, password reset; UI-TEXT "Session expired"). */
  revoked: '로그인이 만료되었습니다. 다시 로그인해주세요.',
  tooManySubscriptions: '구독이 너무 많습니다.',
  tooManyConnections: '동시에 연결할 수 있는 수를 초과했습니다.',
} as const;

const KNOWN_COMMANDS = new Set(['CONNECT', 'STOMP', 'SEND', 'SUBSCRIBE', 'UNSUBSCRIBE', 'ACK', 'NACK', 'BEGIN', 'COMMIT', 'ABORT', 'DISCONNECT']);
const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const SLOW_CONSUMER_BYTES = 4 * 1024 * 1024;

interface Subscription {
  session: Session;
  id: string;
  destination: string;
}

interface Session {
  id: string;
  ws: WebSocket;
  userId: number | null;
  /** The CONNECT token's `ver` and `exp` (seconds); meaningful once `userId` is set. */
  tokenVer: number;
  tokenExp: number;
  version: '1.0' | '1.1' | '1.2';
  subs: Map<string, Subscription>;
  lastIn: number;
  closed: boolean;
  tokens: number;
  tokensAt: number;
  timers: NodeJS.Timeout[];
  /** Frames received and waiting to be handled, in order (issue #16), and their bytes. */
  pending: Array<{ raw: IRawFrameType; size: number }>;
  pendingBytes: number;
  /** Whether the pump is handling `pending`. */
  pumping: boolean;
  /** Whether the client was told it is being slowed (once per session). */
  toldSlow: boolean;
  /** Frames received in the current flood window and when it started. */
  windowFrames: number;
  windowStart: number;
}

/** Bytes of frames one session may have waiting (issue #16). */
const QUEUE_BYTES_MAX = 4 * 1024 * 1024;
/** A client sending more than FLOOD_FACTOR × the sustained rate over FLOOD_WINDOW_MS is disconnected. */
const FLOOD_FACTOR = 10;
const FLOOD_WINDOW_MS = 10_000;

/** Thrown inside frame handling: answered with ERROR (with `code` when given) and close. */
class StompRefusal extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * Checks one WebSocket message that is not a bare heart-beat: exactly one frame, terminated by NUL
 * (only EOLs after it), a valid header block (no bare CR, every header `key:value`), a body whose
 * length matches `content-length`. Answers the raw frame or throws StompRefusal.
 */
export function decodeSingleFrame(bytes: Uint8Array): IRawFrameType {
  let end = bytes.length;
  while (end > 0 && (bytes[end - 1] === LF || bytes[end - 1] === CR)) end -= 1;
  if (end === 0 || bytes[end - 1] !== NUL) throw new StompRefusal('frame not terminated by NUL');
  const lastNul = end - 1;
  // Header block: up to the first empty line.
  let i = 0;
  let lineStart = 0;
  let bodyStart = -1;
  let lineNo = 0;
  while (i < lastNul) {
    if (bytes[i] === LF) {
      let lineEnd = i;
      if (lineEnd > lineStart && bytes[lineEnd - 1] === CR) lineEnd -= 1;
      if (lineEnd === lineStart && lineNo > 0) {
        bodyStart = i + 1;
        break;
      }
      for (let k = lineStart; k < lineEnd; k += 1) if (bytes[k] === CR || bytes[k] === NUL) throw new StompRefusal('bad header byte');
      if (lineNo > 0) {
        const colon = bytes.indexOf(0x3a, lineStart);
        if (colon <= lineStart || colon >= lineEnd) throw new StompRefusal('header without key');
      }
      lineNo += 1;
      lineStart = i + 1;
    }
    i += 1;
  }
  if (bodyStart < 0) throw new StompRefusal('no end of headers');
  const frames: IRawFrameType[] = [];
  const parser = new Parser(
    (f) => frames.push(f),
    () => {},
  );
  parser.parseChunk(bytes.slice(0, end).buffer as ArrayBuffer);
  if (frames.length !== 1) throw new StompRefusal('not exactly one frame');
  const frame = frames[0]!;
  if ((frame.binaryBody?.length ?? 0) !== lastNul - bodyStart) throw new StompRefusal('content-length mismatch');
  const cl = frame.headers.find(([k]) => k === 'content-length');
  if (cl && !/^[0-9]+$/.test(cl[1])) throw new StompRefusal('bad content-length');
  if (!frame.command || !KNOWN_COMMANDS.has(frame.command)) throw new StompRefusal('unknown command');
  return frame;
}

/** Parses a `heart-beat` header `x,y` (ms); throws StompRefusal when malformed. */
function parseHeartBeat(value: string | undefined): [number, number] {
  if (value === undefined) return [0, 0];
  const m = /^\s*([0-9]{1,9})\s*,\s*([0-9]{1,9})\s*$/.exec(value);
  if (!m) throw new StompRefusal('bad heart-beat');
  return [Number(m[1]), Number(m[2])];
}

/** The running STOMP server: close it on shutdown. */
export interface StompServer {
  /** Number of open sessions on this instance. */
  sessionCount(): number;
  close(): Promise<void>;
}

/**
 * Attaches the STOMP endpoint to `server`'s `upgrade` event (path `/ws`, any query) and subscribes
 * to the broker. Other upgrade paths are refused with 404.
 */
export function attachStompServer(server: HttpServer, deps: StompDeps, options: StompOptions): StompServer {
  const { broker, log } = deps;
  const allowed = new Set(options.allowedOrigins.map((o) => o.replace(/\/+$/, '').toLowerCase()));
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxPayload,
    handleProtocols: (protocols) => STOMP_SUBPROTOCOLS.find((p) => protocols.has(p)) ?? false,
  });
  const sessions = new Set<Session>();
  const byDestination = new Map<string, Set<Subscription>>();
  let messageSeq = 0;

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = (req.url ?? '').split('?')[0];
    if (pathname !== WS_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, req));
  };
  server.on('upgrade', onUpgrade);

  /** Sends one frame (headers escaped for 1.1+ except CONNECTED). */
  function sendFrame(s: Session, command: string, headers: StompHeaders, body = '') {
    if (s.ws.readyState !== s.ws.OPEN) return;
    if (s.ws.bufferedAmount > SLOW_CONSUMER_BYTES) {
      log.warn({ session: s.id }, 'stomp: slow consumer dropped');
      drop(s);
      s.ws.terminate();
      return;
    }
    s.ws.send(FrameImpl.marshall({ command, headers, body, escapeHeaderValues: s.version !== '1.0' }) as string);
  }

  /** Removes the session's subscriptions and timers (nothing more is delivered to it). */
  function drop(s: Session) {
    s.closed = true;
    for (const sub of s.subs.values()) byDestination.get(sub.destination)?.delete(sub);
    s.subs.clear();
    for (const t of s.timers) clearInterval(t);
    s.timers = [];
    sessions.delete(s);
  }

  /**
   * ERROR (with `receipt-id` when the refused frame asked for a receipt, `code` when given), then
   * close. Subscriptions are dropped first, so no MESSAGE follows.
   */
  function refuse(s: Session, message: string, receipt?: string, code?: string) {
    if (s.closed) return;
    drop(s);
    const headers: StompHeaders = { message, 'content-type': 'text/plain;charset=utf-8' };
    if (receipt) headers['receipt-id'] = receipt;
    if (code) headers.code = code;
    sendFrame(s, 'ERROR', headers, message);
    s.ws.close(1008);
  }

  /**
   * Issue #16: a MESSAGE on the session's `/user/queue/errors` subscription (when it has one) for a
   * refused but authorised frame; the session stays open.
   */
  function userError(s: Session, error: StompUserError) {
    const sub = [...s.subs.values()].find((x) => x.destination === USER_ERRORS_DESTINATION);
    log.info({ session: s.id, code: error.code }, 'stomp: frame refused, session kept');
    if (!sub) return;
    messageSeq += 1;
    sendFrame(
      s,
      'MESSAGE',
      { subscription: sub.id, 'message-id': `e-${messageSeq}`, destination: USER_ERRORS_DESTINATION, 'content-type': 'application/json' },
      JSON.stringify(error),
    );
  }

  /**
   * Issue #16, same origin by default: a browser `Origin` is accepted when it is one of
   * `allowedOrigins` (PUBLIC_URL and ALLOWED_ORIGINS) or the request's own `http(s)://{Host}` — the
   * page was served by this server under that name (127.0.0.1, a LAN address, a proxy's host).
   * Any other site is refused. (The live channel authenticates with a bearer token in CONNECT, not
   * a cookie, so the origin check guards against pages of other sites, not against stolen tokens.)
   */
  function originAllowed(origin: string, req: IncomingMessage): boolean {
    const o = origin.replace(/\/+$/, '').toLowerCase();
    if (allowed.has(o)) return true;
    const host = req.headers.host?.toLowerCase();
    return !!host && (o === `http://${host}` || o === `https://${host}`);
  }

  function onConnection(ws: WebSocket, req: IncomingMessage) {
    const s: Session = {
      id: randomUUID(),
      ws,
      userId: null,
      tokenVer: 0,
      tokenExp: 0,
      version: '1.2',
      subs: new Map(),
      lastIn: Date.now(),
      closed: false,
      tokens: options.frameBurst,
      tokensAt: Date.now(),
      timers: [],
      pending: [],
      pendingBytes: 0,
      pumping: false,
      toldSlow: false,
      windowFrames: 0,
      windowStart: Date.now(),
    };
    sessions.add(s);
    ws.on('error', (err) => log.debug({ err, session: s.id }, 'stomp socket error'));
    ws.on('close', () => drop(s));
    const origin = req.headers.origin;
    if (origin !== undefined && !originAllowed(origin, req)) {
      log.info({ origin }, 'stomp: origin refused');
      refuse(s, STOMP_ERRORS.origin);
      return;
    }
    const connectTimer = setTimeout(() => {
      if (s.userId === null && !s.closed) refuse(s, STOMP_ERRORS.notConnected);
    }, options.connectTimeoutMs);
    s.timers.push(connectTimer);
    ws.on('message', (data, isBinary) => {
      if (s.closed) return;
      s.lastIn = Date.now();
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      // Bare heart-beats (EOLs only) are not counted as frames.
      if (bytes.every((b) => b === LF || b === CR)) return;
      const t = Date.now();
      if (t - s.windowStart >= FLOOD_WINDOW_MS) {
        s.windowStart = t;
        s.windowFrames = 0;
      }
      s.windowFrames += 1;
      if (s.windowFrames > (FLOOD_FACTOR * options.framesPerSecond * FLOOD_WINDOW_MS) / 1000) {
        refuse(s, STOMP_ERRORS.rate);
        return;
      }
      void isBinary;
      let raw: IRawFrameType;
      try {
        // Leading EOLs are heart-beats.
        let start = 0;
        while (start < bytes.length && (bytes[start] === LF || bytes[start] === CR)) start += 1;
        raw = decodeSingleFrame(new Uint8Array(bytes.subarray(start)));
      } catch (err) {
        log.debug({ err, session: s.id }, 'stomp: malformed frame');
        refuse(s, STOMP_ERRORS.malformed);
        return;
      }
      s.pending.push({ raw, size: bytes.length });
      s.pendingBytes += bytes.length;
      if (s.pending.length > options.frameQueueMax || s.pendingBytes > QUEUE_BYTES_MAX) {
        log.info({ session: s.id, waiting: s.pending.length }, 'stomp: frame queue full');
        refuse(s, STOMP_ERRORS.rate);
        return;
      }
      void pump(s);
    });
  }

  /**
   * Handles a session's waiting frames one at a time, in order, at most `framesPerSecond` once the
   * burst is spent (issue #16: slowed, not dropped). A refusal ends the session.
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
            userError(s, { code: 'rate_limited', message: STOMP_ERRORS.slowed, destination: '' });
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
          if (err instanceof StompRefusal) refuse(s, err.message || STOMP_ERRORS.malformed, undefined, err.code);
          else {
            log.error({ err, session: s.id }, 'stomp: frame handling failed');
            refuse(s, '서버 오류가 발생했습니다.');
          }
        }
      }
    } finally {
      s.pumping = false;
    }
  }

  async function handleFrame(s: Session, raw: IRawFrameType) {
    if (s.closed) return;
    const connecting = raw.command === 'CONNECT' || raw.command === 'STOMP';
    const frame = FrameImpl.fromRawFrame(raw, !connecting && s.version !== '1.0');
    const h = frame.headers;
    const receipt = h.receipt;
    if (connecting) return connect(s, h);
    if (s.userId === null) throw new StompRefusal(STOMP_ERRORS.notConnected);
    const userId = s.userId;
    if (frame.command === 'SEND' || frame.command === 'SUBSCRIBE') checkToken(s, userId);
    switch (frame.command) {
      case 'SUBSCRIBE': {
        const id = h.id;
        const destination = h.destination;
        if (!id || !destination) throw new StompRefusal(STOMP_ERRORS.malformed);
        if (s.subs.has(id)) throw new StompRefusal(STOMP_ERRORS.malformed);
        if (s.subs.size >= options.maxSubscriptions) throw new StompRefusal(STOMP_ERRORS.tooManySubscriptions);
        const d = parseDestination(destination);
        if (!d || d.kind === 'chat-send') throw new StompRefusal(STOMP_ERRORS.unknownDestination);
        const sub: Subscription = { session: s, id, destination };
        if (d.kind === 'user-errors') {
          // The session's own queue: kept on the session only, never in the shared destination index.
          s.subs.set(id, sub);
          break;
        }
        const ok = d.kind === 'user' ? d.userId === userId : await deps.canChat(userId, d.matchId);
        if (!ok) throw new StompRefusal(STOMP_ERRORS.forbidden);
        if (s.closed) return;
        s.subs.set(id, sub);
        let set = byDestination.get(destination);
        if (!set) byDestination.set(destination, (set = new Set()));
        set.add(sub);
        break;
      }
      case 'UNSUBSCRIBE': {
        const sub = h.id ? s.subs.get(h.id) : undefined;
        if (!h.id) throw new StompRefusal(STOMP_ERRORS.malformed);
        if (sub) {
          s.subs.delete(sub.id);
          byDestination.get(sub.destination)?.delete(sub);
        }
        break;
      }
      case 'SEND': {
        const destination = h.destination ?? '';
        if (destination.startsWith('/topic/')) throw new StompRefusal(STOMP_ERRORS.forbidden);
        const d = parseDestination(destination);
        if (!d || d.kind !== 'chat-send') throw new StompRefusal(STOMP_ERRORS.unknownDestination);
        let content: unknown;
        try {
          content = (JSON.parse(frame.body) as { content?: unknown })?.content;
        } catch {
          throw new StompRefusal(STOMP_ERRORS.malformed);
        }
        if (typeof content !== 'string') throw new StompRefusal(STOMP_ERRORS.malformed);
        const clientId = h['client-id'];
        if (clientId !== undefined && !isClientId(clientId)) {
          userError(s, { code: 'validation', message: STOMP_ERRORS.clientId, destination, ...(receipt ? { receiptId: receipt } : {}) });
          return;
        }
        try {
          await deps.sendChat(userId, d.matchId, content, clientId);
        } catch (err) {
          // Issue #16: authorised but refused (400 content, 409 chat closed) → the session's error
          // queue, no RECEIPT, the connection stays. Not a participant (403/404) → ERROR and close.
          if (err instanceof AppError && (err.statusCode === 400 || err.statusCode === 409)) {
            userError(s, { code: err.code.toLowerCase(), message: err.message, destination, ...(receipt ? { receiptId: receipt } : {}) });
            return;
          }
          if (err instanceof AppError) throw new StompRefusal(STOMP_ERRORS.forbidden);
          throw err;
        }
        break;
      }
      case 'ACK':
      case 'NACK':
        break;
      case 'DISCONNECT':
        if (receipt) sendFrame(s, 'RECEIPT', { 'receipt-id': receipt });
        drop(s);
        s.ws.close(1000);
        return;
      default:
        throw new StompRefusal(STOMP_ERRORS.unsupported);
    }
    if (receipt && !s.closed) sendFrame(s, 'RECEIPT', { 'receipt-id': receipt });
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
    const auth = h.Authorization ?? h.authorization ?? '';
    const m = /^Bearer\s+(\S+)$/i.exec(auth);
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
    let open = 0;
    for (const other of sessions) if (other.userId === user.id) open += 1;
    if (open >= options.maxConnectionsPerUser) throw new StompRefusal(STOMP_ERRORS.tooManyConnections);
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
    sendFrame(s, 'CONNECTED', { version, 'heart-beat': `${sx},${sy}`, server: 'bapsang/1', session: s.id, 'user-name': String(user.id) });
    if (outgoing) s.timers.push(setInterval(() => s.ws.readyState === s.ws.OPEN && s.ws.send('\n'), outgoing));
    if (incoming) {
      s.timers.push(
        setInterval(() => {
          if (Date.now() - s.lastIn > incoming * 2) {
            log.debug({ session: s.id }, 'stomp: heart-beat missed, closing');
            drop(s);
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
    for (const s of [...sessions]) {
      if (s.userId === userId && s.tokenVer < tokenVersion) refuse(s, STOMP_ERRORS.revoked, undefined, STOMP_ERROR_CODES.revoked);
    }
  });

  const removeListener = broker.onMessage((message) => {
    if (message.destination === CONTROL_MATCH_DELETED) {
      let matchId: unknown;
      try {
        matchId = (JSON.parse(message.body) as { matchId?: unknown }).matchId;
      } catch {
        return;
      }
      if (typeof matchId !== 'number') return;
      const set = byDestination.get(chatTopic(matchId));
      if (!set) return;
      for (const sub of set) sub.session.subs.delete(sub.id);
      byDestination.delete(chatTopic(matchId));
      return;
    }
    const set = byDestination.get(message.destination);
    if (!set || set.size === 0) return;
    messageSeq += 1;
    for (const sub of set) {
      sendFrame(sub.session, 'MESSAGE', {
        subscription: sub.id,
        'message-id': `${messageSeq}-${sub.session.id.slice(0, 8)}`,
        destination: message.destination,
        'content-type': 'application/json;charset=utf-8',
      }, message.body);
    }
  });

  return {
    sessionCount: () => sessions.size,
    async close() {
      server.off('upgrade', onUpgrade);
      removeListener();
      removeRevocationListener();
      for (const s of [...sessions]) {
        drop(s);
        s.ws.terminate();
      }
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
