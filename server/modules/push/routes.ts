/**
 * `POST /api/fcm/token` (SPEC §7; issue #4): stores a push device token for the caller,
 * deduplicated per (member, token). 204 on success; the push issue sends to these tokens.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, count, eq } from 'drizzle-orm';
import { PushTokenBody } from '../../../common/api/chat.ts';
import { pushTokens } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/http.ts';
import { BEARER } from '../../plugins/docs.ts';

/** Most device tokens kept per member. */
export const MAX_PUSH_TOKENS_PER_USER = 20;

/** Registers the push token route. */
export const pushRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/fcm/token',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags: ['push'],
        summary: '푸시 토큰 등록',
        description: `Body \`{ token }\` (1–4096 non-space characters). 204; the same token twice is stored once. 400 invalid; 401 anonymous; 429 more than ${MAX_PUSH_TOKENS_PER_USER} tokens.`,
        security: BEARER,
        body: PushTokenBody,
        response: { 204: { type: 'null', description: 'stored' }, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const { token } = request.body;
      const [existing] = await app.db.select({ id: pushTokens.id }).from(pushTokens).where(and(eq(pushTokens.userId, userId), eq(pushTokens.token, token)));
      if (!existing) {
        const [{ n } = { n: 0 }] = await app.db.select({ n: count() }).from(pushTokens).where(eq(pushTokens.userId, userId));
        if (n >= MAX_PUSH_TOKENS_PER_USER) throw new AppError(429, 'RATE_LIMITED', '등록할 수 있는 기기 수를 초과했습니다.');
        await app.db.insert(pushTokens).values({ userId, token }).onConflictDoNothing();
      }
      return reply.code(204).send(null);
    },
  );
};
