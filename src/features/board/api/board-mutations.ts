/**
 * The board's writes as TanStack Query mutations (issue #14). A post is cached in the board pages
 * (`['board', 'list', q]`, infinite), as one post (`['board', 'post', id]`) and in the
 * recommendation pages (`['recommendations']`, infinite); its comments in `['board', 'comments', id]`
 * (infinite, issue #19). A write patches those copies (the like optimistically, with rollback) and
 * then invalidates both roots, because a like, a comment or a saved post can move a post in or out
 * of the recommendations.
 */
import { useMutation, useQueryClient, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Comment, Post, PostBody } from '@common/api/board';
import { toast } from '@/components/ui/feedback-store';
import { ko } from '@/i18n/ko';
import type { Page } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';
import { addComment, boardInvalidates, createPost, deleteComment, deletePost, editComment, toggleLike, updatePost, viewPost } from './board-api';

const POST_ROOTS = boardInvalidates.map((root) => queryRoots[root]);

type Snapshot = Array<[QueryKey, unknown]>;

function isInfinite<T>(data: unknown): data is InfiniteData<Page<T>> {
  return typeof data === 'object' && data !== null && Array.isArray((data as InfiniteData<unknown>).pages);
}

function isPost(data: unknown): data is Post {
  return typeof data === 'object' && data !== null && typeof (data as Post).id === 'number' && typeof (data as Post).title === 'string';
}

const isCommentsKey = (key: QueryKey) => key[0] === queryRoots.board[0] && key[1] === 'comments';

/** Applies `change` to every cached page of posts and every cached single post (comment caches are left alone). */
function patchLists(client: QueryClient, change: (list: Post[]) => Post[]): void {
  for (const root of POST_ROOTS) {
    for (const [key, data] of client.getQueriesData({ queryKey: root })) {
      if (isCommentsKey(key) || data === undefined) continue;
      if (isInfinite<Post>(data)) client.setQueryData(key, { ...data, pages: data.pages.map((p) => ({ ...p, items: change(p.items) })) });
      else if (isPost(data)) {
        const [next] = change([data]);
        // A deleted post leaves its single-post cache to the invalidation (it answers 404 then).
        if (next) client.setQueryData(key, next);
      }
    }
  }
}

/** Replaces post `id` in every cached list and single post with `update(post)`. */
export function patchCachedPost(client: QueryClient, id: number, update: (post: Post) => Post): void {
  patchLists(client, (list) => list.map((p) => (p.id === id ? update(p) : p)));
}

/** Applies `change` to the loaded comment pages of post `postId`. */
function patchComments(client: QueryClient, postId: number, change: (pages: Array<Page<Comment>>) => Array<Page<Comment>>): void {
  client.setQueryData<InfiniteData<Page<Comment>>>([...queryRoots.board, 'comments', postId], (data) => (isInfinite<Comment>(data) ? { ...data, pages: change(data.pages) } : data));
}

/** The board and the recommendations are fetched again (whatever is on screen refetches now). */
export function invalidatePosts(client: QueryClient): Promise<unknown> {
  return Promise.all(POST_ROOTS.map((queryKey) => client.invalidateQueries({ queryKey })));
}

async function snapshot(client: QueryClient): Promise<Snapshot> {
  await Promise.all(POST_ROOTS.map((queryKey) => client.cancelQueries({ queryKey })));
  return POST_ROOTS.flatMap((queryKey) => client.getQueriesData({ queryKey }));
}

/** Toggles my like on a post as the server will (likes ± 1, likedByMe). */
export function toggledLike(post: Post): Post {
  return post.likedByMe ? { ...post, likes: Math.max(0, post.likes - 1), likedByMe: false } : { ...post, likes: post.likes + 1, likedByMe: true };
}

/** 좋아요: shown at once, rolled back (with "좋아요 처리에 실패했어요.") when the server refuses. */
export function useLikePost(memberId: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (post: Post) => toggleLike(post.id),
    onMutate: async (post) => {
      const before = await snapshot(client);
      if (memberId !== undefined) patchCachedPost(client, post.id, toggledLike);
      return { before };
    },
    onError: (_error, _post, context) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
      toast.error(ko.board.likeFailed);
    },
    onSuccess: (saved) => patchCachedPost(client, saved.id, (p) => ({ ...p, likes: saved.likes, likedByMe: saved.likedByMe })),
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
 * a replayed comment invalidates what its entry carries (`boardInvalidates`). A posted
 * comment joins the last loaded page of comments (oldest first) and counts on the post at once.
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
      let added = false;
      patchComments(client, post.id, (pages) => {
        if (pages.some((p) => p.items.some((c) => c.id === result.data.id))) return pages;
        added = true;
        return pages.map((p, i) => (i === pages.length - 1 ? { ...p, items: [...p.items, result.data] } : p));
      });
      if (added) patchCachedPost(client, post.id, (p) => ({ ...p, commentCount: p.commentCount + 1 }));
      void invalidatePosts(client);
    },
    onError: () => toast.error(ko.board.commentFailed),
  });
}

/** Edits my comment (issue #18): the saved text replaces it in the cached comment pages. */
export function useEditComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, commentId, text }: { postId: number; commentId: number; text: string }) => editComment(postId, commentId, text),
    onSuccess: (saved, { postId }) => {
      patchComments(client, postId, (pages) => pages.map((p) => ({ ...p, items: p.items.map((c) => (c.id === saved.id ? saved : c)) })));
      void invalidatePosts(client);
    },
  });
}

/** Deletes my comment (issue #18): gone from the cached comment pages and counted off the post, "댓글이 삭제되었어요.". */
export function useDeleteComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, commentId }: { postId: number; commentId: number }) => deleteComment(postId, commentId),
    onSuccess: (_answer, { postId, commentId }) => {
      patchComments(client, postId, (pages) => pages.map((p) => ({ ...p, items: p.items.filter((c) => c.id !== commentId) })));
      patchCachedPost(client, postId, (p) => ({ ...p, commentCount: Math.max(0, p.commentCount - 1) }));
      toast.success(ko.boardUi.commentDeleted);
    },
    onError: () => toast.error(ko.boardUi.commentDeleteFailed),
    onSettled: () => invalidatePosts(client),
  });
}

/** Creates (no id) or updates a post; a new post leads the first page of the (unsearched) board. */
export function useSavePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PostBody }) => (id === null ? createPost(body) : updatePost(id, body)),
    onSuccess: (saved, { id }) => {
      const { removedImages: _removed, ...post } = saved;
      if (id === null) {
        client.setQueryData<InfiniteData<Page<Post>>>([...queryRoots.board, 'list', ''], (data) =>
          isInfinite<Post>(data) && data.pages.length > 0
            ? { ...data, pages: data.pages.map((p, i) => (i === 0 ? { ...p, items: [post, ...p.items.filter((x) => x.id !== post.id)] } : p)) }
            : data,
        );
      } else patchCachedPost(client, id, () => post);
      void invalidatePosts(client);
    },
  });
}

/** Deletes a post (author only): gone from every list, "게시글을 삭제했어요.". */
export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deletePost(id),
    onSuccess: (_answer, id) => {
      patchLists(client, (list) => list.filter((p) => p.id !== id));
      client.removeQueries({ queryKey: [...queryRoots.board, 'post', id] });
      toast.success(ko.boardUi.deleted);
    },
    onError: () => toast.error(ko.board.deleteFailed),
    onSettled: () => invalidatePosts(client),
  });
}
