import type { Schedule } from '@common/api/schedules';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/** `GET /api/schedules/my`: my schedules from today (KST) on. A non-array counts as empty. */
export async function getMySchedules(signal?: AbortSignal): Promise<Schedule[]> {
  const answer = await api.get<unknown>('/api/schedules/my', { signal });
  if (!Array.isArray(answer)) {
    console.warn('GET /api/schedules/my answered a non-array; treated as empty');
    return [];
  }
  return answer as Schedule[];
}

/** My schedules as a query (issue #14): refreshed by my add / edit / delete. */
export const mySchedulesQuery = () => queryOptions({ queryKey: queryRoots.mySchedules, queryFn: ({ signal }) => getMySchedules(signal) });
