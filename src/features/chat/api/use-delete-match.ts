/**
 * 나가기 in a chat, 1:1 or table: `DELETE /api/matches/{id}` on my match (the same operation as
 * 신청 취소 on 활동 내역, src/shared/mutations/use-withdraw-match.ts) → a Korean text. A live match is
 * cancelled, an ended one hidden; its messages go with it.
 */
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { membersKey } from '@/lib/query/members';
import { invalidateRoots, type Invalidates } from '@/lib/query/writes';
import { withdrawMatch } from '@/shared/mutations/use-withdraw-match';
import { roomKey, type Conversation } from './conversation';

/**
 * Both match lists, the one match, the meal's seats and the chat list; a table's members too. The
 * conversation's own history is dropped rather than refetched (I am no longer in it).
 */
export const invalidates = ['matchesReceived', 'matchesSent', 'match', 'schedules', 'chats'] as const satisfies Invalidates;

/**
 * Leaving `conversation` as a mutation of my match's id. On success its history leaves the cache,
 * then `options.onSuccess` runs (the screen's toast and navigation); once settled `invalidates`
 * (the match narrowed to its id) and, for a table, its members refetch.
 */
export function useDeleteMatch(conversation: Conversation, options: Omit<UseMutationOptions<string, Error, number>, 'mutationFn' | 'onSettled'> = {}) {
  const client = useQueryClient();
  return useMutation<string, Error, number>({
    ...options,
    mutationFn: withdrawMatch,
    onSuccess: (...args) => {
      client.removeQueries({ queryKey: roomKey(conversation) });
      return options.onSuccess?.(...args);
    },
    onSettled: (_text, _error, matchId) =>
      Promise.all([invalidateRoots(client, invalidates, matchId), conversation.kind === 'table' ? client.invalidateQueries({ queryKey: membersKey(conversation.id) }) : undefined]),
  });
}
