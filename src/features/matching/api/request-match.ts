import { api } from '@/lib/api-client';

/** `POST /api/matches` {scheduleId} → 201 with a Korean text (shown as is). */
export async function requestMatch(scheduleId: number): Promise<string> {
  const answer = await api.post<unknown>('/api/matches', { scheduleId });
  return typeof answer === 'string' ? answer : '';
}
