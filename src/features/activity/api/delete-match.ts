import { api } from '@/lib/api-client';

/** `DELETE /api/matches/{id}` (requester or host; frees a taken seat) → a Korean text. */
export async function deleteMatch(id: number): Promise<string> {
  const answer = await api.delete<unknown>(`/api/matches/${id}`);
  return typeof answer === 'string' ? answer : '';
}
