import { api } from '@/lib/api-client';

/** `DELETE /api/schedules/{id}` → 204; 403 when it is not mine. */
export async function deleteSchedule(id: number): Promise<void> {
  await api.delete<unknown>(`/api/schedules/${id}`);
}
