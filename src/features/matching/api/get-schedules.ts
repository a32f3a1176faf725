import type { Schedule } from '@common/api/schedules';
import { isInScheduleWindow } from '@common/domain/schedule';
import { api } from '@/lib/api-client';

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
