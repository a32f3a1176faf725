import { queryOptions } from '@tanstack/react-query';
import type { SchedulePreview } from '@common/api/schedules';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/** `GET /api/schedules/preview?limit=` (no auth; issue #31 item 2). A non-array answer counts as empty. */
export async function getSchedulePreview(limit = 6, signal?: AbortSignal): Promise<SchedulePreview[]> {
  const answer = await api.get<unknown>(`/api/schedules/preview?limit=${limit}`, { auth: false, signal });
  return Array.isArray(answer) ? (answer as SchedulePreview[]) : [];
}

/** The visitor's preview of upcoming meals on the home page (under the schedules root: writes refresh it). */
export const schedulePreviewQuery = () =>
  queryOptions({ queryKey: [...queryRoots.schedules, 'preview'], queryFn: ({ signal }) => getSchedulePreview(6, signal), staleTime: 60_000 });
