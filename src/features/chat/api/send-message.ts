import type { ChatMessage } from '@common/realtime';
import { outboxLabel, sendOrQueue, type SendResult } from '@/lib/outbox';

/**
 * `POST /api/chat/{matchId}/messages` `{content}` → 201 the ChatMessage (also published live),
 * used when the live channel is down or the browser is offline (issue #7). Offline / no answer,
 * the message waits in the outbox (scope = match id) and `{ queued: true }` comes back; it is
 * posted on reconnect, once (Idempotency-Key).
 */
export function sendChatMessage(matchId: number, content: string): Promise<SendResult<ChatMessage>> {
  return sendOrQueue<ChatMessage>({ path: `/api/chat/${matchId}/messages`, body: { content }, kind: 'chat', label: outboxLabel('chat', content), scope: String(matchId) });
}
