import { queryOptions } from '@tanstack/react-query';
// The operation from its own area, not the record of every operation (issue #33 item 1: the home page
// does not load every area's schemas).
import { previewSchedules, type SchedulePreview } from '@common/api/schedules';
import { call } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/** `GET /api/schedules/preview?limit=` (no auth; issue #31 item 2). */
export function getSchedulePreview(limit = 6, signal?: AbortSignal): Promise<SchedulePreview[]> {
  return call(previewSchedules, { query: { limit }, signal });
}

/** The visitor's preview of upcoming meals on the home page (under the schedules root: writes refresh it). */
export const schedulePreviewQuery = () =>
  queryOptions({ queryKey: [...queryRoots.schedules, 'preview'], queryFn: ({ signal }) => getSchedulePreview(6, signal), staleTime: 60_000 });
