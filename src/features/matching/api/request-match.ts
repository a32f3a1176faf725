import { outboxLabel, sendOrQueue } from '@/lib/outbox';

/**
 * `POST /api/matches` {scheduleId} → 201 with a Korean text (shown as is). Offline (or no answer)
 * the request waits in the outbox (scope = schedule id; issue #7) and `{ queued: true }` comes
 * back; it is sent on reconnect, once. `label` names the schedule in pending lists and failures.
 */
export async function requestMatch(scheduleId: number, label: string): Promise<{ queued: true } | { queued: false; text: string }> {
  const result = await sendOrQueue<unknown>({ path: '/api/matches', body: { scheduleId }, kind: 'match-request', label: outboxLabel('match-request', label), scope: String(scheduleId) });
  if (result.queued) return { queued: true };
  return { queued: false, text: typeof result.data === 'string' ? result.data : '' };
}
