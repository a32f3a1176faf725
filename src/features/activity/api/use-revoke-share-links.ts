/** `DELETE /api/matches/{id}/share` (issue #17 item 9, 공유 끝내기) → 204: every link the caller made for the match stops working. */
import { revokeShareLinks as revokeShareLinksOp } from '@common/api/share';
import { call } from '@/lib/api-client';
import { useWrite, type Invalidates } from '@/lib/query/writes';

/** Nothing cached: the links are not listed anywhere. */
export const invalidates = [] as const satisfies Invalidates;

export async function revokeShareLinks(matchId: number): Promise<void> {
  await call(revokeShareLinksOp, { params: { id: matchId } });
}

/** The revocation as a mutation of the match id; `options` add the dialog's reactions. */
export function useRevokeShareLinks(options: Parameters<typeof useWrite<void, number>>[1] = {}) {
  return useWrite({ mutationFn: revokeShareLinks, invalidates }, options);
}
