import type { ChatMessage } from '@common/realtime';
import { outboxLabel, sendOrQueue, type SendResult } from '@/lib/outbox';

/**
 * `POST /api/chat/{matchId}/messages` `{content, clientId?}` → 201 the ChatMessage (also published
 * live), used when the live channel is down or the browser is offline (issue #7). Offline / no
 * answer, the message waits in the outbox (scope = match id) and `{ queued: true }` comes back; it
 * is posted on reconnect, once (Idempotency-Key). `clientId` (issue #16 item 4) is the message's
 * own id, the same one a live SEND carries as `client-id`: a message sent both ways is stored once.
 */
export function sendChatMessage(matchId: number, content: string, clientId?: string): Promise<SendResult<ChatMessage>> {
  const body = clientId ? { content, clientId } : { content };
  return sendOrQueue<ChatMessage>({ path: `/api/chat/${matchId}/messages`, body, kind: 'chat', label: outboxLabel('chat', content), scope: String(matchId) });
}

/**
 * `POST /api/schedules/{scheduleId}/chat` `{content, clientId?}` → 201 the TableMessage (issue #30
 * item 2: the HTTP twin of the SEND to `/app/table/{id}`), through the outbox like a 1:1 message
 * (scope `table:{scheduleId}`).
 */
export function sendTableMessage(scheduleId: number, content: string, clientId?: string): Promise<SendResult<ChatMessage>> {
  const body = clientId ? { content, clientId } : { content };
  return sendOrQueue<ChatMessage>({ path: `/api/schedules/${scheduleId}/chat`, body, kind: 'chat', label: outboxLabel('chat', content), scope: `table:${scheduleId}` });
}
