import { queryOptions } from '@tanstack/react-query';
import type { MatchRequest } from '@common/api/matches';
import type { MatchSide } from '@common/domain/match-status';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/** The chat partner as the activity page hands it over in navigation state. */
export interface ChatOpponent {
  opponentId: number;
  opponentName: string;
  opponentProfileImage: string | null;
}

const asList = (answer: unknown): MatchRequest[] => (Array.isArray(answer) ? (answer as MatchRequest[]) : []);

/**
 * My received (`GET /api/matches`) and sent (`GET /api/matches/sent`) requests, under the same
 * keys and in the same shape as the activity page's queries, so the cache is shared with it and
 * the live notifications that invalidate those lists reach the partner lookup too.
 */
export const receivedMatchesQuery = () =>
  queryOptions({ queryKey: queryRoots.matchesReceived, queryFn: async ({ signal }) => asList(await api.get<unknown>('/api/matches?limit=100', { signal })) });
export const sentMatchesQuery = () =>
  queryOptions({ queryKey: queryRoots.matchesSent, queryFn: async ({ signal }) => asList(await api.get<unknown>('/api/matches/sent?limit=100', { signal })) });

/** The partner of match `matchId` among my received and sent requests; null when the match is not mine or does not exist. */
export function opponentIn(matchId: number, received: readonly MatchRequest[], sent: readonly MatchRequest[]): ChatOpponent | null {
  const asHost = received.find((m) => m.id === matchId);
  if (asHost) return { opponentId: asHost.requester.id, opponentName: asHost.requester.name, opponentProfileImage: asHost.requester.profileImage };
  const asRequester = sent.find((m) => m.id === matchId);
  if (asRequester) {
    const host = asRequester.schedule.member;
    return { opponentId: host.id, opponentName: host.name, opponentProfileImage: host.profileImage };
  }
  return null;
}

/** Match `matchId` among my received (I host) and sent (I requested) requests, with my side; null when not mine. */
export function matchIn(matchId: number, received: readonly MatchRequest[], sent: readonly MatchRequest[]): { match: MatchRequest; side: MatchSide } | null {
  const asHost = received.find((m) => m.id === matchId);
  if (asHost) return { match: asHost, side: 'host' };
  const asRequester = sent.find((m) => m.id === matchId);
  return asRequester ? { match: asRequester, side: 'requester' } : null;
}
