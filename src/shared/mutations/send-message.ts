/**
 * What a chat message (`POST /api/chat/{matchId}/messages`, or STOMP) makes stale: that chat's
 * history. The chat feature's send hook and its outbox entries declare it; `new_message` derives
 * from it. (The hook itself belongs to src/features/chat.)
 */
import type { Invalidates } from '@/lib/query/writes';

export const invalidates = ['chat'] as const satisfies Invalidates;
