/**
 * The board API (SPEC §3 Board post and Comment, §5, §7; issue #6): `/api/board*` and
 * `GET /api/recommendations`. `content` is HTML sanitised by the server on save (an allowlist,
 * server/modules/board/sanitize.ts) and again by the client with DOMPurify before display; every
 * other string (title, tags, address, comment text, names) is plain text.
 */
import { Type, type Static } from 'typebox';
import { BOARD_TAGS, MAX_TAGS_PER_POST } from '../domain/vocabulary.ts';
import { literalUnion } from './literals.ts';
import { defineOperation } from './operation.ts';
import { PageParams } from './paging.ts';
import { IdParams } from './schedules.ts';

/** SPEC §5/§9 limits of a post and a comment. */
export const BOARD_LIMITS = {
  titleMax: 100,
  /** UTF-8 bytes of the content after sanitising (20 KB). */
  contentMaxBytes: 20 * 1024,
  /** Characters accepted on the wire before sanitising (markup that is removed may be longer). */
  contentMaxChars: 100_000,
  addressMax: 200,
  commentMax: 500,
  /** `GET /api/board?q=`: at most 100 characters after trimming (issue #18). */
  searchMax: 100,
} as const;

/** Recommendation threshold and weights (issue #6): points = views + 3 × likes + 2 × comments. */
export const RECOMMENDATION_RULE = { minPoints: 10, viewWeight: 1, likeWeight: 3, commentWeight: 2 } as const;

/** Points of a post for the recommendation ranking. */
export function recommendationPoints(post: { views: number; likes: number; commentCount: number }): number {
  return RECOMMENDATION_RULE.viewWeight * post.views + RECOMMENDATION_RULE.likeWeight * post.likes + RECOMMENDATION_RULE.commentWeight * post.commentCount;
}

/** A comment (SPEC §3): plain text and its author's name (null author = deleted member). */
export const Comment = Type.Object({
  id: Type.Integer(),
  text: Type.String(),
  author: Type.Object({ id: Type.Union([Type.Integer(), Type.Null()]), name: Type.Union([Type.String(), Type.Null()]) }),
  createdAt: Type.String({ format: 'date-time' }),
});
export type Comment = Static<typeof Comment>;

/** A board post as every board route answers it (SPEC §3). `author` is null when the member is gone. */
export const Post = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String({ description: 'sanitised HTML' }),
  tags: Type.Array(Type.String()),
  address: Type.String(),
  latitude: Type.Union([Type.Number(), Type.Null()]),
  longitude: Type.Union([Type.Number(), Type.Null()]),
  author: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  likes: Type.Integer(),
  views: Type.Integer(),
  /** Issue #19: computed in SQL for the answered posts only (the like rows are never listed). */
  likedByMe: Type.Boolean({ description: "true when the caller's like is on the post" }),
  /**
   * Issue #19: visible comments (not hidden, not across a block with the caller); the comments
   * themselves come from `GET /api/board/{id}/comments`, a page at a time.
   */
  commentCount: Type.Integer({ minimum: 0 }),
  createdAt: Type.String({ format: 'date-time' }),
  /**
   * Only in the answers of `POST /api/board` and `PUT /api/board/{id}` (issue #13): how many `img`
   * elements the server removed on save because they were not our uploads (other hosts, `data:`
   * images, unknown `/uploads/` names). The editor tells the author when it is above 0.
   */
  removedImages: Type.Optional(Type.Integer({ minimum: 0, description: 'create/update only: images removed on save (not from /api/images/upload)' })),
});
export type Post = Static<typeof Post>;

/** `GET /api/board` / `GET /api/recommendations`: one page (issue #19; next page in `Link`). */
export const PostList = Type.Array(Post);
export type PostList = Static<typeof PostList>;

/** `GET /api/board/{id}/comments`: one page, oldest first (issue #19). */
export const CommentList = Type.Array(Comment);
export type CommentList = Static<typeof CommentList>;

/**
 * `POST /api/board` and `PUT /api/board/{id}`. Title 1–100 characters after trimming; content
 * required, at most 20 KB after sanitising; tags from the 9 allowed, at most 5, no duplicates;
 * latitude and longitude both numbers in range or both null/absent; address ≤ 200 characters.
 */
