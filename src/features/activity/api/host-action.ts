import type { HostAction } from '@common/domain/match-status';
import { api } from '@/lib/api-client';

/** `POST /api/matches/{id}/accept|reject|confirm` (host only) → a Korean text. */
export async function hostAction(id: number, action: HostAction): Promise<string> {
  const answer = await api.post<unknown>(`/api/matches/${id}/${action}`);
  return typeof answer === 'string' ? answer : '';
}
