/**
 * Test support for the live channel (issue #4): a listening app and Node STOMP clients
 * (@stomp/stompjs over `ws`) that record every MESSAGE, ERROR and close.
 */
import { Client, type IFrame, type IMessage } from '@stomp/stompjs';
import WebSocket from 'ws';
import type { TestApp } from '../test/helper.ts';

/** Listens on an ephemeral port; answers the `ws://127.0.0.1:{port}/ws` URL. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `ws://127.0.0.1:${address.port}/ws`;
}

/** A recording STOMP client. */
export interface TestStomp {
  client: Client;
  /** Every MESSAGE frame received, in order, per subscription destination. */
  messages: IMessage[];
  errors: IFrame[];
  /** Resolves once CONNECTED arrived. */
  connected: Promise<void>;
  /** Resolves when the socket closed (after the first close). */
  closed: Promise<void>;
  isClosed(): boolean;
  /** Subscribes; answers the messages of that destination (a live array). */
  subscribe(destination: string): IMessage[];
  /** SEND with a receipt; resolves when the RECEIPT arrives. */
  sendWithReceipt(destination: string, body: unknown): Promise<void>;
  /** Resolves once the server processed every frame sent so far (an UNSUBSCRIBE of nothing, with a receipt). */
  sync(): Promise<void>;
  /** Waits until `predicate()` is true (polling), or fails after `ms`. */
  waitFor(predicate: () => boolean, ms?: number): Promise<void>;
  stop(): Promise<void>;
}

let receiptSeq = 0;

/** Waits until `predicate()` holds, polling every 10 ms; throws after `ms`. */
export async function waitFor(predicate: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Opens a STOMP client to `url` (no reconnect). `token` undefined → no Authorization header. */
export function stompClient(url: string, token: string | undefined, options: { origin?: string; heartbeatMs?: number } = {}): TestStomp {
  const messages: IMessage[] = [];
  const errors: IFrame[] = [];
  let closedFlag = false;
  let resolveConnected!: () => void;
  let resolveClosed!: () => void;
  const connected = new Promise<void>((r) => (resolveConnected = r));
  const closed = new Promise<void>((r) => (resolveClosed = r));
  const client = new Client({
    webSocketFactory: () => new WebSocket(url, ['v12.stomp', 'v11.stomp', 'v10.stomp'], options.origin ? { origin: options.origin } : {}),
    connectHeaders: token === undefined ? {} : { Authorization: `Bearer ${token}` },
    reconnectDelay: 0,
    heartbeatIncoming: options.heartbeatMs ?? 0,
    heartbeatOutgoing: options.heartbeatMs ?? 0,
    onConnect: () => resolveConnected(),
    onStompError: (frame) => void errors.push(frame),
    onWebSocketClose: () => {
      closedFlag = true;
      resolveClosed();
    },
    debug: () => {},
  });
  client.activate();
  const byDestination = new Map<string, IMessage[]>();
  return {
    client,
    messages,
    errors,
    connected,
    closed,
    isClosed: () => closedFlag,
    subscribe(destination) {
      const list: IMessage[] = [];
      byDestination.set(destination, list);
      client.subscribe(destination, (m) => {
        messages.push(m);
        list.push(m);
      });
      return list;
    },
    sendWithReceipt(destination, body) {
      receiptSeq += 1;
      const receipt = `r-${receiptSeq}`;
      const done = new Promise<void>((resolve) => client.watchForReceipt(receipt, () => resolve()));
      client.publish({ destination, body: JSON.stringify(body), headers: { receipt } });
      return done;
    },
    sync() {
      receiptSeq += 1;
      const receipt = `s-${receiptSeq}`;
      const done = new Promise<void>((resolve) => client.watchForReceipt(receipt, () => resolve()));
      client.unsubscribe(`none-${receiptSeq}`, { receipt });
      return done;
    },
    waitFor,
    async stop() {
      await client.deactivate();
    },
  };
}

/** A raw `ws` socket speaking whatever bytes a test writes; records received text and close. */
export function rawSocket(url: string, origin?: string) {
  const ws = new WebSocket(url, ['v12.stomp'], origin ? { origin } : {});
  const received: string[] = [];
  let closed = false;
  ws.on('message', (data) => received.push(data.toString()));
  ws.on('close', () => (closed = true));
  ws.on('error', () => {});
  const open = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, received, open, isClosed: () => closed };
}

/**
 * Tries a WebSocket handshake from a browser page at `origin`; answers the HTTP status and JSON
 * body of a refused upgrade, or `{status: 101}` when the socket opened (then closed at once).
 */
export function handshakeStatus(url: string, origin: string): Promise<{ status: number; body?: unknown }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, ['v12.stomp'], { origin });
    ws.on('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        ws.terminate();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: keep the text
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    ws.on('open', () => {
      ws.close();
      resolve({ status: 101 });
    });
    ws.on('error', (err) => {
      if (!/Unexpected server response/.test(err.message)) reject(err);
    });
  });
}

/** A CONNECT frame with a bearer token. */
export const connectFrame = (token: string, heartBeat = '0,0') => `CONNECT\naccept-version:1.2\nhost:localhost\nheart-beat:${heartBeat}\nAuthorization:Bearer ${token}\n\n\0`;
