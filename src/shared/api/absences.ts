/**
 * Absence marks (issue #28 item 1; common/api/matches.ts), shared by 활동 내역 (the match card's
 * 이의 제기) and 내 정보 (노쇼 기록): the list of marks against me and the dispute, with what it makes stale.
 */
import { queryOptions } from '@tanstack/react-query';
import type { AbsenceMark, DisputeBody, MatchRequest } from '@common/api/matches';
import { disputeAbsence as disputeAbsenceOp, listMyAbsences as listMyAbsencesOp } from '@common/api/matches';
import type { MatchSide } from '@common/domain/match-status';
import { call } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';
import { useWrite, type Invalidates } from '@/lib/query/writes';

/** `GET /api/matches/absences`: every absence mark against me, newest first. */
export const absencesQuery = () =>
  queryOptions({
    queryKey: queryRoots.absences,
    queryFn: ({ signal }) => call(listMyAbsencesOp, { signal }),
  });

/** Whether a mark may still be disputed at `now`: not disputed yet and inside its 72 h window. */
export function canDispute(mark: AbsenceMark | null | undefined, now: Date): boolean {
  return !!mark && !mark.disputedAt && now.getTime() < Date.parse(mark.disputeUntil);
}

/**
 * `availableActions`' `disputeUntil` from a match's `absence` (issue #28): a side's window while it may
 * still dispute (no dispute sent), else null.
 */
export function disputeWindows(absence: MatchRequest['absence'] | undefined): { host: string | null; requester: string | null } {
  const open = (mark: AbsenceMark | null | undefined) => (mark && !mark.disputedAt ? mark.disputeUntil : null);
  return { host: open(absence?.host), requester: open(absence?.requester) };
}

/** The mark against `side` on a match, if any. */
export const markAgainst = (match: Pick<MatchRequest, 'absence'>, side: MatchSide): AbsenceMark | null => match.absence?.[side] ?? null;

/** `POST /api/matches/{id}/attendance/dispute {note?}` → the server's Korean text; my lists, the match, my marks and figures refresh. */
export function useDisputeAbsence() {
  return useWrite({
    mutationFn: async ({ matchId, note }: { matchId: number; note?: string }) => {
      const body: DisputeBody = note ? { note } : {};
      return call(disputeAbsenceOp, { params: { id: matchId }, body });
    },
    invalidates: disputeInvalidates,
  });
}

/** My lists, the match, my marks and my figures. */
export const disputeInvalidates = ['matchesReceived', 'matchesSent', 'match', 'absences', 'me'] as const satisfies Invalidates;
