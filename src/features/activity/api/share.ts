import type { ShareLink } from '@common/api/share';
import { api } from '@/lib/api-client';

/** `POST /api/matches/{id}/share` (issue #17 item 9): a new read-only link; the caller's older ones stop working. */
export function createShareLink(matchId: number): Promise<ShareLink> {
  return api.post<ShareLink>(`/api/matches/${matchId}/share`);
}

/** `DELETE /api/matches/{id}/share`: the caller's links for the match stop working. */
export function revokeShareLinks(matchId: number): Promise<void> {
  return api.delete<void>(`/api/matches/${matchId}/share`);
}
