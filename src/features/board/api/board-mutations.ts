/**
 * The board's writes as TanStack Query mutations (issue #14). Every cached copy of a post lives in
 * the board list (`['board', 'list']`) or the recommendations (`['recommendations']`): a write
 * patches those copies (the like optimistically, with rollback) and then invalidates both roots,
 * because a like, a comment or a saved post can move a post in or out of the recommendations.
 */
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Post, PostBody } from '@common/api/board';
import { toast } from '@/components/ui/feedback-store';
import { ko } from '@/i18n/ko';
import { queryRoots } from '@/lib/query/keys';
import { addComment, createPost, deleteComment, deletePost, editComment, toggleLike, updatePost, viewPost } from './board-api';

const POST_ROOTS = [queryRoots.board, queryRoots.recommendations] as const;

type Snapshot = Array<[QueryKey, Post[] | undefined]>;

/** Applies `change` to every cached list of posts (a list answered undefined is left alone). */
function patchLists(client: QueryClient, change: (list: Post[]) => Post[]): void {
  for (const root of POST_ROOTS) client.setQueriesData<Post[]>({ queryKey: root }, (list) => (Array.isArray(list) ? change(list) : list));
}

/** Replaces post `id` in every cached list with `update(post)`. */
export function patchCachedPost(client: QueryClient, id: number, update: (post: Post) => Post): void {
  patchLists(client, (list) => list.map((p) => (p.id === id ? update(p) : p)));
}

/** The board and the recommendations are fetched again (whatever is on screen refetches now). */
export function invalidatePosts(client: QueryClient): Promise<unknown> {
  return Promise.all(POST_ROOTS.map((queryKey) => client.invalidateQueries({ queryKey })));
}

async function snapshot(client: QueryClient): Promise<Snapshot> {
  await Promise.all(POST_ROOTS.map((queryKey) => client.cancelQueries({ queryKey })));
  return POST_ROOTS.flatMap((queryKey) => client.getQueriesData<Post[]>({ queryKey }));
}

/** Toggles `memberId`'s like on a post as the server will (likes ± 1, likedMemberIds). */
export function toggledLike(post: Post, memberId: number): Post {
  const liked = post.likedMemberIds.includes(memberId);
  return liked
    ? { ...post, likes: Math.max(0, post.likes - 1), likedMemberIds: post.likedMemberIds.filter((id) => id !== memberId) }
    : { ...post, likes: post.likes + 1, likedMemberIds: [...post.likedMemberIds, memberId] };
}

/** 좋아요: shown at once, rolled back (with "좋아요 처리에 실패했습니다.") when the server refuses. */
export function useLikePost(memberId: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (post: Post) => toggleLike(post.id),
    onMutate: async (post) => {
      const before = await snapshot(client);
      if (memberId !== undefined) patchCachedPost(client, post.id, (p) => toggledLike(p, memberId));
      return { before };
    },
    onError: (_error, _post, context) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
      toast.error(ko.board.likeFailed);
    },
    onSuccess: (saved) => patchCachedPost(client, saved.id, (p) => ({ ...p, likes: saved.likes, likedMemberIds: saved.likedMemberIds })),
    onSettled: () => invalidatePosts(client),
  });
}

/** The view call (not for the author): views + 1 shown once it is answered; a failure is only logged. */
export function useViewPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => viewPost(id),
    onSuccess: (_answer, id) => patchCachedPost(client, id, (p) => ({ ...p, views: p.views + 1 })),
    onError: (error) => console.warn('view call failed', error),
  });
}

/**
 * A comment: posted now, or kept in the outbox when offline ("오프라인 상태라 연결되면 보낼게요.");
 * a replayed comment invalidates the board through the query client (OUTBOX_INVALIDATES).
 */
export function useAddComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ post, text }: { post: Post; text: string }) => addComment(post.id, text),
    onSuccess: (result, { post }) => {
      if (result.queued) {
        toast.info(ko.offlineUi.queued);
        return;
      }
      patchCachedPost(client, post.id, (p) => (p.comments.some((c) => c.id === result.data.id) ? p : { ...p, comments: [...p.comments, result.data] }));
      void invalidatePosts(client);
    },
    onError: () => toast.error(ko.board.commentFailed),
  });
}

/** Edits my comment (issue #18): the saved text replaces it in every cached copy of the post. */
export function useEditComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, commentId, text }: { postId: number; commentId: number; text: string }) => editComment(postId, commentId, text),
    onSuccess: (saved, { postId }) => {
      patchCachedPost(client, postId, (p) => ({ ...p, comments: p.comments.map((c) => (c.id === saved.id ? saved : c)) }));
      void invalidatePosts(client);
    },
  });
}

/** Deletes my comment (issue #18): gone from every cached copy of the post, "댓글이 삭제되었어요.". */
export function useDeleteComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, commentId }: { postId: number; commentId: number }) => deleteComment(postId, commentId),
    onSuccess: (_answer, { postId, commentId }) => {
      patchCachedPost(client, postId, (p) => ({ ...p, comments: p.comments.filter((c) => c.id !== commentId) }));
      toast.success(ko.boardUi.commentDeleted);
    },
    onError: () => toast.error(ko.boardUi.commentDeleteFailed),
    onSettled: () => invalidatePosts(client),
  });
}

/** Creates (no id) or updates a post; the saved post replaces (or leads) the board list. */
export function useSavePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PostBody }) => (id === null ? createPost(body) : updatePost(id, body)),
    onSuccess: (saved, { id }) => {
      const { removedImages: _removed, ...post } = saved;
      if (id === null) client.setQueryData<Post[]>([...queryRoots.board, 'list'], (list) => (Array.isArray(list) ? [post, ...list.filter((p) => p.id !== post.id)] : list));
      else patchCachedPost(client, id, () => post);
      void invalidatePosts(client);
    },
  });
}

/** Deletes a post (author only): gone from every list, "게시글이 삭제되었습니다.". */
export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deletePost(id),
    onSuccess: (_answer, id) => {
      patchLists(client, (list) => list.filter((p) => p.id !== id));
      toast.success(ko.boardUi.deleted);
    },
    onError: () => toast.error(ko.board.deleteFailed),
    onSettled: () => invalidatePosts(client),
  });
}
