import type { Schedule, ScheduleUpdateBody } from '@common/api/schedules';
import { api } from '@/lib/api-client';

/** `PUT /api/schedules/{id}`: text and capacity (author only). */
export function updateSchedule(id: number, body: ScheduleUpdateBody): Promise<Schedule> {
  return api.put<Schedule>(`/api/schedules/${id}`, body);
}
