/**
 * `DELETE /api/matches/{id}`: the requester withdraws their request (신청 취소, or leaves the chat) → a
 * Korean text. Also what `match_withdrawn` makes stale.
 */
import { deleteMatch as deleteMatchOp } from '@common/api/matches';
import { call } from '@/lib/api-client';
import { useWrite, type Invalidates } from '@/lib/query/writes';

/** Both lists, the one match, the meal's seats, that chat and the chat list (the conversation leaves it). */
export const invalidates = ['matchesReceived', 'matchesSent', 'match', 'schedules', 'chat', 'chats'] as const satisfies Invalidates;

export async function withdrawMatch(id: number): Promise<string> {
  return call(deleteMatchOp, { params: { id } });
}

export function useWithdrawMatch() {
  return useWrite({ mutationFn: (id: number) => withdrawMatch(id), invalidates });
}
