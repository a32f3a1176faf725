/**
 * The one live channel of the client (SPEC §7 "Live channels", §4 Session; issue #4): a single
 * @stomp/stompjs `Client` to `ws(s)://{API host or page host}/ws` with `Authorization: Bearer`,
 * reconnecting every 5000 ms. It is active while a member is signed in and deactivated on logout
 * and expiry (`onSignOut`). Subscriptions are kept here and re-made after every reconnect;
 * `onLiveConnect` tells pages about (re)connects, once their subscriptions are confirmed, so they
 * can fetch what they missed.
 * An ERROR whose `code` says the token is dead (expired, revoked by logout everywhere or a password
 * reset; issue #13) ends the session through the store instead of reconnecting with that token.
 * @stomp/stompjs is loaded on the first connect (a visitor's first render never downloads it).
 */
import type { Client, StompSubscription } from '@stomp/stompjs';
import { create } from 'zustand';
import { WS_PATH } from '@common/realtime';
import { getMe } from '@common/api/users';
import { call } from '@/lib/api-client';
import { env } from '@/config/env';
import { ACCOUNT_ENDED_CODES, onSignOut, useSession, type SignOutReason } from '@/lib/session/store';

/** SPEC §9: live socket reconnect delay. */
export const RECONNECT_DELAY_MS = 5000;

/**
 * ERROR `code` headers (server/realtime/stomp-server.ts, issue #13) that mean the token will never
 * work again, and the sign-out reason each leads to (`expired` shows the "session expired" notice).
 * A CONNECT refused for a suspended or deleted account (server/plugins/auth.ts `revokedError`, issue
 * #31 item 6) ends the session too: otherwise the client would reconnect every 5 s, refused each
 * time, and the member would learn of it only from a later request.
 */
export const DEAD_TOKEN_CODES: Readonly<Record<string, SignOutReason>> = {
  TOKEN_EXPIRED: 'expired',
  TOKEN_REVOKED: 'expired',
  INVALID_TOKEN: 'invalid',
  ...Object.fromEntries([...ACCOUNT_ENDED_CODES].map((code) => [code, 'ended' as const])),
};

/** Codes after which the API is asked why (`me`): its 401 carries the account's own text. */
const ASK_WHY_CODES = new Set(['TOKEN_REVOKED', ...ACCOUNT_ENDED_CODES]);

/** Whether the live channel is connected right now. */
export const useLiveStatus = create<{ connected: boolean }>()(() => ({ connected: false }));

/** `ws(s)://host/ws` for the API host (`VITE_API_URL`) or the page's own origin. */
export function liveUrl(apiUrl: string = env.apiUrl, page: { protocol: string; host: string } = window.location): string {
  const base = apiUrl ? new URL(apiUrl) : null;
  const secure = (base?.protocol ?? page.protocol) === 'https:';
  return `${secure ? 'wss' : 'ws'}://${base?.host ?? page.host}${WS_PATH}`;
}

/**
 * One STOMP subscription per destination, shared by every handler that wants it (issue #16: the
 * server answers `/user/queue/errors` on one subscription of the session, so the notifications and
 * an open chat both hear a refused SEND).
 */
interface Wanted {
  destination: string;
  handlers: Set<(body: unknown) => void>;
  active: StompSubscription | null;
}

let client: Client | null = null;
let clientToken: string | null = null;
/** Bumped by every connect/disconnect, so a connect still loading the library knows it was superseded. */
let generation = 0;
/** Bumped by every (re)connect and socket close, so a catch-up waiting for receipts knows its connection ended. */
let connections = 0;
const wanted = new Map<string, Wanted>();
const connectListeners = new Set<() => void>();

/** Receipt ids of this tab's SUBSCRIBE frames (`sub-1`, `sub-2`, …). */
let receiptSeq = 0;

/**
 * SUBSCRIBEs `w` on the connected client, asking for a RECEIPT; answers a promise of that RECEIPT,
 * which the server sends once the subscription is made (server/realtime/stomp-server.ts), or null
 * when not connected. A refused subscription gets no RECEIPT (the refusal goes to the error queue).
 */
function subscribeNow(w: Wanted): Promise<void> | null {
  const c = client;
  if (!c?.connected) return null;
  const receipt = `sub-${++receiptSeq}`;
  const made = new Promise<void>((resolve) => c.watchForReceipt(receipt, () => resolve()));
  w.active = c.subscribe(
    w.destination,
    (message) => {
      let body: unknown;
      try {
        body = JSON.parse(message.body);
      } catch {
        console.warn('live message is not JSON', message.body);
        return;
      }
      for (const handler of [...w.handlers]) handler(body);
    },
    { receipt },
  );
  return made;
}

/**
 * After a (re)connect, how long the catch-up waits for the subscriptions' RECEIPTs at most (ms): a
 * refused one never answers, and the pages must still catch up.
 */
export const CATCH_UP_WAIT_MS = 3000;

/**
 * Runs the `onLiveConnect` listeners once every subscription re-made on this connection is
 * confirmed (or after CATCH_UP_WAIT_MS), and only while that connection is still the current one.
 * A page's catch-up fetch then reads after the server has started delivering to it, so an event
 * published between the two cannot fall in the gap (issue #33 item 2: the live services start
 * after the first page shows, when the pages' subscriptions are already wanted).
 */
