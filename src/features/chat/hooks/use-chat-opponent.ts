import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { MatchRequest } from '@common/api/matches';
import type { MatchSide } from '@common/domain/match-status';
import { chatMatchOf, matchQueryOptions, opponentOf, type ChatOpponent } from '../api/find-opponent';

/** This chat's match and my side of it (issue #15: its status and start decide the leave text and the input). */
export interface ChatMatch {
  match: MatchRequest;
  side: MatchSide;
}

export type OpponentLookup =
  | { status: 'success'; opponent: ChatOpponent | null; match: ChatMatch | null }
  /** Loading, or the match failed to load: `query` is the one to show in `QueryState` (skeleton / 다시 시도). */
  | { status: 'pending' | 'error'; query: UseQueryResult<MatchRequest | null> };

/**
 * The chat partner and the match: `GET /api/matches/{id}` (issue #19: found however old the match
 * is; offline from the service worker's mirror). Its query key is invalidated with the match lists
 * by the notifications that change a match — match_cancelled, schedule_cancelled — so an open chat
 * follows them without a reload. With a partner from navigation state the page shows at once and
 * `match` is null until the match arrives. `opponent` null: the match is not mine (404) or `myId`
 * (the signed-in member) is on neither side.
 */
export function useChatOpponent(matchId: number, given: ChatOpponent | null, myId: number | null | undefined): OpponentLookup {
  const one = useQuery(matchQueryOptions(matchId));
  const match = chatMatchOf(one.data, myId);
  if (given) return { status: 'success', opponent: given, match };
  if (one.status !== 'success') return { status: one.status, query: one };
  return { status: 'success', opponent: match ? opponentOf(match) : null, match };
}
