/**
 * `DELETE /api/schedules/{id}?reason=` → 204; 403 when it is not mine. Its accepted and confirmed
 * guests' matches are cancelled with the reason (issue #28 item 3; ≤ 200 characters, optional).
 * Also what `schedule_cancelled` makes stale.
 */
import { deleteSchedule as deleteScheduleOp } from '@common/api/schedules';
import { call } from '@/lib/api-client';
import { useWrite, type Invalidates } from '@/lib/query/writes';

/** My calendar, the matching window, the requests on it, the one match and its chat. */
export const invalidates = ['schedules', 'matchesReceived', 'matchesSent', 'match', 'chat'] as const satisfies Invalidates;

export async function deleteSchedule(id: number, reason?: string): Promise<void> {
  await call(deleteScheduleOp, { params: { id }, query: reason ? { reason } : {} });
}

export function useDeleteSchedule() {
  return useWrite({ mutationFn: ({ id, reason }: { id: number; reason?: string }) => deleteSchedule(id, reason), invalidates });
}
