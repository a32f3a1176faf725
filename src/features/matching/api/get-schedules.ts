import type { CalendarDay, Schedule } from '@common/api/schedules';
import type { IsoDate } from '@common/domain/schedule';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, apiPage, type Page } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/**
 * What the matching page asks the server to narrow (issue #19 item 3): food categories (none =
 * all) and the distance in metres around a position. The position is rounded to 4 decimals
 * (about 10 m), so a jittering fix does not refetch.
 */
export interface ScheduleQueryFilter {
  categories: readonly string[];
  distance: number;
  lat: number;
  lng: number;
}

/** The filter as query parameters (and as a stable part of the query keys). */
export function filterParams(filter: ScheduleQueryFilter): Record<string, string> {
  const params: Record<string, string> = {
    lat: filter.lat.toFixed(4),
    lng: filter.lng.toFixed(4),
    radius: String(filter.distance),
  };
  if (filter.categories.length > 0) params.category = [...filter.categories].sort().join(',');
  return params;
}

/**
 * Items per page of the day list: 50, so a busy day usually fits one request (a day's cards are
 * light; the next page still loads on scroll).
 */
export const DAY_PAGE_SIZE = 50;

/** `GET /api/schedules?date=&…&cursor=`: one page of a KST day's schedules, with `user`. */
export function getDaySchedules(date: IsoDate, filter: ScheduleQueryFilter, cursor: string | null, signal?: AbortSignal): Promise<Page<Schedule>> {
  const params = new URLSearchParams({ date, ...filterParams(filter), limit: String(DAY_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiPage<Schedule>(`/api/schedules?${params.toString()}`, { signal });
}

/**
 * The chosen day's list as an infinite query (loaded on scroll). Under `queryRoots.schedules`, so
 * schedule writes, match requests and the live notifications that change seats refresh it.
 */
export const daySchedulesQuery = (date: IsoDate, filter: ScheduleQueryFilter) =>
  infiniteQueryOptions({
    queryKey: [...queryRoots.schedules, 'day', date, filterParams(filter)],
    queryFn: ({ pageParam, signal }) => getDaySchedules(date, filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** `GET /api/schedules/calendar?from&to&…`: per day, how many schedules and of which categories. */
export async function getScheduleCalendar(from: IsoDate, to: IsoDate, filter: ScheduleQueryFilter, signal?: AbortSignal): Promise<CalendarDay[]> {
  const params = new URLSearchParams({ from, to, ...filterParams(filter) });
  const answer = await api.get<unknown>(`/api/schedules/calendar?${params.toString()}`, { signal });
  if (!Array.isArray(answer)) {
    console.warn('GET /api/schedules/calendar answered a non-array; treated as empty');
    return [];
  }
  return answer as CalendarDay[];
}

/** The calendar's dots as a query (same root as the lists: the same writes refresh it). */
export const scheduleCalendarQuery = (from: IsoDate, to: IsoDate, filter: ScheduleQueryFilter) =>
  queryOptions({
    queryKey: [...queryRoots.schedules, 'calendar', from, to, filterParams(filter)],
    queryFn: ({ signal }) => getScheduleCalendar(from, to, filter, signal),
  });

/** Items per page of the upcoming list (issue #31 item 2). */
export const UPCOMING_PAGE_SIZE = 20;

/**
 * `GET /api/schedules?…&limit=&cursor=` without `date`: the whole window (today … today+21 KST),
 * soonest first (date, hour, id), one page at a time (issue #31 item 2: 매칭 opens on this list).
 */
export function getUpcomingSchedules(filter: ScheduleQueryFilter, cursor: string | null, signal?: AbortSignal): Promise<Page<Schedule>> {
  const params = new URLSearchParams({ ...filterParams(filter), limit: String(UPCOMING_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiPage<Schedule>(`/api/schedules?${params.toString()}`, { signal });
}

/** The upcoming list as an infinite query, under `queryRoots.schedules` like the day list. */
export const upcomingSchedulesQuery = (filter: ScheduleQueryFilter) =>
  infiniteQueryOptions({
    queryKey: [...queryRoots.schedules, 'upcoming', filterParams(filter)],
    queryFn: ({ pageParam, signal }) => getUpcomingSchedules(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
