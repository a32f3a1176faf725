/**
 * STOMP frame handling (issue #16 item 8: the codec, apart from sessions and authorisation).
 * Frames are decoded with @stomp/stompjs's `Parser` + `FrameImpl.fromRawFrame` after our own strict
 * single-frame check, and encoded with `FrameImpl.marshall`. Also the refusal type and the Korean
 * ERROR texts every part of the live channel uses.
 */
import { FrameImpl, Parser, type IRawFrameType, type StompHeaders } from '@stomp/stompjs';
import { errorText } from '../../common/errors.ts';
import { ko } from '../../common/i18n/ko.ts';

/**
 * ERROR `code` header values (issue #13) for refusals the client answers by signing out — the same
 * codes as the HTTP 401s of server/plugins/auth.ts.
 */
export const STOMP_ERROR_CODES = { expired: 'TOKEN_EXPIRED', revoked: 'TOKEN_REVOKED' } as const;

/** ERROR `message` header texts and refusal bodies (Korean, for people; stable enough for tests). */
export const STOMP_ERRORS = {
  origin: errorText('ORIGIN_REFUSED'),
  clientId: ko.live.clientId,
  auth: errorText('NO_TOKEN'),
  malformed: ko.live.malformed,
  version: ko.live.version,
  notConnected: ko.live.notConnected,
  forbidden: errorText('FORBIDDEN'),
  unknownDestination: ko.live.unknownDestination,
  rate: errorText('RATE_LIMITED'),
  slowed: ko.live.slowed,
  unsupported: ko.live.unsupported,
  expired: errorText('TOKEN_EXPIRED'),
  /** The token was revoked while connected (logout everywhere, password reset; UI-TEXT "Session expired"). */
  revoked: errorText('TOKEN_REVOKED'),
  tooManySubscriptions: ko.live.tooManySubscriptions,
  tooManyConnections: ko.live.tooManyConnections,
  serverError: errorText('INTERNAL'),
} as const;

/**
 * A refusal that ends the session: answered with ERROR (with the `code` header when given) and
 * close. Thrown by frame decoding, session handling and destination handlers alike.
 */
export class StompRefusal extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const KNOWN_COMMANDS = new Set(['CONNECT', 'STOMP', 'SEND', 'SUBSCRIBE', 'UNSUBSCRIBE', 'ACK', 'NACK', 'BEGIN', 'COMMIT', 'ABORT', 'DISCONNECT']);
const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;

/** True for a WebSocket message of end-of-lines only: a heart-beat, not a frame. */
export function isHeartBeat(bytes: Uint8Array): boolean {
  return bytes.every((b) => b === LF || b === CR);
}

/** Drops the leading end-of-lines (heart-beats sent just before a frame). */
export function withoutLeadingHeartBeats(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (start < bytes.length && (bytes[start] === LF || bytes[start] === CR)) start += 1;
  return bytes.subarray(start);
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

/** A decoded frame: command, headers (unescaped for STOMP 1.1+ except CONNECT), text body. */
export interface Frame {
  command: string;
  headers: StompHeaders;
  body: string;
}

/** Turns a raw frame into a `Frame`; CONNECT/STOMP headers and all STOMP 1.0 headers are not unescaped (STOMP 1.2 §"Value Encoding"). */
export function toFrame(raw: IRawFrameType, version: '1.0' | '1.1' | '1.2'): Frame {
  const connecting = raw.command === 'CONNECT' || raw.command === 'STOMP';
  const frame = FrameImpl.fromRawFrame(raw, !connecting && version !== '1.0');
  return { command: frame.command, headers: frame.headers, body: frame.body };
}

/** Encodes one server frame; header values are escaped for STOMP 1.1+ (CONNECTED is never escaped by stompjs). */
export function encodeFrame(command: string, headers: StompHeaders, body: string, version: '1.0' | '1.1' | '1.2'): string {
  return FrameImpl.marshall({ command, headers, body, escapeHeaderValues: version !== '1.0' }) as string;
}

/** Parses a `heart-beat` header `x,y` (ms); throws StompRefusal when malformed. */
export function parseHeartBeat(value: string | undefined): [number, number] {
  if (value === undefined) return [0, 0];
  const m = /^\s*([0-9]{1,9})\s*,\s*([0-9]{1,9})\s*$/.exec(value);
  if (!m) throw new StompRefusal(STOMP_ERRORS.malformed);
  return [Number(m[1]), Number(m[2])];
}
