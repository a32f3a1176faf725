import type { Schedule } from '@common/api/schedules';
import { api } from '@/lib/api-client';

/** `GET /api/schedules/random`: one schedule to join; 404 when there is none. */
export function getRandomSchedule(): Promise<Schedule> {
  return api.get<Schedule>('/api/schedules/random');
}
