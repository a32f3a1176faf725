/**
 * `POST /api/matches/{id}/accept|reject|confirm` (host only) → a Korean text. Also what
 * `match_accepted`, `match_rejected`, `match_confirmed` and `schedule_full` make stale.
 */
import type { HostAction } from '@common/domain/match-status';
import { acceptMatch as acceptMatchOp, confirmMatch as confirmMatchOp, rejectMatch as rejectMatchOp } from '@common/api/matches';
import { call } from '@/lib/api-client';
import { useWrite, type Invalidates } from '@/lib/query/writes';

/** Both lists, the one match, the meal's seats, and my tiles (a confirmation counts a meal). */
export const invalidates = ['matchesReceived', 'matchesSent', 'match', 'schedules', 'me'] as const satisfies Invalidates;

/** The operation of each host action. */
const hostActionOperations = { accept: acceptMatchOp, reject: rejectMatchOp, confirm: confirmMatchOp } as const satisfies Record<HostAction, unknown>;

export async function hostAction(id: number, action: HostAction): Promise<string> {
  return call(hostActionOperations[action], { params: { id } });
}

export function useHostAction() {
  return useWrite({ mutationFn: ({ id, action }: { id: number; action: HostAction }) => hostAction(id, action), invalidates });
}
