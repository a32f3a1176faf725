/**
 * `POST /api/matches/{id}/arrived` (CONFIRMED, start −60 … +60 min) → a Korean text; the partner is
 * told. Also what `partner_arrived` makes stale.
 */
import { api } from '@/lib/api-client';
import { useWrite, type Invalidates } from '@/lib/query/writes';

/** The match cards of both lists and the one match. */
export const invalidates = ['matchesReceived', 'matchesSent', 'match'] as const satisfies Invalidates;

export async function markArrived(id: number): Promise<string> {
  const answer = await api.post<unknown>(`/api/matches/${id}/arrived`);
  return typeof answer === 'string' ? answer : '';
}

export function useMarkArrived() {
  return useWrite({ mutationFn: (id: number) => markArrived(id), invalidates });
}
