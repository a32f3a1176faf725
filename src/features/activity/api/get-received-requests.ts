import type { MatchRequest } from '@common/api/matches';
import { api } from '@/lib/api-client';

/** `GET /api/matches`: requests on my schedules (I am the host). A non-array counts as empty (SPEC §8). */
export async function getReceivedRequests(signal?: AbortSignal): Promise<MatchRequest[]> {
  const answer = await api.get<unknown>('/api/matches', { signal });
  if (Array.isArray(answer)) return answer as MatchRequest[];
  console.warn('GET /api/matches answered a non-array; treated as empty');
  return [];
}
