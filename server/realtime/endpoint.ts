/**
 * The STOMP endpoint `GET /ws` as a Fastify route (issue #16 item 8), through @fastify/websocket:
 * the upgrade runs Fastify's hooks and request logging, the origin check is the route's
 * `onRequest` hook, and shutdown is Fastify's (`preClose` ends the STOMP sessions, then the
 * WebSocket server closes).
 *
 * Same origin by default (issue #16 item 3): a browser `Origin` is accepted when it is one of
 * `allowedOrigins` (PUBLIC_URL and ALLOWED_ORIGINS / WS_ALLOWED_ORIGINS) or the request's own
 * `http(s)://{Host}` — the page was served by this server under that name (127.0.0.1, a LAN
 * address, a proxy's host). Any other site gets `403 {code: 'ORIGIN_REFUSED', message}` before the
 * upgrade. A request without `Origin` (not a browser) is accepted. (The live channel authenticates
 * with a bearer token in CONNECT, not a cookie, so the check guards against other sites' pages.)
 * Subprotocols: `v12.stomp`, `v11.stomp`, `v10.stomp`; a client offering none of them is upgraded
 * without one and answered by STOMP 1.0 rules.
 */
import type { IncomingMessage } from 'node:http';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { STOMP_SUBPROTOCOLS, WS_PATH } from '../../common/realtime.ts';
import { STOMP_ERRORS } from './frames.ts';
import type { StompServer } from './stomp-server.ts';

/** Whether a browser page at `origin` may open the live channel (see the file's doc). */
export function originAllowed(origin: string, allowed: ReadonlySet<string>, request: Pick<IncomingMessage, 'headers'>): boolean {
  const o = origin.replace(/\/+$/, '').toLowerCase();
  if (allowed.has(o)) return true;
  const host = request.headers.host?.toLowerCase();
  return !!host && (o === `http://${host}` || o === `https://${host}`);
}

/**
 * Registers @fastify/websocket and the `/ws` route handing each accepted socket to `stomp`.
 * `maxPayload` bounds one WebSocket message (bytes).
 */
export async function registerStompEndpoint(
  app: FastifyInstance,
  stomp: StompServer,
  options: { allowedOrigins: string[]; maxPayload: number },
): Promise<void> {
  const allowed = new Set(options.allowedOrigins.map((o) => o.replace(/\/+$/, '').toLowerCase()));
  await app.register(websocket, {
    options: {
      maxPayload: options.maxPayload,
      handleProtocols: (protocols) => STOMP_SUBPROTOCOLS.find((p) => protocols.has(p)) ?? false,
    },
    // STOMP sessions end first (close 1012 Service Restart: clients reconnect), then the WebSocket server closes.
    preClose: async function (this: FastifyInstance) {
      await stomp.close();
      for (const client of this.websocketServer.clients) client.terminate();
      await new Promise<void>((resolve) => this.websocketServer.close(() => resolve()));
    },
  });
  app.route({
    method: 'GET',
    url: WS_PATH,
    schema: { hide: true },
    onRequest: async (request, reply) => {
      const origin = request.headers.origin;
      if (origin !== undefined && !originAllowed(origin, allowed, request.raw)) {
        request.log.info({ origin }, 'stomp: origin refused');
        return reply.code(403).send({ code: 'ORIGIN_REFUSED', message: STOMP_ERRORS.origin });
      }
    },
    // A plain GET (no upgrade) is an unknown page like any other: the JSON 404.
    handler: (_request, reply) => reply.callNotFound(),
    wsHandler: (socket, request) => {
      // The upgrade's one log line (a hijacked reply has no "request completed"); its request id tags the session's lines.
      request.log.info({ req: request, protocol: socket.protocol }, 'stomp: websocket opened');
      stomp.accept(socket, request.log);
    },
  });
}
