/** `GET /healthz`: liveness and database readiness for load balancers and the start-up check. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthResponse } from '../../../common/api/health.ts';
import { errorResponses } from '../../lib/http.ts';
import { AppError, MSG } from '../../lib/errors.ts';
import { pingDatabase } from '../../plugins/db.ts';

/** Registers `GET /healthz`: 200 `{ status: 'ok' }`, 503 when the database does not answer. */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/healthz',
    { schema: { tags: ['ops'], summary: 'health check', response: { 200: HealthResponse, ...errorResponses(503) } } },
    async (request) => {
      try {
        await pingDatabase(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database down');
        throw new AppError(503, 'DB_UNAVAILABLE', MSG.unavailable);
      }
      return { status: 'ok' as const };
    },
  );
};
