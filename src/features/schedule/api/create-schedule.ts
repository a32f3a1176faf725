import type { Schedule, ScheduleCreateBody } from '@common/api/schedules';
import { api } from '@/lib/api-client';

/** `POST /api/schedules` → 201 with the created schedule. */
export function createSchedule(body: ScheduleCreateBody): Promise<Schedule> {
  return api.post<Schedule>('/api/schedules', body);
}
