import type { MatchRequest } from '@common/api/matches';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/** `GET /api/matches`: requests on my schedules (I am the host). A non-array counts as empty (SPEC §8). */
export async function getReceivedRequests(signal?: AbortSignal): Promise<MatchRequest[]> {
  const answer = await api.get<unknown>('/api/matches', { signal });
  if (Array.isArray(answer)) return answer as MatchRequest[];
  console.warn('GET /api/matches answered a non-array; treated as empty');
  return [];
}

/** The received requests as a query (issue #14): invalidated by new_match_request / match_confirmed and by host actions. */
export const receivedRequestsQuery = () => queryOptions({ queryKey: queryRoots.matchesReceived, queryFn: ({ signal }) => getReceivedRequests(signal) });
