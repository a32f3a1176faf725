/** The board and recommendation calls (SPEC §7; issue #6). */
import type { UploadResponse } from '@common/api/images';
import type { Comment, Post, PostBody } from '@common/api/board';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { outboxLabel, sendOrQueue, type SendResult } from '@/lib/outbox';
import { queryRoots } from '@/lib/query/keys';

/** `GET /api/board`: newest first. A non-array answer counts as empty (SPEC §7). */
export async function getPosts(signal?: AbortSignal): Promise<Post[]> {
  const answer = await api.get<unknown>('/api/board', { signal });
  return Array.isArray(answer) ? (answer as Post[]) : [];
}

/**
 * The board list as a query (issue #14). `GET /api/board` answers every post (no paging), so an
 * opened post (`/board?post=12`) is read from this list; a replayed comment, a live change and the
 * board mutations invalidate the `board` root.
 */
export const postsQuery = () => queryOptions({ queryKey: [...queryRoots.board, 'list'], queryFn: ({ signal }) => getPosts(signal) });

/** `GET /api/board?q=` (issue #18): posts whose title, content text or a tag holds `q`, newest first. */
export async function searchPosts(q: string, signal?: AbortSignal): Promise<Post[]> {
  const answer = await api.get<unknown>(`/api/board?q=${encodeURIComponent(q)}`, { signal });
  return Array.isArray(answer) ? (answer as Post[]) : [];
}

/** The search as a query under the `board` root (board writes patch and invalidate it too); the last answer stays on screen while the next loads. */
export const searchPostsQuery = (q: string) =>
  queryOptions({ queryKey: [...queryRoots.board, 'search', q], queryFn: ({ signal }) => searchPosts(q, signal), enabled: q.length > 0, placeholderData: (previous) => previous });

/** `POST /api/board` → 201 the saved post. */
export function createPost(body: PostBody): Promise<Post> {
  return api.post<Post>('/api/board', body);
}

/** `PUT /api/board/{id}` (author only) → the saved post. */
export function updatePost(id: number, body: PostBody): Promise<Post> {
  return api.put<Post>(`/api/board/${id}`, body);
}

/** `DELETE /api/board/{id}` (author only) → 204. */
export async function deletePost(id: number): Promise<void> {
  await api.delete<unknown>(`/api/board/${id}`);
}

/** `PUT /api/board/{id}/view` → 204 (not counted for the author or within an hour). */
export async function viewPost(id: number): Promise<void> {
  await api.put<unknown>(`/api/board/${id}/view`);
}

/** `POST /api/board/{id}/like`: toggles my like; answers the updated post. */
export function toggleLike(id: number): Promise<Post> {
  return api.post<Post>(`/api/board/${id}/like`);
}

/**
 * `POST /api/board/{id}/comments` → 201 the comment; offline (or no answer) the comment goes to
 * the outbox (issue #7) and `{ queued: true }` comes back — it is posted on reconnect, once.
 */
export function addComment(id: number, text: string): Promise<SendResult<Comment>> {
  return sendOrQueue<Comment>({ path: `/api/board/${id}/comments`, body: { text }, kind: 'comment', label: outboxLabel('comment', text), scope: String(id) });
}

/** `PUT /api/board/{id}/comments/{commentId}` (its author only, issue #18) → the saved comment. */
export function editComment(postId: number, commentId: number, text: string): Promise<Comment> {
  return api.put<Comment>(`/api/board/${postId}/comments/${commentId}`, { text });
}

/** `DELETE /api/board/{id}/comments/{commentId}` (its author only, issue #18) → 204. */
export async function deleteComment(postId: number, commentId: number): Promise<void> {
  await api.delete<unknown>(`/api/board/${postId}/comments/${commentId}`);
}

/** `GET /api/recommendations`: posts with coordinates and ≥ 10 points, most points first. */
export async function getRecommendations(signal?: AbortSignal): Promise<Post[]> {
  const answer = await api.get<unknown>('/api/recommendations', { signal });
  return Array.isArray(answer) ? (answer as Post[]) : [];
}

/** The recommendations as a query (issue #14): likes, comments and views move posts in and out. */
export const recommendationsQuery = () => queryOptions({ queryKey: queryRoots.recommendations, queryFn: ({ signal }) => getRecommendations(signal) });

/** `POST /api/images/upload` (multipart field `image`) for an image in a post; answers `{ url }`. */
export function uploadImage(file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.append('image', file);
  return api.post<UploadResponse>('/api/images/upload', form);
}
