/**
 * `/api/board*` and `GET /api/recommendations` (SPEC §3, §4 "Board", §5, §6, §7; issue #6).
 * Members only. Post content is sanitised on save (server/modules/board/sanitize.ts); every other
 * string is plain text the client escapes. Errors are JSON `{ message, code }`.
 */
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BoardQuery, Comment, CommentBody, CommentList, CommentParams, PageQuery, Post, PostBody, PostList } from '../../../common/api/board.ts';
import { IdParams } from '../../../common/api/schedules.ts';
import { assertAppropriate } from '../../lib/content-filter.ts';
import { acceptEmptyJsonBody, errorResponses, sendInTransaction } from '../../lib/http.ts';
import type { Database } from '../../db/database.ts';
import { BEARER } from '../../plugins/docs.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, pageLimit, sendPage, TimeIdCursor } from '../../lib/paging.ts';
import { createBoardService } from './service.ts';

/** The cursor of `GET /api/recommendations`: [points, createdAt (ISO, microseconds), id]. */
const PointsTimeIdCursor = Type.Tuple([Type.Integer({ minimum: 0 }), Type.String({ format: 'date-time', maxLength: 40 }), Type.Integer({ minimum: 1 })]);

/** What every paged board list says about `limit`, `cursor` and `Link` (issue #19). */
const PAGING =
  'Paged (issue #19): `?limit=` items per page (default 20; above 100 answers 100; 0 or less → 400 VALIDATION), ' +
  '`?cursor=` the opaque position from the previous answer (a cursor the server did not issue → 400 INVALID_CURSOR). ' +
  'The answer is a JSON array; when there are more items the `Link: <…>; rel="next"` header holds the next page\'s address (absent on the last page). ' +
  'Keyset paging: items added while paging never repeat or shift a page.';

const tags = ['board'];
/** Writes (posts, comments, likes) per member: generous, but stops a flood. */
const WRITE_LIMIT = { max: 600, windowMs: 60 * 60 * 1000 };

const BODY_RULES =
  'Body `{ title, content, tags?, address?, latitude?, longitude? }`: title 1–100 characters after trimming; content HTML, ' +
  'sanitised to an allowlist (p, br, strong/b, em/i, u, s/strike, h2, h3, ul, ol, li, blockquote; a with http(s) href only, ' +
  'rel="noopener nofollow ugc" target="_blank" forced; img only when its src is /uploads/<name> of a stored upload (PUBLIC_URL/uploads/<name> is kept as relative), ' +
  'with only alt/width/height — every other img (other hosts, data:, unknown names) is removed and counted in the answer\'s `removedImages`, issue #13), at most 20 KB after sanitising and not empty; ' +
  'tags from the 9 allowed (BOARD_TAGS), at most 5, no repeats; address ≤ 200; latitude (−90…90) and longitude (−180…180) both numbers or both null/absent. ' +
  "400 VALIDATION / TITLE_CONTENT_REQUIRED ('제목과 내용을 모두 입력해주세요.') / TITLE_TOO_LONG / CONTENT_TOO_LARGE / COORDINATES; " +
  "400 INAPPROPRIATE_TEXT '부적절한 표현이 포함되어 있어요.' when the title or the content (read as text, tags and spacing ignored) holds a refused word (issue #17 item 7, server/lib/content-filter.ts; nothing is saved).";

/** The content filter on a post (issue #17 item 7): the title as text, the content as HTML. */
function assertAppropriatePost(body: { title: string; content: string }): void {
  assertAppropriate({ title: body.title });
  assertAppropriate({ content: body.content }, { html: true });
}

