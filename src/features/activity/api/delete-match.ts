import { api } from '@/lib/api-client';

const text = (answer: unknown) => (typeof answer === 'string' ? answer : '');

/** `DELETE /api/matches/{id}`: the requester withdraws their PENDING request (신청 취소) → a Korean text. */
export async function deleteMatch(id: number): Promise<string> {
  return text(await api.delete<unknown>(`/api/matches/${id}`));
}

/** `POST /api/matches/{id}/hide` (issue #28 item 5): 목록에서 숨기기 of an ended request, for me only (409 on PENDING). */
export async function hideMatch(id: number): Promise<string> {
  return text(await api.post<unknown>(`/api/matches/${id}/hide`));
}
