import { api } from '@/lib/api-client';

/**
 * `DELETE /api/schedules/{id}?reason=` → 204; 403 when it is not mine. Its accepted and confirmed
 * guests' matches are cancelled with the reason (issue #28 item 3; ≤ 200 characters, optional).
 */
export async function deleteSchedule(id: number, reason?: string): Promise<void> {
  await api.delete<unknown>(reason ? `/api/schedules/${id}?${new URLSearchParams({ reason })}` : `/api/schedules/${id}`);
}
