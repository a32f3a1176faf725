/**
 * The buttons of a match card on 활동 내역 (issue #15, #28) as one mutation: each job runs its
 * operation's call and, once settled, invalidates what that operation declares
 * (`invalidates` of its `use-<operation>.ts`), narrowed to the job's match for `match` and `chat`.
 * One mutation so a card's buttons share one pending state.
 */
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { MatchRequest } from '@common/api/matches';
import type { MatchSide } from '@common/domain/match-status';
import { invalidateRoots, type Invalidates } from '@/lib/query/writes';
import * as cancel from '@/shared/mutations/use-cancel-match';
import * as host from '@/shared/mutations/use-host-action';
import * as arrived from '@/shared/mutations/use-mark-arrived';
import * as attendance from '@/shared/mutations/use-report-attendance';
import * as withdraw from '@/shared/mutations/use-withdraw-match';
import * as hide from './use-hide-match';
import { downloadCalendar } from './lifecycle';

/** One job of a request's buttons (issue #15 adds cancel with a reason, arrival, attendance, the calendar file; #28 withdraw and hide). */
export type Job =
  | { request: MatchRequest; side: MatchSide; kind: 'accept' | 'reject' | 'confirm' | 'withdraw' | 'hide' | 'arrived' | 'calendar' }
  | { request: MatchRequest; side: MatchSide; kind: 'cancel'; reason?: string }
  | { request: MatchRequest; side: MatchSide; kind: 'attendance'; attended: boolean };

/** What each job's operation declares it changes (the calendar file changes nothing). */
export const JOB_INVALIDATES: Record<Job['kind'], Invalidates> = {
  accept: host.invalidates,
  reject: host.invalidates,
  confirm: host.invalidates,
  withdraw: withdraw.invalidates,
  hide: hide.invalidates,
  cancel: cancel.invalidates,
  arrived: arrived.invalidates,
  attendance: attendance.invalidates,
  calendar: [],
};

/** Runs `job` → the server's Korean text ('' when it sent none). */
function run(job: Job): Promise<string> {
  switch (job.kind) {
    case 'withdraw':
      return withdraw.withdrawMatch(job.request.id);
    case 'hide':
      return hide.hideMatch(job.request.id);
    case 'cancel':
      return cancel.cancelMatch(job.request.id, job.reason);
    case 'arrived':
      return arrived.markArrived(job.request.id);
    case 'attendance':
      return attendance.reportAttendance(job.request.id, job.attended);
    case 'calendar':
      return downloadCalendar(job.request.id).then(() => '');
    default:
      return host.hostAction(job.request.id, job.kind);
  }
}

export function useMatchAction(options: Omit<UseMutationOptions<string, Error, Job>, 'mutationFn' | 'onSettled'> = {}) {
  const client = useQueryClient();
  return useMutation<string, Error, Job>({
    ...options,
    mutationFn: run,
    onSettled: (_text, _error, job) => invalidateRoots(client, JOB_INVALIDATES[job.kind], job.request.id),
  });
}
