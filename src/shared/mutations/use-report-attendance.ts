/**
 * `POST /api/matches/{id}/attendance {partnerAttended}` (start … +7 days; may be changed) → a Korean
 * text. Asked on 활동 내역 and before a review. Also what `marked_absent` makes stale.
 */
import type { AttendanceBody } from '@common/api/matches';
import { reportAttendance as reportAttendanceOp } from '@common/api/matches';
import { call } from '@/lib/api-client';
import { useWrite, type Invalidates } from '@/lib/query/writes';

/** Both lists, the one match, the absence marks and the partner's figures (노쇼 기록). */
export const invalidates = ['matchesReceived', 'matchesSent', 'match', 'absences', 'me'] as const satisfies Invalidates;

export async function reportAttendance(id: number, partnerAttended: boolean): Promise<string> {
  const body: AttendanceBody = { partnerAttended };
  return call(reportAttendanceOp, { params: { id }, body });
}

export function useReportAttendance() {
  return useWrite({ mutationFn: ({ id, attended }: { id: number; attended: boolean }) => reportAttendance(id, attended), invalidates });
}
