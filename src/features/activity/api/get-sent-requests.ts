import type { MatchRequest } from '@common/api/matches';
import { api } from '@/lib/api-client';

/** `GET /api/matches/sent`: requests I sent. A non-array counts as empty (SPEC §8). */
export async function getSentRequests(signal?: AbortSignal): Promise<MatchRequest[]> {
  const answer = await api.get<unknown>('/api/matches/sent', { signal });
  if (Array.isArray(answer)) return answer as MatchRequest[];
  console.warn('GET /api/matches/sent answered a non-array; treated as empty');
  return [];
}
