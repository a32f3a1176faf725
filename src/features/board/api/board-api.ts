/** The board and recommendation calls (SPEC §7; issue #6). */
import type { Invalidates } from '@/lib/query/writes';
import type { UploadResponse } from '@common/api/images';
import type { Comment, Post, PostBody } from '@common/api/board';
import { createComment as createCommentOp, createPost as createPostOp, deleteComment as deleteCommentOp, deletePost as deletePostOp, getPost as getPostOp, listComments as listCommentsOp, listRecommendations as listRecommendationsOp, togglePostLike as togglePostLikeOp, updateComment as updateCommentOp, updatePost as updatePostOp, viewPost as viewPostOp } from '@common/api/board';
import { uploadImage as uploadImageOp } from '@common/api/images';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call, callPage, type Page } from '@/lib/api-client';
import { outboxLabel, sendOrQueueCall, type SendResult } from '@/lib/outbox';
import { queryRoots } from '@/lib/query/keys';

/** `GET /api/board/{id}`: one post (an opened or edited post that is not on a loaded page). */
export function getPost(id: number, signal?: AbortSignal): Promise<Post> {
  return call(getPostOp, { params: { id }, signal });
}

/** One post as a query under the `board` root (board writes patch and invalidate it). */
export const postQuery = (id: number) => queryOptions({ queryKey: [...queryRoots.board, 'post', id], queryFn: ({ signal }) => getPost(id, signal), retry: false });

/** Comments per page in the post dialog. */
export const COMMENT_PAGE_SIZE = 20;

/** The comments of post `id`, oldest first, a page at a time (`GET /api/board/{id}/comments`, issue #19). */
export const commentsQuery = (postId: number) =>
  infiniteQueryOptions({
    queryKey: [...queryRoots.board, 'comments', postId],
    queryFn: ({ pageParam, signal }): Promise<Page<Comment>> =>
      callPage(listCommentsOp, pageParam, { params: { id: postId }, query: { limit: COMMENT_PAGE_SIZE }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** `POST /api/board` → 201 the saved post. */
export function createPost(body: PostBody): Promise<Post> {
  return call(createPostOp, { body });
}

/** `PUT /api/board/{id}` (author only) → the saved post. */
export function updatePost(id: number, body: PostBody): Promise<Post> {
  return call(updatePostOp, { params: { id }, body });
}

/** `DELETE /api/board/{id}` (author only) → 204. */
export async function deletePost(id: number): Promise<void> {
  await call(deletePostOp, { params: { id } });
}

/** `PUT /api/board/{id}/view` → 204 (not counted for the author or within an hour). */
export async function viewPost(id: number): Promise<void> {
  await call(viewPostOp, { params: { id } });
}

/** `POST /api/board/{id}/like`: toggles my like; answers the updated post. */
export function toggleLike(id: number): Promise<Post> {
  return call(togglePostLikeOp, { params: { id } });
}

/**
 * What every board write changes (issue #29): the board pages and posts, and the recommendations
 * (a like, a comment or a saved post can move a post in or out of them). A queued comment carries it.
 */
export const boardInvalidates = ['board', 'recommendations'] as const satisfies Invalidates;

/**
 * `POST /api/board/{id}/comments` → 201 the comment; offline (or no answer) the comment goes to
 * the outbox (issue #7) and `{ queued: true }` comes back — it is posted on reconnect, once.
 */
export function addComment(id: number, text: string): Promise<SendResult<Comment>> {
  return sendOrQueueCall(createCommentOp, { params: { id }, body: { text } }, { kind: 'comment', label: outboxLabel('comment', text), scope: String(id), invalidates: boardInvalidates });
}

/** `PUT /api/board/{id}/comments/{commentId}` (its author only, issue #18) → the saved comment. */
export function editComment(postId: number, commentId: number, text: string): Promise<Comment> {
  return call(updateCommentOp, { params: { id: postId, commentId }, body: { text } });
}

/** `DELETE /api/board/{id}/comments/{commentId}` (its author only, issue #18) → 204. */
export async function deleteComment(postId: number, commentId: number): Promise<void> {
  await call(deleteCommentOp, { params: { id: postId, commentId } });
}

/** Recommendations per page: the carousel and the map show the loaded pages (issue #19). */
export const RECOMMENDATION_PAGE_SIZE = 50;

/**
 * `GET /api/recommendations` (issue #19): posts with coordinates and ≥ 10 points, most points
 * first, a page at a time; likes, comments and views move posts in and out (issue #14).
 */
export const recommendationsQuery = () =>
  infiniteQueryOptions({
    queryKey: queryRoots.recommendations,
    queryFn: ({ pageParam, signal }): Promise<Page<Post>> =>
      callPage(listRecommendationsOp, pageParam, { query: { limit: RECOMMENDATION_PAGE_SIZE }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** `POST /api/images/upload` (multipart field `image`) for an image in a post; answers `{ url }`. */
export function uploadImage(file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.append('image', file);
  return call(uploadImageOp, { body: form });
}
