import { operations } from '@common/api/operations';
import type { ShareLink } from '@common/api/share';
import { call } from '@/lib/api-client';

/** `POST /api/matches/{id}/share` (issue #17 item 9): a new read-only link; the caller's older ones stop working. */
export function createShareLink(matchId: number): Promise<ShareLink> {
  return call(operations.createShareLink, { params: { id: matchId } });
}

/** `DELETE /api/matches/{id}/share`: the caller's links for the match stop working. */
export async function revokeShareLinks(matchId: number): Promise<void> {
  await call(operations.revokeShareLinks, { params: { id: matchId } });
}
