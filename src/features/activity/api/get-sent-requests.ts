import type { MatchRequest } from '@common/api/matches';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/** `GET /api/matches/sent`: requests I sent. A non-array counts as empty (SPEC §8). */
export async function getSentRequests(signal?: AbortSignal): Promise<MatchRequest[]> {
  const answer = await api.get<unknown>('/api/matches/sent', { signal });
  if (Array.isArray(answer)) return answer as MatchRequest[];
  console.warn('GET /api/matches/sent answered a non-array; treated as empty');
  return [];
}

/** The sent requests as a query (issue #14): invalidated by match_accepted / rejected / confirmed and by my own actions. */
export const sentRequestsQuery = () => queryOptions({ queryKey: queryRoots.matchesSent, queryFn: ({ signal }) => getSentRequests(signal) });
