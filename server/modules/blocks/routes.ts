/**
 * Blocks (issue #17 item 4; common/api/blocks.ts). Blocking also cancels the open matches between
 * the two members (`cancelBetween`, the matches service's, passed in by server/app.ts) and ends
 * their chats, without telling the blocked member who did it.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { BlockBody, BlockList, BlockListQuery, BlockParams } from '../../../common/api/blocks.ts';
import { PAGE_DEFAULT, PAGE_MAX } from '../../../common/paging.ts';
import { blocks, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/http.ts';
import { decodeCursor, pageLimit, sendPage, TimeIdCursor } from '../../lib/paging.ts';
import { BEARER } from '../../plugins/docs.ts';
import type { MatchEvent } from '../../plugins/notifier.ts';

/** Korean texts of the block errors. */
export const BLOCK_MSG = {
  self: '자기 자신은 차단할 수 없어요.',
  notFound: '회원을 찾을 수 없습니다.',
  blocked: '차단했어요.',
} as const;

const tags = ['blocks'];

/** Options: the clock and the matches service's cancellation of open matches between two members. */
export interface BlocksRoutesOptions {
  now: Clock;
  cancelBetween: (blockerId: number, blockedId: number) => Promise<MatchEvent[]>;
}

/** Registers `/api/blocks`. */
export const blocksRoutes: FastifyPluginAsyncTypebox<BlocksRoutesOptions> = async (app, opts) => {
  app.post(
    '/api/blocks',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '차단하기',
        description:
          'Blocks `userId`: 201 the first time, 200 when already blocked. Open matches between the two (PENDING, ACCEPTED, CONFIRMED before the start) become CANCELLED ' +
          'and their chats end; the blocked member is not told who did it. 400 SELF; 404 unknown or deleted member.',
        security: BEARER,
        body: BlockBody,
        response: { 200: Type.Object({ message: Type.String() }), 201: Type.Object({ message: Type.String() }), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const blockerId = request.user!.id;
      const { userId } = request.body;
      if (userId === blockerId) throw new AppError(400, 'SELF', BLOCK_MSG.self, {}, 'userId');
      const [target] = await app.db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt)));
      if (!target) throw new AppError(404, 'NOT_FOUND', BLOCK_MSG.notFound);
      const inserted = await app.db.insert(blocks).values({ blockerId, blockedId: userId, createdAt: opts.now() }).onConflictDoNothing().returning({ at: blocks.createdAt });
      // Also when already blocked: a match opened before (e.g. by a race) is cancelled now.
      const events = await opts.cancelBetween(blockerId, userId);
      await app.notifyAll(events);
      return reply.code(inserted.length ? 201 : 200).send({ message: BLOCK_MSG.blocked });
    },
  );

  app.delete(
    '/api/blocks/:userId',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '차단 해제',
        description: '204 whether or not the member was blocked. Cancelled matches stay cancelled.',
        security: BEARER,
        params: BlockParams,
        response: { 204: Type.Null({ description: 'unblocked' }), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await app.db.delete(blocks).where(and(eq(blocks.blockerId, request.user!.id), eq(blocks.blockedId, request.params.userId)));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/blocks',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '차단한 회원',
        description:
          'The members the caller blocked, newest first: `[{user: {id, name}, createdAt}]`. ' +
          `Paged (keyset on createdAt + the member's id): \`limit\` per page (default ${PAGE_DEFAULT}; above ${PAGE_MAX} → ${PAGE_MAX}; 0 → 400), ` +
          '`cursor` from the previous answer\'s `Link: </api/blocks?cursor=…&limit=…>; rel="next"` (absent on the last page); ' +
          "a cursor the server did not issue → 400 INVALID_CURSOR '목록 위치 정보가 올바르지 않아요. 처음부터 다시 불러와주세요.'. 401 anonymous.",
        security: BEARER,
        querystring: BlockListQuery,
        response: { 200: BlockList, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const limit = pageLimit(request.query.limit);
      const after = decodeCursor(request.query.cursor, TimeIdCursor);
      const conds = [eq(blocks.blockerId, request.user!.id)];
      // createdAt is written from the clock (whole milliseconds), so the ISO cursor is exact.
      if (after) conds.push(sql`(${blocks.createdAt}, ${blocks.blockedId}) < (${after[0]}::timestamptz, ${after[1]})`);
      const rows = await app.db
        .select({ id: users.id, name: users.name, createdAt: blocks.createdAt })
        .from(blocks)
        .innerJoin(users, eq(users.id, blocks.blockedId))
        .where(and(...conds))
        .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
        .limit(limit + 1);
      const items = rows.map((r) => ({ user: { id: r.id, name: r.name }, createdAt: r.createdAt.toISOString() }));
      return sendPage(request, reply, items, limit, (r) => [r.createdAt, r.user.id]);
    },
  );
};