export const PostBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: BOARD_LIMITS.titleMax + 200 }),
    content: Type.String({ minLength: 1, maxLength: BOARD_LIMITS.contentMaxChars }),
    tags: Type.Optional(Type.Array(literalUnion(BOARD_TAGS), { maxItems: MAX_TAGS_PER_POST, uniqueItems: true })),
    address: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: BOARD_LIMITS.addressMax })])),
    latitude: Type.Optional(Type.Union([Type.Null(), Type.Number({ minimum: -90, maximum: 90 })])),
    longitude: Type.Optional(Type.Union([Type.Null(), Type.Number({ minimum: -180, maximum: 180 })])),
  },
  { additionalProperties: false },
);
export type PostBody = Static<typeof PostBody>;

/** `POST /api/board/{id}/comments`: 1–500 characters after trimming. */
export const CommentBody = Type.Object({ text: Type.String({ minLength: 1, maxLength: BOARD_LIMITS.commentMax + 100 }) }, { additionalProperties: false });
export type CommentBody = Static<typeof CommentBody>;

/** `GET /api/board?q=` (issue #18): a search in titles, content text and tags (case-insensitive, trimmed, ≤ 100 characters). */
const oneTag = `(${BOARD_TAGS.join('|')})`;
export const BoardQuery = Type.Object(
  {
    ...PageParams,
    q: Type.Optional(Type.String({ maxLength: 1000, description: 'search text, trimmed; at most 100 characters after trimming' })),
    tags: Type.Optional(
      Type.String({
        pattern: `^${oneTag}(,${oneTag}){0,${MAX_TAGS_PER_POST - 1}}$`,
        maxLength: 100,
        description: `comma-separated board tags (BOARD_TAGS, at most ${MAX_TAGS_PER_POST}): only posts carrying every one of them`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type BoardQuery = Static<typeof BoardQuery>;

/** `GET /api/recommendations` and `GET /api/board/{id}/comments` (issue #19). */
export const PageQuery = Type.Object({ ...PageParams }, { additionalProperties: false });
export type PageQuery = Static<typeof PageQuery>;

/** `/api/board/{id}/comments/{commentId}` (issue #18). */
export const CommentParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), commentId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export type CommentParams = Static<typeof CommentParams>;

const tags = ['board'] as const;
const POST_BODY_ERRORS = ['TITLE_CONTENT_REQUIRED', 'TITLE_TOO_LONG', 'CONTENT_TOO_LARGE', 'COORDINATES', 'INAPPROPRIATE_TEXT'] as const;
const COMMENT_TEXT_ERRORS = ['COMMENT_REQUIRED', 'COMMENT_TOO_LONG', 'INAPPROPRIATE_TEXT'] as const;

/** The board, newest first, searched and filtered by tags (paged). */
export const listPosts = defineOperation({
  method: 'GET',
  path: '/api/board',
  auth: 'member',
  summary: '게시글 목록',
  description:
    "Lists the posts newest first without those across a block with the caller, keeping with `q` those whose title, text or a tag holds it and with `tags` those carrying every listed tag, paged by `limit` and `cursor`.",
  tags,
  querystring: BoardQuery,
  responses: { 200: PostList },
  errors: ['SEARCH_TOO_LONG'],
  paged: true,
});

/** One post in the list shape. */
export const getPost = defineOperation({
  method: 'GET',
  path: '/api/board/{id}',
  auth: 'member',
  summary: '게시글 하나',
  description: 'Answers one post in the list shape; a hidden post or one across a block with the caller is not found.',
  tags,
  params: IdParams,
  responses: { 200: Post },
  errors: ['POST_NOT_FOUND'],
});

/** The comments of a post, oldest first (paged). */
export const listComments = defineOperation({
  method: 'GET',
  path: '/api/board/{id}/comments',
  auth: 'member',
  summary: '댓글 목록',
  description: 'Lists the visible comments of a post oldest first without those across a block with the caller, paged by `limit` and `cursor`.',
  tags,
  params: IdParams,
  querystring: PageQuery,
  responses: { 200: CommentList },
  errors: ['POST_NOT_FOUND'],
  paged: true,
});

/** Writes a post (content sanitised to the rich-text allowlist). */
export const createPost = defineOperation({
  method: 'POST',
  path: '/api/board',
  auth: 'member',
  summary: '게시글 작성',
  description:
    "Stores a post whose HTML content is sanitised to the rich-text allowlist (images only from the caller's uploads, others counted in `removedImages`), answering the saved post.",
  tags,
  body: PostBody,
  responses: { 201: Post },
  errors: [...POST_BODY_ERRORS],
  rateLimited: true,
});

/** Edits a post (its author only). */
export const updatePost = defineOperation({
  method: 'PUT',
  path: '/api/board/{id}',
  auth: 'member',
  summary: '게시글 수정',
  description: "Replaces the caller's post with the body under the same rules as writing one, answering the saved post.",
  tags,
  params: IdParams,
  body: PostBody,
  responses: { 200: Post },
  errors: [...POST_BODY_ERRORS, 'POST_NOT_FOUND', 'NOT_AUTHOR'],
  rateLimited: true,
});

/** Deletes a post with its likes, views and comments (its author only). */
export const deletePost = defineOperation({
  method: 'DELETE',
  path: '/api/board/{id}',
  auth: 'member',
  summary: '게시글 삭제',
  description: "Deletes the caller's post with its likes, views and comments.",
  tags,
  params: IdParams,
  responses: { 204: Type.Null({ description: 'deleted' }) },
  errors: ['POST_NOT_FOUND', 'NOT_AUTHOR'],
});

/** Counts a view of a post. */
export const viewPost = defineOperation({
  method: 'PUT',
  path: '/api/board/{id}/view',
  auth: 'member',
  summary: '조회수 증가',
  description: "Counts one view of the post unless the caller wrote it or their last counted view of it is less than an hour old.",
  tags,
  params: IdParams,
  responses: { 204: Type.Null({ description: 'done' }) },
  errors: ['POST_NOT_FOUND'],
});

/** Likes a post, or takes the like back. */
export const togglePostLike = defineOperation({
  method: 'POST',
  path: '/api/board/{id}/like',
  auth: 'member',
  summary: '좋아요 토글',
  description: "Adds the caller's like to the post or removes it when present, answering the updated post.",
  tags,
  params: IdParams,
  responses: { 200: Post },
  errors: ['POST_NOT_FOUND'],
  rateLimited: true,
});

/** Comments on a post. */
export const createComment = defineOperation({
  method: 'POST',
  path: '/api/board/{id}/comments',
  auth: 'member',
  summary: '댓글 작성',
  description: 'Stores a plain-text comment (1–500 characters after trimming) on a visible post, answering the comment.',
  tags,
  params: IdParams,
  body: CommentBody,
  responses: { 201: Comment },
  errors: [...COMMENT_TEXT_ERRORS, 'POST_NOT_FOUND'],
  rateLimited: true,
});

/** Edits a comment (its author only). */
export const updateComment = defineOperation({
  method: 'PUT',
  path: '/api/board/{id}/comments/{commentId}',
  auth: 'member',
  summary: '댓글 수정',
  description: "Replaces the text of the caller's comment under the same rules as writing one, answering the comment with its first `createdAt`.",
  tags,
  params: CommentParams,
  body: CommentBody,
  responses: { 200: Comment },
  errors: [...COMMENT_TEXT_ERRORS, 'COMMENT_NOT_FOUND', 'NOT_COMMENT_AUTHOR'],
  rateLimited: true,
});

/** Deletes a comment (its author only). */
export const deleteComment = defineOperation({
  method: 'DELETE',
  path: '/api/board/{id}/comments/{commentId}',
  auth: 'member',
  summary: '댓글 삭제',
  description: "Deletes the caller's comment, lowering the post's comment count.",
  tags,
  params: CommentParams,
  responses: { 204: Type.Null({ description: 'deleted' }) },
  errors: ['COMMENT_NOT_FOUND', 'NOT_COMMENT_AUTHOR'],
});

/** The recommended places: posts with coordinates and enough points, most points first (paged). */
export const listRecommendations = defineOperation({
  method: 'GET',
  path: '/api/recommendations',
  auth: 'member',
  summary: '맛집 추천',
  description:
    'Lists the posts with coordinates and at least 10 points (views + 3 × likes + 2 × comments) most points first, then newest, without those across a block with the caller, paged by `limit` and `cursor`.',
  tags,
  querystring: PageQuery,
  responses: { 200: PostList },
  errors: [],
  paged: true,
});
