/**
 * One message on its way over the live channel (issue #16 item 4, issue #30 item 5): SEND with its
 * `client-id` (also the `receipt`), then settled by the first of — its echo on the topic (the
 * stored message), a refusal on `/user/queue/errors` naming the receipt (`ChatRefusal`: the content
 * filter, a rate limit, a closed chat), or 10 s: stored by then (RECEIPT came) → settled without
 * the echo, otherwise `ChatSendFailed` (전송 실패, 다시 보내기 with the same client-id). Kept
 * outside React so a message in flight survives leaving the screen; `resendInFlight` SENDs every
 * unsettled one again after a reconnect (the server stores a client-id once).
 */
import { onSignOut } from '@/lib/session/store';
import { livePublish } from '@/lib/stomp-client';

/** No echo or RECEIPT within this long: the message failed (issue #16 item 4). */
export const SEND_TIMEOUT_MS = 10_000;

/** The server refused this message; `message` is its Korean reason (shown under the input). */
export class ChatRefusal extends Error {}
/** No answer: the message may be sent again as it is. */
export class ChatSendFailed extends Error {}

interface InFlight {
  destination: string;
  body: unknown;
  acked: boolean;
  onAcked?: () => void;
  timer: ReturnType<typeof setTimeout> | undefined;
  resolve: (m: unknown) => void;
  reject: (e: Error) => void;
}

const inFlight = new Map<string, InFlight>();

function arm(clientId: string, f: InFlight) {
  clearTimeout(f.timer);
  f.timer = setTimeout(() => {
    inFlight.delete(clientId);
    if (f.acked) f.resolve(null);
    else f.reject(new ChatSendFailed());
  }, SEND_TIMEOUT_MS);
}

function publish(clientId: string, f: InFlight): boolean {
  return livePublish(f.destination, f.body, { headers: { 'client-id': clientId, receipt: clientId }, onReceipt: () => {
      f.acked = true;
      f.onAcked?.();
    } });
}

/**
 * SENDs `body` to `destination` and resolves with the echoed message (`null`: stored, echo missed),
 * or rejects (`ChatRefusal`, `ChatSendFailed`); `onAcked` runs when the RECEIPT says it is stored. Rejects at once with `ChatSendFailed` when the
 * channel is not connected.
 */
export function sendLive<T>(destination: string, clientId: string, body: unknown, onAcked?: () => void): Promise<T | null> {
  return new Promise<T | null>((resolve, reject) => {
    const f: InFlight = { destination, body, acked: false, onAcked, timer: undefined, resolve: resolve as (m: unknown) => void, reject };
    if (!publish(clientId, f)) return reject(new ChatSendFailed());
    inFlight.set(clientId, f);
    arm(clientId, f);
  });
}

/** An echo arrived: the message with this client-id is stored and delivered. */
export function settleEcho(clientId: string | undefined, message: unknown): void {
  const f = clientId ? inFlight.get(clientId) : undefined;
  if (!f) return;
  clearTimeout(f.timer);
  inFlight.delete(clientId!);
  f.resolve(message);
}

/** A refusal on `/user/queue/errors` for `receiptId`. Answers whether it was one of ours. */
export function refuseSend(receiptId: string | undefined, message: string | undefined): boolean {
  const f = receiptId ? inFlight.get(receiptId) : undefined;
  if (!f) return false;
  clearTimeout(f.timer);
  inFlight.delete(receiptId!);
  f.reject(new ChatRefusal(message ?? ''));
  return true;
}

/** After a reconnect: every message still in flight to `destination` is SENT again (same client-id). */
export function resendInFlight(destination: string): void {
  for (const [clientId, f] of inFlight) {
    if (f.destination !== destination) continue;
    if (publish(clientId, f)) arm(clientId, f);
  }
}

/** Forgets every message in flight (sign-out: nothing of the last member is sent with the next one's token). */
export function clearInFlight(): void {
  for (const f of inFlight.values()) clearTimeout(f.timer);
  inFlight.clear();
}

onSignOut(clearInFlight);
