/**
 * The board's list query (issue #19), apart from ./board-api.ts: the board route's loader runs with
 * the route tree (src/routes/_authenticated/board.tsx, issue #33 item 2), so what it imports is in
 * the app's first chunk; this module brings only the list operation, not the board's writes.
 */
import type { BoardQuery, Post } from '@common/api/board';
import { listPosts as listPostsOp } from '@common/api/board';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { callPage, type Page } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/** Posts per board page (issue #19): the server's default. */
export const BOARD_PAGE_SIZE = 20;

/**
 * The query of a board page: `q` the search ('' = every post), `tags` the tag filter (posts
 * carrying every one; none = no filter), and `limit` once a `cursor` is sent (callPage adds it).
 * The first page of the whole board is plain `/api/board` (the server's default page size), the
 * address the service worker mirrors for offline use (issue #7).
 */
export function boardQuery(q: string, cursor: string | null, tags: readonly string[] = []): BoardQuery {
  return { ...(q ? { q } : {}), ...(tags.length ? { tags: tags.join(',') } : {}), ...(cursor ? { limit: BOARD_PAGE_SIZE } : {}) };
}

/**
 * The board (issue #19): `GET /api/board?q=&tags=` a page at a time, newest first (keyset paging
 * on the server; the next page's cursor comes from the `Link` header). Search, the tag filter and
 * the whole board are the same query with different `q` and `tags`, under the `board` root that
 * every board write invalidates.
 */
export const postsQuery = (q = '', tags: readonly string[] = []) =>
  infiniteQueryOptions({
    queryKey: [...queryRoots.board, 'list', q, tags.join(',')],
    queryFn: ({ pageParam, signal }): Promise<Page<Post>> => callPage(listPostsOp, pageParam, { query: boardQuery(q, pageParam, tags), signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
