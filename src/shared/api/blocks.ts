/**
 * Blocking members (issue #17 item 4; common/api/blocks.ts), shared by every feature that shows
 * another member (the author dialog, the chat, the profile page's list): the API calls, the list's
 * `queryOptions`, and what a block or unblock invalidates so every screen updates without a reload
 * (schedules, the board, matches, chats).
 */
import { infiniteQueryOptions } from '@tanstack/react-query';
import { blockMember as blockMemberOp, listBlocks as listBlocksOp, unblockMember as unblockMemberOp } from '@common/api/blocks';
import { call, callPage } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';
import { useWrite, type Invalidates } from '@/lib/query/writes';

/** Query key of `GET /api/blocks`. */
export const BLOCKS_KEY = queryRoots.blocks;

/**
 * The members the caller blocked, newest first, page by page (issue #19 item 1). Only the profile
 * page's list reads it: nothing on the client needs every blocked id, because the server already
 * leaves blocked members out of every list it answers (schedules, board, matches, chat).
 */
export const blocksQuery = () =>
  infiniteQueryOptions({
    queryKey: BLOCKS_KEY,
    queryFn: ({ pageParam, signal }) => callPage(listBlocksOp, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Everything a block or an unblock changes: the list, and every screen that shows the other member's things. */
export const invalidates = ['blocks', 'schedules', 'board', 'recommendations', 'matchesReceived', 'matchesSent', 'match', 'absences', 'chat'] as const satisfies Invalidates;

/** `POST /api/blocks {userId}` (201 or 200 when already blocked). */
export function useBlockMember() {
  return useWrite({ mutationFn: (userId: number) => call(blockMemberOp, { body: { userId } }), invalidates });
}

/** `DELETE /api/blocks/{userId}` (204). */
export function useUnblockMember() {
  return useWrite({ mutationFn: (userId: number) => call(unblockMemberOp, { params: { userId } }), invalidates });
}
