/**
 * `POST /api/matches/{id}/arrived` (CONFIRMED, start −60 … +60 min) → a Korean text; the partner is
 * told. Also what `partner_arrived` makes stale.
 */
import { reportArrival as reportArrivalOp } from '@common/api/matches';
import { call } from '@/lib/api-client';
import { useWrite, type Invalidates } from '@/lib/query/writes';

/** The match cards of both lists and the one match. */
export const invalidates = ['matchesReceived', 'matchesSent', 'match'] as const satisfies Invalidates;

export async function markArrived(id: number): Promise<string> {
  return call(reportArrivalOp, { params: { id } });
}

export function useMarkArrived() {
  return useWrite({ mutationFn: (id: number) => markArrived(id), invalidates });
}
