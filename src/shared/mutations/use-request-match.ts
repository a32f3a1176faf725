/**
 * `POST /api/matches {scheduleId}` → 201 with a Korean text. Offline (or no answer) it waits in the
 * outbox (scope = schedule id; issue #7) and `{ queued: true }` comes back; the replay invalidates
 * the same roots (the entry carries `invalidates`). Also what `new_match_request` makes stale.
 */
import { requestMatch as requestMatchOp } from '@common/api/matches';
import { outboxLabel, sendOrQueueCall } from '@/lib/outbox';
import { useWrite, type Invalidates } from '@/lib/query/writes';

/** My sent list, the host's received list, the one match and the meal's seats. */
export const invalidates = ['matchesSent', 'matchesReceived', 'match', 'schedules'] as const satisfies Invalidates;

export type RequestMatchResult = { queued: true } | { queued: false; text: string };

/** Sends the request now or queues it; `label` names the schedule in pending lists and failures. */
export async function requestMatch(scheduleId: number, label: string): Promise<RequestMatchResult> {
  const result = await sendOrQueueCall(requestMatchOp, { body: { scheduleId } }, { kind: 'match-request', label: outboxLabel('match-request', label), scope: String(scheduleId), invalidates });
  if (result.queued) return { queued: true };
  return { queued: false, text: result.data };
}

/** The request as a mutation: `{ scheduleId, label }`; a queued request invalidates on replay only. */
export function useRequestMatch(options: Parameters<typeof useWrite<RequestMatchResult, { scheduleId: number; label: string }>>[1] = {}) {
  return useWrite({ mutationFn: ({ scheduleId, label }) => requestMatch(scheduleId, label), invalidates, skipInvalidation: (result) => !!result?.queued }, options);
}
