import type { MatchRequest } from '@common/api/matches';
import { api } from '@/lib/api-client';

/** The chat partner as the activity page hands it over in navigation state. */
export interface ChatOpponent {
  opponentId: number;
  opponentName: string;
  opponentProfileImage: string | null;
}

const asList = (answer: unknown): MatchRequest[] => (Array.isArray(answer) ? (answer as MatchRequest[]) : []);

/**
 * Finds the partner of match `matchId` among the member's received (`GET /api/matches`) and sent
 * (`GET /api/matches/sent`) requests; null when the match is not the member's or does not exist.
 */
export async function findOpponent(matchId: number, signal?: AbortSignal): Promise<ChatOpponent | null> {
  const [received, sent] = await Promise.all([api.get<unknown>('/api/matches', { signal }), api.get<unknown>('/api/matches/sent', { signal })]);
  const asHost = asList(received).find((m) => m.id === matchId);
  if (asHost) return { opponentId: asHost.requester.id, opponentName: asHost.requester.name, opponentProfileImage: asHost.requester.profileImage };
  const asRequester = asList(sent).find((m) => m.id === matchId);
  if (asRequester) {
    const host = asRequester.schedule.member;
    return { opponentId: host.id, opponentName: host.name, opponentProfileImage: host.profileImage };
  }
  return null;
}
