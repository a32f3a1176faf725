/**
 * `GET /healthz`: liveness and database readiness for load balancers and the start-up check.
 * `GET /readyz` (issue #20): ready to serve — the database and, with REDIS_URL, Redis answer
 * within 2 s. Neither is logged per request (server/plugins/observability.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthResponse } from '../../../common/api/health.ts';
import { errorResponses } from '../../lib/http.ts';
import { fail } from '../../lib/errors.ts';
import { pingDatabase } from '../../plugins/db.ts';

/** Registers `GET /healthz`: 200 `{ status: 'ok' }`, 503 when the database does not answer. */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/healthz',
    { schema: { tags: ['ops'], security: [], summary: 'health check', response: { 200: HealthResponse, ...errorResponses(503) } } },
    async (request) => {
      try {
        await pingDatabase(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database down');
        fail('DB_UNAVAILABLE');
      }
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['ops'],
        security: [],
        summary: 'readiness check',
        description: "200 `{status: 'ok'}` when the database and the live channel's broker (Redis when REDIS_URL is set) answer within 2 s; 503 DB_UNAVAILABLE / BROKER_UNAVAILABLE otherwise.",
        response: { 200: HealthResponse, ...errorResponses(503) },
      },
    },
    async (request) => {
      const within = <T>(work: Promise<T>) => Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out after 2 s')), 2000).unref())]);
      try {
        await within(pingDatabase(app.db));
      } catch (error) {
        request.log.error({ err: error }, 'readiness: database down');
        fail('DB_UNAVAILABLE');
      }
      try {
        await within(app.broker.ping());
      } catch (error) {
        request.log.error({ err: error }, 'readiness: broker down');
        fail('BROKER_UNAVAILABLE');
      }
      return { status: 'ok' as const };
    },
  );
};
