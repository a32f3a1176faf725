import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { MatchRequest } from '@common/api/matches';
import type { MatchSide } from '@common/domain/match-status';
import { matchIn, opponentIn, receivedMatchesQuery, sentMatchesQuery, type ChatOpponent } from '../api/find-opponent';

/** This chat's match and my side of it (issue #15: its status and start decide the leave text and the input). */
export interface ChatMatch {
  match: MatchRequest;
  side: MatchSide;
}

export type OpponentLookup =
  | { status: 'success'; opponent: ChatOpponent | null; match: ChatMatch | null }
  /** Loading, or a list failed: `query` is the one to show in `QueryState` (skeleton / 다시 시도). */
  | { status: 'pending' | 'error'; query: UseQueryResult<MatchRequest[]> };

/**
 * The chat partner and the match: my received and sent requests (TanStack Query, shared with the
 * activity page's lists, so the notifications that change a match — match_cancelled,
 * schedule_cancelled — reach the open chat without a reload). With a partner from navigation
 * state the page shows at once and `match` is null until the lists arrive. `opponent` null: the
 * match is not mine.
 */
export function useChatOpponent(matchId: number, given: ChatOpponent | null): OpponentLookup {
  const received = useQuery(receivedMatchesQuery());
  const sent = useQuery(sentMatchesQuery());
  const match = received.data && sent.data ? matchIn(matchId, received.data, sent.data) : null;
  if (given) return { status: 'success', opponent: given, match };
  const failed = [received, sent].find((q) => q.status === 'error');
  if (failed) return { status: 'error', query: failed };
  if (!received.data || !sent.data) return { status: 'pending', query: received.data ? sent : received };
  return { status: 'success', opponent: opponentIn(matchId, received.data, sent.data), match };
}
