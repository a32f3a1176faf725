/**
 * `GET /api/schedules/random`: one meal to join, picked by the server (404 when there is none). The
 * random pick is an action, not cached data (one schedule to show, never reused), so it runs as a
 * mutation; it changes nothing on the server.
 */
import { randomSchedule as randomScheduleOp } from '@common/api/schedules';
import type { Schedule } from '@common/api/schedules';
import { isInScheduleWindow } from '@common/domain/schedule';
import { call } from '@/lib/api-client';
import { useWrite, type Invalidates } from '@/lib/query/writes';

/** Nothing: a pick reads, it writes no data. */
export const invalidates = [] as const satisfies Invalidates;

/** The server's pick; an answer that is not a schedule inside the 22-day window is an error (`Error('unexpected random answer')`). */
export async function getRandomSchedule(): Promise<Schedule> {
  const schedule = await call(randomScheduleOp);
  if (!schedule || typeof schedule !== 'object' || !isInScheduleWindow(schedule.date)) throw new Error('unexpected random answer');
  return schedule;
}

/** The pick as a mutation; `options` add the screen's reactions (show the meal, the toasts). */
export function useRandomSchedule(options: Parameters<typeof useWrite<Schedule>>[1] = {}) {
  return useWrite({ mutationFn: getRandomSchedule, invalidates }, options);
}
