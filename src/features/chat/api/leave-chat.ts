import { deleteMatch } from '@common/api/matches';
import { call } from '@/lib/api-client';

/** Leaving a chat deletes the match: `DELETE /api/matches/{id}` (its messages go with it). */
export async function leaveChat(matchId: number): Promise<void> {
  await call(deleteMatch, { params: { id: matchId } });
}
