import type { ChatMessage } from '@common/realtime';
import { api } from '@/lib/api-client';

/**
 * `GET /api/chat/{matchId}/history` (oldest first): the newest 100, or with `after` the messages
 * after that id (catching up after a reconnect). A non-array counts as empty.
 */
export async function getChatHistory(matchId: number, options: { after?: number; signal?: AbortSignal } = {}): Promise<ChatMessage[]> {
  const query = options.after ? `?after=${options.after}&limit=200` : '';
  const answer = await api.get<unknown>(`/api/chat/${matchId}/history${query}`, { signal: options.signal });
  return Array.isArray(answer) ? (answer as ChatMessage[]) : [];
}
