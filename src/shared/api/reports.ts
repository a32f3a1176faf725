/**
 * Reports (issue #17 item 5; common/api/reports.ts), shared by every feature that shows someone
 * else's content (board, schedules, reviews, chat, profiles): `POST /api/reports` as a mutation.
 */
import { useMutation } from '@tanstack/react-query';
import type { ReportBody } from '@common/api/reports';
import { fileReport as fileReportOp } from '@common/api/reports';
import { call } from '@/lib/api-client';

/** `POST /api/reports` (201; 409 when the caller already reported it). */
export function useReport() {
  return useMutation({ mutationFn: (body: ReportBody) => call(fileReportOp, { body }) });
}
