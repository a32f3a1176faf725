import { queryOptions } from '@tanstack/react-query';
import type { SchedulePreview } from '@common/api/schedules';
import { operations } from '@common/api/operations';
import { call } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/** `GET /api/schedules/preview?limit=` (no auth; issue #31 item 2). */
export function getSchedulePreview(limit = 6, signal?: AbortSignal): Promise<SchedulePreview[]> {
  return call(operations.previewSchedules, { query: { limit }, signal });
}

/** The visitor's preview of upcoming meals on the home page (under the schedules root: writes refresh it). */
export const schedulePreviewQuery = () =>
  queryOptions({ queryKey: [...queryRoots.schedules, 'preview'], queryFn: ({ signal }) => getSchedulePreview(6, signal), staleTime: 60_000 });