/** Registers the board and recommendation routes. */
export const boardRoutes: FastifyPluginAsyncTypebox<{ now: Clock; publicUrl?: string }> = async (app, opts) => {
  const service = createBoardService({ db: app.db, now: opts.now, publicUrl: opts.publicUrl });
  /** The same service on a transaction: writes are answered inside it (`sendInTransaction`, issue #13). */
  const inTx = (tx: Database) => createBoardService({ db: tx, now: opts.now, publicUrl: opts.publicUrl });
  const writeLimit = app.limiter('board-write', WRITE_LIMIT, (request) => String(request.user?.id));

  // The view and like calls take an empty body (SPEC §7): accept an empty application/json body.
  acceptEmptyJsonBody(app);

  app.get(
    '/api/board',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '게시글 목록',
        description:
          'Posts, newest first (created_at desc, id desc), with author {id, name} (null when the member is gone), likes, views, ' +
          'likedByMe (the caller liked it) and commentCount (visible comments; the comments are `GET /api/board/{id}/comments`); ' +
          'posts of members the caller blocked or was blocked by are left out, and so are their comments from commentCount (issue #17). ' +
          'Search (issue #18): `?q=` keeps only the posts whose title, content text (markup ignored) or one of the tags contains q, ignoring case; ' +
          "q is trimmed and an empty q lists everything; the order is the same (newest first). 400 SEARCH_TOO_LONG '검색어는 100자 이하로 입력해주세요.' beyond 100 characters after trimming. " +
          '`?tags=점심,카페` (the tag filter, issue #19: filtered in SQL, not on the loaded pages): only posts carrying every listed tag (BOARD_TAGS, at most 5, comma-separated; anything else 400). ' +
          `${PAGING} 401 anonymous.`,
        security: BEARER,
        querystring: BoardQuery,
        response: { 200: PostList, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const limit = pageLimit(request.query.limit);
      const after = decodeCursor(request.query.cursor, TimeIdCursor);
      const rows = await service.list(request.user!.id, { q: request.query.q, tags: request.query.tags?.split(','), limit: limit + 1, after });
      return sendPage(request, reply, rows, limit, (r) => r.key).map((r) => r.item);
    },
  );

  app.get(
    '/api/board/:id',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '게시글 하나',
        description:
          'One post in the list shape (likedByMe, commentCount; issue #19: an opened post that is not on a loaded page). ' +
          "404 NOT_FOUND '게시글을 찾을 수 없습니다.' when unknown, hidden (issue #17) or written by a member across a block with the caller. 401 anonymous.",
        security: BEARER,
        params: IdParams,
        response: { 200: Post, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.get(request.user!.id, request.params.id),
  );

  app.get(
    '/api/board/:id/comments',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '댓글 목록',
        description:
          'The comments of a post, oldest first (created_at, id), each `{ id, text, author {id, name}, createdAt }` (author id/name null when the member is gone). ' +
          'Hidden comments (issue #17 reports/moderation) and comments of members across a block with the caller are left out. ' +
          `${PAGING} 404 NOT_FOUND '게시글을 찾을 수 없습니다.' when the post is unknown, hidden or written by a member across a block. 401 anonymous.`,
        security: BEARER,
        params: IdParams,
        querystring: PageQuery,
        response: { 200: CommentList, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const limit = pageLimit(request.query.limit);
      const after = decodeCursor(request.query.cursor, TimeIdCursor);
      const rows = await service.comments(request.user!.id, request.params.id, { limit: limit + 1, after });
      return sendPage(request, reply, rows, limit, (r) => r.key).map((r) => r.item);
    },
  );

  app.post(
    '/api/board',
    {
      preHandler: [app.requireAuth, writeLimit],
      schema: {
        tags,
        summary: '게시글 작성',
        description: `${BODY_RULES} 201 the saved post. 401 anonymous; 429 over 600 writes/h.`,
        security: BEARER,
        body: PostBody,
        response: { 201: Post, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      assertAppropriatePost(request.body);
      return sendInTransaction(app.db, reply, 201, (tx) => inTx(tx).create(request.user!.id, request.body));
    },
  );

  app.put(
    '/api/board/:id',
    {
      preHandler: [app.requireAuth, writeLimit],
      schema: {
        tags,
        summary: '게시글 수정',
        description: `Author only. ${BODY_RULES} 200 the saved post; 403 NOT_AUTHOR; 404 unknown.`,
        security: BEARER,
        params: IdParams,
        body: PostBody,
        response: { 200: Post, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      assertAppropriatePost(request.body);
      return sendInTransaction(app.db, reply, 200, (tx) => inTx(tx).update(request.user!.id, request.params.id, request.body));
    },
  );

  app.delete(
    '/api/board/:id',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '게시글 삭제',
        description: 'Author only; removes the post with its likes, views and comments. 204; 403 NOT_AUTHOR; 404 unknown.',
        security: BEARER,
        params: IdParams,
        response: { 204: Type.Null({ description: 'deleted' }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.remove(request.user!.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/board/:id/view',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '조회수 증가',
        description:
          "Empty body. 204 always for a known post; views rises by one unless the caller wrote the post or the caller's last counted view of it is less than an hour old. 404 unknown, hidden, or written by a member across a block with the caller (issue #32 item 5).",
        security: BEARER,
        params: IdParams,
        response: { 204: Type.Null({ description: 'done' }), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await service.view(request.user!.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/board/:id/like',
    {
      preHandler: [app.requireAuth, writeLimit],
      schema: {
        tags,
        summary: '좋아요 토글',
        description: "Empty body. Adds the caller's like, or removes it when present (one per member); 200 the updated post (likes, likedByMe). 404 unknown, hidden, or across a block (issue #32 item 5).",
        security: BEARER,
        params: IdParams,
        response: { 200: Post, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => service.toggleLike(request.user!.id, request.params.id),
  );

  app.post(
    '/api/board/:id/comments',
    {
      preHandler: [app.requireAuth, writeLimit],
      schema: {
        tags,
        summary: '댓글 작성',
        description: "Body `{ text }`: plain text, 1–500 characters after trimming (400 COMMENT_REQUIRED '댓글 내용을 입력해주세요.' / COMMENT_TOO_LONG; 400 INAPPROPRIATE_TEXT '부적절한 표현이 포함되어 있어요.' when the text holds a refused word (issue #17 item 7, server/lib/content-filter.ts; nothing is saved).). 201 the comment `{ id, text, author {id, name}, createdAt }`. 404 unknown or hidden post, or a post across a block with the caller (issue #32 item 5).",
        security: BEARER,
        params: IdParams,
        body: CommentBody,
        response: { 201: Comment, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      assertAppropriate({ text: request.body.text });
      return reply.code(201).send(await service.comment(request.user!.id, request.params.id, request.body.text));
    },
  );

  const COMMENT_TEXT_RULES =
    "Body `{ text }`: plain text, 1–500 characters after trimming (400 COMMENT_REQUIRED '댓글 내용을 입력해주세요.' / COMMENT_TOO_LONG; " +
    "400 INAPPROPRIATE_TEXT '부적절한 표현이 포함되어 있어요.' when the text holds a refused word, issue #17 item 7, nothing is saved).";
  const COMMENT_ACCESS =
    "The comment's author only: 403 NOT_COMMENT_AUTHOR '본인이 작성한 댓글만 수정하거나 삭제할 수 있습니다.' for anyone else; " +
    "404 COMMENT_NOT_FOUND '댓글을 찾을 수 없습니다.' when the post or the comment is unknown, hidden (issue #17 reports/moderation) or written by a member across a block with the caller (as the board lists leave them out).";

  app.put(
    '/api/board/:id/comments/:commentId',
    {
      preHandler: [app.requireAuth, writeLimit],
      schema: {
        tags,
        summary: '댓글 수정',
        description: `Issue #18 item 4 (SPEC §3 Comment). ${COMMENT_TEXT_RULES} ${COMMENT_ACCESS} 200 the comment \`{ id, text, author {id, name}, createdAt }\` (createdAt unchanged). 429 over 600 writes/h.`,
        security: BEARER,
        params: CommentParams,
        body: CommentBody,
        response: { 200: Comment, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      assertAppropriate({ text: request.body.text });
      const { id, commentId } = request.params;
      return sendInTransaction(app.db, reply, 200, (tx) => inTx(tx).editComment(request.user!.id, id, commentId, request.body.text));
    },
  );

  app.delete(
    '/api/board/:id/comments/:commentId',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '댓글 삭제',
        description: `Issue #18 item 4 (SPEC §3 Comment). No body. ${COMMENT_ACCESS} 204 deleted (the post's comment count falls with it).`,
        security: BEARER,
        params: CommentParams,
        response: { 204: Type.Null({ description: 'deleted' }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id, commentId } = request.params;
      await app.db.transaction((tx) => inTx(tx as unknown as Database).removeComment(request.user!.id, id, commentId));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/recommendations',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '맛집 추천',
        description:
          'Posts that have coordinates and at least 10 points, most points first, then newest, in the post shape; ordered and cut in SQL (issue #19). ' +
          'points = views + 3 × likes + 2 × comments (visible comments; views count as PUT /api/board/{id}/view counts them: never the author, once per member per hour). ' +
          `Posts across a block with the caller are left out (issue #17). ${PAGING} The cursor is the last item's (points, createdAt, id): a post whose points change while paging may move. 401 anonymous.`,
        security: BEARER,
        querystring: PageQuery,
        response: { 200: PostList, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const limit = pageLimit(request.query.limit);
      const after = decodeCursor(request.query.cursor, PointsTimeIdCursor);
      const rows = await service.recommendations(request.user!.id, { limit: limit + 1, after });
      return sendPage(request, reply, rows, limit, (r) => r.key).map((r) => r.item);
    },
  );
};
