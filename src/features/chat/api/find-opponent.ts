import type { MatchRequest } from '@common/api/matches';
import type { MatchSide } from '@common/domain/match-status';
import { matchSide } from '@/shared/api/match';

export { matchQueryOptions } from '@/shared/api/match';

/** The chat partner as the activity page hands it over in navigation state. */
export interface ChatOpponent {
  opponentId: number;
  opponentName: string;
  opponentProfileImage: string | null;
}

/**
 * The chat's match (`GET /api/matches/{id}`, issue #19) with my side of it, `myId` being the
 * signed-in member; null when there is no match (the server answered 404: unknown or not mine) or
 * I am on neither side.
 */
export function chatMatchOf(match: MatchRequest | null | undefined, myId: number | null | undefined): { match: MatchRequest; side: MatchSide } | null {
  if (!match) return null;
  const side = matchSide(match, myId);
  return side ? { match, side } : null;
}

/** The other participant of a match seen from `side`: the requester for the host, the host for the requester. */
export function opponentOf({ match, side }: { match: MatchRequest; side: MatchSide }): ChatOpponent {
  const other = side === 'host' ? match.requester : match.schedule.member;
  return { opponentId: other.id, opponentName: other.name, opponentProfileImage: other.profileImage };
}
