/** `POST /api/matches/{id}/hide` (issue #28 item 5): 목록에서 숨기기 of an ended request, for me only (409 on PENDING). */
import { hideMatch as hideMatchOp } from '@common/api/matches';
import { call } from '@/lib/api-client';
import type { Invalidates } from '@/lib/query/writes';

/** The lists the request leaves, the one match and its chat. */
export const invalidates = ['matchesReceived', 'matchesSent', 'match', 'chat'] as const satisfies Invalidates;

export function hideMatch(id: number): Promise<string> {
  return call(hideMatchOp, { params: { id } });
}
