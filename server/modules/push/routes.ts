/**
 * Push device tokens (SPEC §7; issue #4, issue #7):
 * - `POST /api/fcm/token`: stores a device token for the caller, once per (member, token). A token
 *   another member registered on the same device moves to the caller (their row is deleted), so a
 *   shared phone only receives the signed-in member's pushes.
 * - `DELETE /api/fcm/token`: removes the caller's token (logout, push turned off); idempotent.
 * server/plugins/push.ts sends to these tokens and deletes the ones FCM reports unregistered.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, count, eq, ne } from 'drizzle-orm';
import { PushTokenBody } from '../../../common/api/chat.ts';
import { pushTokens } from '../../db/schema.ts';
import { fail } from '../../lib/errors.ts';
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
        description:
          `Body \`{ token }\` (1–4096 non-space characters). 204; the same token twice is stored once; a token registered by another ` +
          `member moves to the caller. 400 invalid; 401 anonymous; 429 more than ${MAX_PUSH_TOKENS_PER_USER} tokens.`,
        security: BEARER,
        body: PushTokenBody,
        response: { 204: { type: 'null', description: 'stored' }, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const { token } = request.body;
      await app.db.transaction(async (tx) => {
        // The device now belongs to the caller: the previous member stops receiving its pushes.
        await tx.delete(pushTokens).where(and(eq(pushTokens.token, token), ne(pushTokens.userId, userId)));
        const [existing] = await tx.select({ id: pushTokens.id }).from(pushTokens).where(and(eq(pushTokens.userId, userId), eq(pushTokens.token, token)));
        if (existing) return;
        const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(pushTokens).where(eq(pushTokens.userId, userId));
        if (n >= MAX_PUSH_TOKENS_PER_USER) fail('DEVICE_LIMIT');
        await tx.insert(pushTokens).values({ userId, token }).onConflictDoNothing();
      });
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/fcm/token',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags: ['push'],
        summary: '푸시 토큰 삭제',
        description:
          "Body `{ token }`. 204 whether or not the caller had it (idempotent); another member's token is never touched. 400 invalid; 401 anonymous.",
        security: BEARER,
        body: PushTokenBody,
        response: { 204: { type: 'null', description: 'removed (or was not there)' }, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await app.db.delete(pushTokens).where(and(eq(pushTokens.userId, request.user!.id), eq(pushTokens.token, request.body.token)));
      return reply.code(204).send(null);
    },
  );
};
