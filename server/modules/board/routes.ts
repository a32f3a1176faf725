/**
 * The board and the recommendations (common/api/board.ts). Members only. Post content is
 * sanitised on save (server/modules/board/sanitize.ts); every other string is plain text the
 * client escapes. Writes are stored and answered in one transaction (`sendInTransaction`).
 */
import { Type } from 'typebox';
import type { FastifyPluginAsync } from 'fastify';
import {
  createComment,
  createPost,
  deleteComment,
  deletePost,
  getPost,
  listComments,
  listPosts,
  listRecommendations,
  togglePostLike,
  updateComment,
  updatePost,
  viewPost,
} from '../../../common/api/board.ts';
import { assertAppropriate } from '../../lib/content-filter.ts';
import { acceptEmptyJsonBody, sendInTransaction } from '../../lib/http.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { route } from '../../plugins/operations.ts';
import { pagedList, TimeIdCursor } from '../../lib/paging.ts';
import { createBoardService } from './service.ts';

/** The cursor of `GET /api/recommendations`: [points, createdAt (ISO, microseconds), id]. */
const PointsTimeIdCursor = Type.Tuple([Type.Integer({ minimum: 0 }), Type.String({ format: 'date-time', maxLength: 40 }), Type.Integer({ minimum: 1 })]);

/** Writes (posts, comments, likes) per member: generous, but stops a flood. */
const WRITE_LIMIT = { max: 600, windowMs: 60 * 60 * 1000 };

/** The content filter on a post: the title as text, the content as HTML. */
function assertAppropriatePost(body: { title: string; content: string }): void {
  assertAppropriate({ title: body.title });
  assertAppropriate({ content: body.content }, { html: true });
}

/** Registers the board and recommendation routes. */
export const boardRoutes: FastifyPluginAsync<{ now: Clock; publicUrl?: string }> = async (app, opts) => {
  const service = createBoardService({ db: app.db, now: opts.now, publicUrl: opts.publicUrl });
  /** The same service on a transaction: writes are answered inside it (`sendInTransaction`). */
  const inTx = (tx: Database) => createBoardService({ db: tx, now: opts.now, publicUrl: opts.publicUrl });
  const writeLimit = { limiters: [app.limiter('board-write', WRITE_LIMIT, (request) => String(request.user?.id))] };

  // The view and like calls take an empty body (SPEC §7): accept an empty application/json body.
  acceptEmptyJsonBody(app);

  route(app, listPosts, async (request, reply) => {
    const { q, tags } = request.query;
    const page = await pagedList(request, reply, {
      cursor: TimeIdCursor,
      load: ({ limit, after }) => service.list(request.member.id, { q, tags: tags?.split(','), limit, after }),
      key: (r) => r.key,
    });
    return page.map((r) => r.item);
  });

  route(app, getPost, async (request) => service.get(request.member.id, request.params.id));

  route(app, listComments, async (request, reply) => {
    const page = await pagedList(request, reply, {
      cursor: TimeIdCursor,
      load: ({ limit, after }) => service.comments(request.member.id, request.params.id, { limit, after }),
      key: (r) => r.key,
    });
    return page.map((r) => r.item);
  });

  route(
    app,
    createPost,
    async (request, reply) => {
      assertAppropriatePost(request.body);
      return sendInTransaction(app.db, reply, 201, (tx) => inTx(tx).create(request.member.id, request.body));
    },
    writeLimit,
  );

  route(
    app,
    updatePost,
    async (request, reply) => {
      assertAppropriatePost(request.body);
      return sendInTransaction(app.db, reply, 200, (tx) => inTx(tx).update(request.member.id, request.params.id, request.body));
    },
    writeLimit,
  );

  route(app, deletePost, async (request, reply) => {
    await service.remove(request.member.id, request.params.id);
    return reply.code(204).send(null);
  });

  route(app, viewPost, async (request, reply) => {
    await service.view(request.member.id, request.params.id);
    return reply.code(204).send(null);
  });

  route(app, togglePostLike, async (request) => service.toggleLike(request.member.id, request.params.id), writeLimit);

  route(
    app,
    createComment,
    async (request, reply) => {
      assertAppropriate({ text: request.body.text });
      return reply.code(201).send(await service.comment(request.member.id, request.params.id, request.body.text));
    },
    writeLimit,
  );

  route(
    app,
    updateComment,
    async (request, reply) => {
      assertAppropriate({ text: request.body.text });
      const { id, commentId } = request.params;
      return sendInTransaction(app.db, reply, 200, (tx) => inTx(tx).editComment(request.member.id, id, commentId, request.body.text));
    },
    writeLimit,
  );

  route(app, deleteComment, async (request, reply) => {
    const { id, commentId } = request.params;
    await app.db.transaction((tx) => inTx(tx as unknown as Database).removeComment(request.member.id, id, commentId));
    return reply.code(204).send(null);
  });

  route(app, listRecommendations, async (request, reply) => {
    const page = await pagedList(request, reply, {
      cursor: PointsTimeIdCursor,
      load: ({ limit, after }) => service.recommendations(request.member.id, { limit, after }),
      key: (r) => r.key,
    });
    return page.map((r) => r.item);
  });
};
