/**
 * `POST /api/matches/{id}/accept|reject|confirm` (host only) → a Korean text. Also what
 * `match_accepted`, `match_rejected`, `match_confirmed` and `schedule_full` make stale.
 */
import type { HostAction } from '@common/domain/match-status';
import { api } from '@/lib/api-client';
import { useWrite, type Invalidates } from '@/lib/query/writes';

/** Both lists, the one match, the meal's seats, and my tiles (a confirmation counts a meal). */
export const invalidates = ['matchesReceived', 'matchesSent', 'match', 'schedules', 'me'] as const satisfies Invalidates;

export async function hostAction(id: number, action: HostAction): Promise<string> {
  const answer = await api.post<unknown>(`/api/matches/${id}/${action}`);
  return typeof answer === 'string' ? answer : '';
}

export function useHostAction() {
  return useWrite({ mutationFn: ({ id, action }: { id: number; action: HostAction }) => hostAction(id, action), invalidates });
}
