/**
 * `POST /api/matches/{id}/cancel {reason?}` (either side, ACCEPTED or CONFIRMED, before the start) →
 * a Korean text. Also what `match_cancelled` and `seat_opened` make stale.
 */
import type { MatchCancelBody } from '@common/api/matches';
import { cancelMatch as cancelMatchOp } from '@common/api/matches';
import { call } from '@/lib/api-client';
import { useWrite, type Invalidates } from '@/lib/query/writes';

/** Both lists, the one match, the meal's seats, and that chat (it shows "취소된 약속이에요"). */
export const invalidates = ['matchesReceived', 'matchesSent', 'match', 'schedules', 'chat'] as const satisfies Invalidates;

export async function cancelMatch(id: number, reason?: string): Promise<string> {
  const body: MatchCancelBody = reason ? { reason } : {};
  return call(cancelMatchOp, { params: { id }, body });
}

export function useCancelMatch() {
  return useWrite({ mutationFn: ({ id, reason }: { id: number; reason?: string }) => cancelMatch(id, reason), invalidates });
}