function catchUpWhenSubscribed(made: Array<Promise<void>>) {
  const connection = connections;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, CATCH_UP_WAIT_MS)));
  void Promise.race([Promise.all(made), waited]).then(() => {
    clearTimeout(timer);
    if (connection !== connections || !client?.connected) return;
    for (const l of [...connectListeners]) l();
  });
}

/** Connects with `token` (replacing a connection made with another token). Resolves once activated. */
export async function connectLive(token: string): Promise<void> {
  if (clientToken === token) return;
  void disconnectLive();
  clientToken = token;
  const mine = ++generation;
  const { Client: StompClient } = await import('@stomp/stompjs');
  if (mine !== generation) return;
  const c = new StompClient({
    brokerURL: liveUrl(),
    connectHeaders: { Authorization: `Bearer ${token}` },
    reconnectDelay: RECONNECT_DELAY_MS,
    heartbeatIncoming: 10_000,
    heartbeatOutgoing: 10_000,
    debug: () => {},
    onConnect: () => {
      connections += 1;
      useLiveStatus.setState({ connected: true });
      const made = [...wanted.values()].map(subscribeNow).filter((p) => p !== null);
      catchUpWhenSubscribed(made);
    },
    onWebSocketClose: () => {
      connections += 1;
      useLiveStatus.setState({ connected: false });
      for (const w of wanted.values()) w.active = null;
    },
    onStompError: (frame) => {
      console.warn('live channel error', frame.headers.message);
      const reason = DEAD_TOKEN_CODES[frame.headers.code ?? ''];
      if (!reason || client !== c) return;
      // Stop reconnecting with this token; signing out also runs `disconnectLive` (onSignOut).
      void disconnectLive();
      if (ASK_WHY_CODES.has(frame.headers.code ?? '')) {
        // Issue #31 item 6: ask why over HTTP. A suspended or deleted account answers 401 with its
        // own text (until when, why, whom to ask), and the API client's 401 handler signs out with
        // it; otherwise a revocation is an expiry and an ended account keeps the ERROR's text.
        void call(getMe)
          .catch(() => undefined)
          .finally(() => {
            if (useSession.getState().token === token) useSession.getState().signOut(reason, reason === 'ended' ? frame.headers.message : undefined);
          });
        return;
      }
      if (useSession.getState().token === token) useSession.getState().signOut(reason);
    },
  });
  client = c;
  c.activate();
}

/** Closes the live channel (logout, expiry). */
export async function disconnectLive(): Promise<void> {
  const c = client;
  generation += 1;
  client = null;
  clientToken = null;
  useLiveStatus.setState({ connected: false });
  for (const w of wanted.values()) w.active = null;
  if (c) await c.deactivate();
}

/** Keeps a subscription to `destination` while the returned function is not called (survives reconnects). */
export function liveSubscribe(destination: string, handler: (body: unknown) => void): () => void {
  let w = wanted.get(destination);
  if (!w) {
    w = { destination, handlers: new Set(), active: null };
    wanted.set(destination, w);
    w.handlers.add(handler);
    subscribeNow(w);
  } else {
    w.handlers.add(handler);
  }
  const mine = w;
  return () => {
    mine.handlers.delete(handler);
    if (mine.handlers.size > 0 || wanted.get(destination) !== mine) return;
    wanted.delete(destination);
    if (mine.active && client?.connected) mine.active.unsubscribe();
    mine.active = null;
  };
}

/**
 * Runs `listener` after every (re)connect, once the subscriptions wanted at that moment are
 * confirmed by the server (their RECEIPTs; at most CATCH_UP_WAIT_MS later): what a page fetches
 * then cannot miss an event the subscription would not have delivered.
 */
export function onLiveConnect(listener: () => void): () => void {
  connectListeners.add(listener);
  return () => connectListeners.delete(listener);
}

/** Extra SEND headers (e.g. `client-id`, `receipt`) and what to run when the server's RECEIPT for `receipt` arrives. */
export interface LivePublishOptions {
  headers?: Record<string, string>;
  onReceipt?: () => void;
}

/** SENDs JSON to `destination`; answers false (nothing sent) when not connected. */
export function livePublish(destination: string, body: unknown, options: LivePublishOptions = {}): boolean {
  if (!client?.connected) return false;
  const headers = options.headers ?? {};
  const { onReceipt } = options;
  if (onReceipt && headers.receipt) client.watchForReceipt(headers.receipt, () => onReceipt());
  client.publish({ destination, body: JSON.stringify(body), headers });
  return true;
}

/**
 * Follows the session: connected while signed in (with the current token), closed on sign-out.
 * Called by the root layout's live services (src/routes/-live-services.tsx); answers the stopper.
 */
export function startLiveChannel(): () => void {
  // Never with a restored token `me` has not confirmed yet (issue #33 item 2): `verifying` ends
  // when `me` answered or the offline fallback decided, and the subscription connects then.
  const follow = (s: { status: string; token: string | null; verifying: boolean }) => {
    if (s.status === 'signedIn' && s.token && !s.verifying) void connectLive(s.token);
  };
  follow(useSession.getState());
  const unsubscribe = useSession.subscribe(follow);
  const offSignOut = onSignOut(() => void disconnectLive());
  return () => {
    unsubscribe();
    offSignOut();
    void disconnectLive();
  };
}
