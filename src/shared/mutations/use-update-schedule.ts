/** `PUT /api/schedules/{id}` (author only): time, place, text and seats. Also what `schedule_changed` makes stale. */
import type { Schedule, ScheduleUpdateBody } from '@common/api/schedules';
import { updateSchedule as updateScheduleOp } from '@common/api/schedules';
import { call } from '@/lib/api-client';
import { useWrite, type Invalidates } from '@/lib/query/writes';

/** My calendar and the matching window, and the requests on it (both sides) with the one match. */
export const invalidates = ['schedules', 'matchesReceived', 'matchesSent', 'match'] as const satisfies Invalidates;

export function updateSchedule(id: number, body: ScheduleUpdateBody): Promise<Schedule> {
  return call(updateScheduleOp, { params: { id }, body });
}

export function useUpdateSchedule() {
  return useWrite({ mutationFn: ({ id, body }: { id: number; body: ScheduleUpdateBody }) => updateSchedule(id, body), invalidates });
}
