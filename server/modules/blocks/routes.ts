/**
 * Blocks (common/api/blocks.ts). Blocking also cancels the open matches between the two members
 * (`cancelBetween`, the matches service's, passed in by server/app.ts) and ends their chats,
 * without telling the blocked member who did it.
 */
import type { FastifyPluginAsync } from 'fastify';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { blockMember, listBlocks, unblockMember } from '../../../common/api/blocks.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { blocks, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import { route } from '../../lib/operation.ts';
import { pagedList, TimeIdCursor } from '../../lib/paging.ts';
import type { MatchEvent } from '../../plugins/notifier.ts';

/** Options: the clock and the matches service's cancellation of open matches between two members. */
export interface BlocksRoutesOptions {
  now: Clock;
  cancelBetween: (blockerId: number, blockedId: number) => Promise<MatchEvent[]>;
}

/** Registers `/api/blocks`. */
export const blocksRoutes: FastifyPluginAsync<BlocksRoutesOptions> = async (app, opts) => {
  route(app, blockMember, async (request, reply) => {
    const blockerId = request.member.id;
    const { userId } = request.body;
    if (userId === blockerId) fail('SELF', { field: 'userId' });
    const [target] = await app.db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt)));
    if (!target) fail('USER_NOT_FOUND');
    const inserted = await app.db.insert(blocks).values({ blockerId, blockedId: userId, createdAt: opts.now() }).onConflictDoNothing().returning({ at: blocks.createdAt });
    // Also when already blocked: a match opened before (e.g. by a race) is cancelled now.
    const events = await opts.cancelBetween(blockerId, userId);
    await app.notifyAll(events);
    return reply.code(inserted.length ? 201 : 200).send({ message: MESSAGES.blocked });
  });

  route(app, unblockMember, async (request, reply) => {
    await app.db.delete(blocks).where(and(eq(blocks.blockerId, request.member.id), eq(blocks.blockedId, request.params.userId)));
    return reply.code(204).send(null);
  });

  route(app, listBlocks, async (request, reply) =>
    pagedList(request, reply, {
      cursor: TimeIdCursor,
      load: async ({ limit, after }) => {
        const conds = [eq(blocks.blockerId, request.member.id)];
        // createdAt is written from the clock (whole milliseconds), so the ISO cursor is exact.
        if (after) conds.push(sql`(${blocks.createdAt}, ${blocks.blockedId}) < (${after[0]}::timestamptz, ${after[1]})`);
        const rows = await app.db
          .select({ id: users.id, name: users.name, createdAt: blocks.createdAt })
          .from(blocks)
          .innerJoin(users, eq(users.id, blocks.blockedId))
          .where(and(...conds))
          .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
          .limit(limit);
        return rows.map((r) => ({ user: { id: r.id, name: r.name }, createdAt: r.createdAt.toISOString() }));
      },
      key: (r) => [r.createdAt, r.user.id],
    }),
  );
};
