/**
 * `POST /api/matches/{id}/share` (issue #17 item 9, 안전 공유): a new read-only link to the meal; the
 * caller's older links for it stop working. 403 when the match is not the caller's.
 */
import { createShareLink as createShareLinkOp } from '@common/api/share';
import type { ShareLink } from '@common/api/share';
import { call } from '@/lib/api-client';
import { useWrite, type Invalidates } from '@/lib/query/writes';

/** Nothing cached: the links are not listed anywhere, the dialog holds the new one. */
export const invalidates = [] as const satisfies Invalidates;

export function createShareLink(matchId: number): Promise<ShareLink> {
  return call(createShareLinkOp, { params: { id: matchId } });
}

/** The link as a mutation of the match id; `options` add the dialog's reactions. */
export function useCreateShareLink(options: Parameters<typeof useWrite<ShareLink, number>>[1] = {}) {
  return useWrite({ mutationFn: createShareLink, invalidates }, options);
}
