import { listReceivedMatches as listReceivedMatchesOp, listSentMatches as listSentMatchesOp } from '@common/api/matches';
import { call } from '@/lib/api-client';

/**
 * Whether the member has sent or received at least one match request (`GET /api/matches/sent`,
 * `GET /api/matches` (received)): the moment with context at which issue #7 lets the app offer push.
 * A failed answer counts as none.
 */
export async function hasMatchRequests(signal?: AbortSignal): Promise<boolean> {
  const lists = await Promise.allSettled([
    call(listSentMatchesOp, { signal }),
    call(listReceivedMatchesOp, { signal }),
  ]);
  return lists.some((list) => list.status === 'fulfilled' && list.value.length > 0);
}
