/**
 * Observability (issue #20 item 4):
 * - one log line per request ("request completed": method, URL with secrets redacted, status,
 *   response time in ms, the request id), none for `/healthz`, `/readyz` and `/metrics`:
 *   `AppLogController` (Fastify's `logController`, set in server/app.ts) drops the "incoming
 *   request" line and writes the request into the "completed" one;
 * - a request id per request: the proxy's `X-Request-Id` when it looks like one (≤ 64 characters of
 *   `[A-Za-z0-9._:-]`), else a new UUID; answered in `X-Request-Id`; the STOMP session opened by an
 *   upgrade logs with it (server/realtime/endpoint.ts hands `request.log` to the session);
 * - Prometheus metrics with prom-client at `GET /metrics` (text exposition format 0.0.4): the
 *   process defaults (`bapsang_process_*`, `bapsang_nodejs_*`), `bapsang_http_request_duration_seconds`
 *   (histogram by method, route pattern and status), `bapsang_stomp_sessions`,
 *   `bapsang_stomp_subscriptions`, `bapsang_broker_publish_duration_seconds` (histogram) and
 *   `bapsang_push_failures_total`. With `METRICS_TOKEN` set, `/metrics` needs
 *   `Authorization: Bearer {METRICS_TOKEN}` (401 otherwise); unset, it is open (keep it behind the
 *   proxy). Other plugins record through `app.metrics`.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { errorBody } from '../lib/errors.ts';

/** Routes that are never logged per request (probes and scrapes). */
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** What the rest of the app records. */
export interface AppMetrics {
  registry: Registry;
  /** Seconds one broker publish took (memory: ~0; Redis: the round trip). */
  brokerPublish: Histogram;
  /** Push deliveries that failed (FCM errors, not dead tokens). */
  pushFailures: Counter;
  /** Sources of the live gauges, set by the STOMP plugin once it exists. */
  setStompSource(source: { sessions: () => number; subscriptions: () => number }): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** True for the probes and the scrape, which are never logged per request. */
const quiet = (request: { url?: string }) => QUIET_PATHS.has((request.url ?? '').split('?')[0]!);

/**
 * Fastify's per-request log lines (issue #20): one "request completed" (or "request errored") line
 * with the request, the status and the time; nothing on arrival; nothing at all for the probes and
 * `/metrics`. Error-handler and 404 lines stay as Fastify writes them (for logged paths).
 */
export class AppLogController extends LogController {
  constructor() {
    super({ disableRequestLogging: quiet });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime }, 'request completed');
  }
}

/** A proxy's request id we keep: short, plain characters (never a log-injection vector). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's `genReqId`: the incoming `X-Request-Id` when it looks like one, else a UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Registers `app.metrics`, the request-duration histogram, the `X-Request-Id` answer header and `/metrics`. */
export const observabilityPlugin = fp<{ metricsToken: string | undefined }>(
  async (app, opts) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'bapsang_' });
    const httpDuration = new Histogram({
      name: 'bapsang_http_request_duration_seconds',
      help: 'HTTP request duration by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    const brokerPublish = new Histogram({
      name: 'bapsang_broker_publish_duration_seconds',
      help: 'Live channel broker publish duration (memory or Redis)',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5],
      registers: [registry],
    });
    const pushFailures = new Counter({ name: 'bapsang_push_failures_total', help: 'Push deliveries that failed', registers: [registry] });
    let stompSource: { sessions: () => number; subscriptions: () => number } | undefined;
    new Gauge({
      name: 'bapsang_stomp_sessions',
      help: 'Open STOMP sessions on this instance',
      registers: [registry],
      collect() {
        this.set(stompSource?.sessions() ?? 0);
      },
    });
    new Gauge({
      name: 'bapsang_stomp_subscriptions',
      help: 'STOMP subscriptions on this instance',
      registers: [registry],
      collect() {
        this.set(stompSource?.subscriptions() ?? 0);
      },
    });
    app.decorate('metrics', {
      registry,
      brokerPublish,
      pushFailures,
      setStompSource: (source: { sessions: () => number; subscriptions: () => number }) => {
        stompSource = source;
      },
    } satisfies AppMetrics);

    app.addHook('onSend', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
    app.addHook('onResponse', async (request, reply) => {
      if (quiet(request)) return;
      const route = request.routeOptions.url ?? 'unmatched';
      httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });

    const token = opts.metricsToken ? Buffer.from(`Bearer ${opts.metricsToken}`) : undefined;
    app.get(
      '/metrics',
      { schema: { tags: ['ops'], summary: 'Prometheus metrics', description: 'Text exposition format. With METRICS_TOKEN set: `Authorization: Bearer {METRICS_TOKEN}`, else 401.', hide: false } },
      async (request, reply) => {
        if (token) {
          const given = Buffer.from(request.headers.authorization ?? '');
          if (given.length !== token.length || !timingSafeEqual(given, token)) {
            return reply.code(401).send(errorBody('UNAUTHORIZED'));
          }
        }
        return reply.type(registry.contentType).send(await registry.metrics());
      },
    );
  },
  { name: 'observability' },
);
