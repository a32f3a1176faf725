import { operations } from '@common/api/operations';
import type { Schedule } from '@common/api/schedules';
import { call } from '@/lib/api-client';

/** `GET /api/schedules/random`: one schedule to join; 404 when there is none. */
export function getRandomSchedule(): Promise<Schedule> {
  return call(operations.randomSchedule);
}
