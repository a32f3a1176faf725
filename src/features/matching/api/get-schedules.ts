import { listSchedules as listSchedulesOp, scheduleCalendar as scheduleCalendarOp } from '@common/api/schedules';
import type { CalendarDay, Schedule, ScheduleListQuery } from '@common/api/schedules';
import type { IsoDate } from '@common/domain/schedule';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call, callPage, type Page } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';
import { DEFAULT_CENTER } from '@/lib/maps/types';
import { DEFAULT_MATCHING_FILTER } from '../filter';
import { distanceOrigin } from '../origin';

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

/** The filter as query parameters (and as a stable part of the query keys): the position rounded to 4 decimals, the categories sorted. */
export function filterParams(filter: ScheduleQueryFilter): Pick<ScheduleListQuery, 'lat' | 'lng' | 'radius' | 'category'> {
  return {
    lat: Number(filter.lat.toFixed(4)),
    lng: Number(filter.lng.toFixed(4)),
    radius: filter.distance,
    ...(filter.categories.length > 0 ? { category: [...filter.categories].sort().join(',') } : {}),
  };
}

/**
 * Items per page of the day list: 50, so a busy day usually fits one request (a day's cards are
 * light; the next page still loads on scroll).
 */
export const DAY_PAGE_SIZE = 50;

/** `GET /api/schedules?date=&…&cursor=`: one page of a KST day's schedules, with `user`. */
export function getDaySchedules(date: IsoDate, filter: ScheduleQueryFilter, cursor: string | null, signal?: AbortSignal): Promise<Page<Schedule>> {
  return callPage(listSchedulesOp, cursor, { query: { date, ...filterParams(filter), limit: DAY_PAGE_SIZE }, signal });
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
export function getScheduleCalendar(from: IsoDate, to: IsoDate, filter: ScheduleQueryFilter, signal?: AbortSignal): Promise<CalendarDay[]> {
  return call(scheduleCalendarOp, { query: { from, to, ...filterParams(filter) }, signal });
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
  return callPage(listSchedulesOp, cursor, { query: { ...filterParams(filter), limit: UPCOMING_PAGE_SIZE }, signal });
}

/** The upcoming list as an infinite query, under `queryRoots.schedules` like the day list. */
export const upcomingSchedulesQuery = (filter: ScheduleQueryFilter) =>
  infiniteQueryOptions({
    queryKey: [...queryRoots.schedules, 'upcoming', filterParams(filter)],
    queryFn: ({ pageParam, signal }) => getUpcomingSchedules(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The server's filter for the page's filter around `position` (the list's, the map's and the calendar's queries). */
export function scheduleQueryFilter(filter: { categories: readonly string[]; distance: number }, position: { lat: number; lng: number }): ScheduleQueryFilter {
  return { categories: filter.categories, distance: filter.distance, lat: position.lat, lng: position.lng };
}

/**
 * The list 매칭 shows first (issue #33 item 2): the upcoming meals with the default filter around
 * the member's 동네's centre, or 서울시청 (`distanceOrigin` with no shared position), which is what
 * the page asks before a shared position arrives. The route's loader starts it with the page's chunks.
 */
export const firstUpcomingQuery = (neighbourhood: string | null | undefined) =>
  upcomingSchedulesQuery(scheduleQueryFilter(DEFAULT_MATCHING_FILTER, distanceOrigin({ position: DEFAULT_CENTER, source: 'default' }, neighbourhood).position));
