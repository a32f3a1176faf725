import type { Schedule } from '@common/api/schedules';
import { isInScheduleWindow } from '@common/domain/schedule';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/** `GET /api/schedules`: everyone's schedules in the window (today … +21, KST), with `user`. */
export async function getSchedules(signal?: AbortSignal): Promise<Schedule[]> {
  const answer = await api.get<unknown>('/api/schedules', { signal });
  if (!Array.isArray(answer)) {
    console.warn('GET /api/schedules answered a non-array; treated as empty');
    return [];
  }
  // SPEC §5: only the next 21 days, whatever the server sent.
  return (answer as Schedule[]).filter((s) => isInScheduleWindow(s.date));
}

/**
 * The 22-day window as a query (issue #14). Under `queryRoots.schedules`, so schedule writes,
 * match requests and the live notifications that change seats (table in src/lib/query) refresh it.
 */
export const schedulesQuery = () => queryOptions({ queryKey: [...queryRoots.schedules, 'window'], queryFn: ({ signal }) => getSchedules(signal) });
