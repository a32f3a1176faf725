import { createSchedule as createScheduleOp } from '@common/api/schedules';
import type { Schedule, ScheduleCreateBody } from '@common/api/schedules';
import { call } from '@/lib/api-client';
import { useWrite, type Invalidates } from '@/lib/query/writes';

/** My calendar and the matching window both show the new meal. */
export const invalidates = ['schedules'] as const satisfies Invalidates;

/** `POST /api/schedules` → 201 with the created schedule. */
export function createSchedule(body: ScheduleCreateBody): Promise<Schedule> {
  return call(createScheduleOp, { body });
}

export function useCreateSchedule() {
  return useWrite({ mutationFn: createSchedule, invalidates });
}
