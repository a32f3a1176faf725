/**
 * Push device tokens (common/api/push.ts): `POST /api/fcm/token` stores a device token for the
 * caller, once per (member, token); a token another member registered on the same device moves to
 * the caller (their row is deleted), so a shared phone only receives the signed-in member's pushes.
 * `DELETE /api/fcm/token` removes the caller's token (logout, push turned off); idempotent.
 * server/plugins/push.ts sends to these tokens and deletes the ones FCM reports unregistered.
 */
import type { FastifyPluginAsync } from 'fastify';
import { and, count, eq, ne } from 'drizzle-orm';
import { MAX_PUSH_TOKENS_PER_USER, registerPushToken, removePushToken } from '../../../common/api/push.ts';
import { pushTokens } from '../../db/schema.ts';
import { fail } from '../../lib/errors.ts';
import { route } from '../../plugins/operations.ts';

export { MAX_PUSH_TOKENS_PER_USER };

/** Registers the push token routes. */
export const pushRoutes: FastifyPluginAsync = async (app) => {
  route(app, registerPushToken, async (request, reply) => {
    const userId = request.member.id;
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
  });

  route(app, removePushToken, async (request, reply) => {
    await app.db.delete(pushTokens).where(and(eq(pushTokens.userId, request.member.id), eq(pushTokens.token, request.body.token)));
    return reply.code(204).send(null);
  });
};
