/** `PUT /api/schedules/{id}` (author only): time, place, text and seats. Also what `schedule_changed` makes stale. */
import type { Schedule, ScheduleUpdateBody } from '@common/api/schedules';
import { api } from '@/lib/api-client';
import { useWrite, type Invalidates } from '@/lib/query/writes';

/** My calendar and the matching window, and the requests on it (both sides) with the one match. */
export const invalidates = ['schedules', 'matchesReceived', 'matchesSent', 'match'] as const satisfies Invalidates;

export function updateSchedule(id: number, body: ScheduleUpdateBody): Promise<Schedule> {
  return api.put<Schedule>(`/api/schedules/${id}`, body);
}

export function useUpdateSchedule() {
  return useWrite({ mutationFn: ({ id, body }: { id: number; body: ScheduleUpdateBody }) => updateSchedule(id, body), invalidates });
}
