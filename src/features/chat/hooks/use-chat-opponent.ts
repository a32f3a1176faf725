import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { MatchRequest } from '@common/api/matches';
import { opponentIn, receivedMatchesQuery, sentMatchesQuery, type ChatOpponent } from '../api/find-opponent';

export type OpponentLookup =
  | { status: 'success'; opponent: ChatOpponent | null }
  /** Loading, or a list failed: `query` is the one to show in `QueryState` (skeleton / 다시 시도). */
  | { status: 'pending' | 'error'; query: UseQueryResult<MatchRequest[]> };

/**
 * The chat partner: the one from navigation state when given, else looked up in my received and
 * sent requests (TanStack Query, shared with the activity page's lists). `opponent` null: the
 * match is not mine.
 */
export function useChatOpponent(matchId: number, given: ChatOpponent | null): OpponentLookup {
  const enabled = !given;
  const received = useQuery({ ...receivedMatchesQuery(), enabled });
  const sent = useQuery({ ...sentMatchesQuery(), enabled });
  if (given) return { status: 'success', opponent: given };
  const failed = [received, sent].find((q) => q.status === 'error');
  if (failed) return { status: 'error', query: failed };
  if (!received.data || !sent.data) return { status: 'pending', query: received.data ? sent : received };
  return { status: 'success', opponent: opponentIn(matchId, received.data, sent.data) };
}
