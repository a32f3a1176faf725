/**
 * One match of mine by id (issue #19 left-overs): `GET /api/matches/{id}` answers it in the list
 * item's shape (`MatchRequest`) to its host or its requester, however old it is — the chat and
 * write-review pages read it instead of searching the newest 100 received and sent requests.
 * Shared here because two features (chat, reviews) use it and features do not import each other.
 * Offline the service worker answers it from the member's mirror (common/offline.ts), so a chat
 * seen online opens offline too.
 */
import { queryOptions } from '@tanstack/react-query';
import type { MatchRequest } from '@common/api/matches';
import { getMatch as getMatchOp } from '@common/api/matches';
import type { MatchSide } from '@common/domain/match-status';
import { call, isApiError } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/** Query key of match `id`: `['matches', 'one', id]` (under the `match` root). */
export const matchKey = (id: number) => [...queryRoots.match, id] as const;

/**
 * `GET /api/matches/{id}` as a query: the match, or `null` when the server answers 404 (unknown, or
 * not mine — the server does not tell the two apart). Other failures are errors (retried per the
 * client's defaults). Fresh for the client's default 30 s; live notifications invalidate it by id
 * (`./invalidation.ts`), a replayed review too (`./query-client.ts`), and the chat and review
 * pages after their own writes; `['matches']` (a block) reaches it with the lists.
 */
export const matchQueryOptions = (id: number) =>
  queryOptions({
    queryKey: matchKey(id),
    queryFn: async ({ signal }): Promise<MatchRequest | null> => {
      try {
        return await call(getMatchOp, { params: { id }, signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });

/** My side of `match` (`myId` = the signed-in member): host when its schedule is mine, requester when I asked; null otherwise. */
export function matchSide(match: Pick<MatchRequest, 'requester' | 'schedule'>, myId: number | null | undefined): MatchSide | null {
  if (myId == null) return null;
  if (match.schedule.member.id === myId) return 'host';
  if (match.requester.id === myId) return 'requester';
  return null;
}
