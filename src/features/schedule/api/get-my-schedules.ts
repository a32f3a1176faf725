import { listMySchedules as listMySchedulesOp } from '@common/api/schedules';
import type { Schedule } from '@common/api/schedules';
import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { callPage, type Page } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/** Items per page of my schedules (the server's largest page: the calendar marks every day). */
export const MY_SCHEDULES_PAGE_SIZE = 100;

/** `GET /api/schedules/my?limit&cursor`: one page of my schedules from today (KST) on. */
export function getMySchedules(cursor: string | null, signal?: AbortSignal): Promise<Page<Schedule>> {
  return callPage(listMySchedulesOp, cursor, { query: { limit: MY_SCHEDULES_PAGE_SIZE }, signal });
}

/**
 * My schedules as an infinite query (issue #19 item 1; refreshed by my add / edit / delete,
 * issue #14). The schedule page's calendar marks every day that holds one of mine, so the page
 * follows the pages to the end (they are bounded by the 22-day window).
 */
export const mySchedulesQuery = () =>
  infiniteQueryOptions({
    queryKey: queryRoots.mySchedules,
    queryFn: ({ pageParam, signal }) => getMySchedules(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

const NONE: Schedule[] = [];

/** Every loaded schedule of the infinite query, in the server's (date, hour, id) order. */
export function mySchedulesOf(data: InfiniteData<Page<Schedule>, unknown> | undefined): Schedule[] {
  return data ? data.pages.flatMap((p) => p.items) : NONE;
}
