/**
 * What other modules may use of the reports module (its public surface; issue #29 item 6: a module
 * imports only another module's public.ts); moderation writes the suspension columns.
 * Suspended members (issue #17 item 6), in one place: the refusal every way of signing in answers
 * (password login, social login) while `users.suspended_at` is set and `suspended_until` is null
 * (until lifted) or still ahead. A suspension that has ended lets the member in again.
 */
import { koreanDateTime } from '../../../common/domain/korean-time.ts';
import { AppError } from '../../lib/errors.ts';

/** Korean texts of a suspension. */
export const SUSPENSION_MSG = {
  /** Until lifted. */
  indefinite: '이용이 정지된 계정이에요.',
  /** With an end, in KST. */
  until: (date: string) => `이용이 정지된 계정이에요. (${date}까지)`,
} as const;

/** The end of a suspension as shown to the member: "2026년 12월 3일 (목) 오후 3시" in KST (issue #18 wording). */
export function formatSuspensionEnd(until: Date): string {
  return koreanDateTime(until);
}

/** True while the member is suspended at `at`. */
export function isSuspended(row: { suspendedAt: Date | null; suspendedUntil: Date | null }, at: Date): boolean {
  if (!row.suspendedAt) return false;
  return row.suspendedUntil === null || row.suspendedUntil.getTime() > at.getTime();
}

/** @throws 403 SUSPENDED '이용이 정지된 계정이에요. ({date}까지)' (no parenthesis when until lifted). */
export function assertNotSuspended(row: { suspendedAt: Date | null; suspendedUntil: Date | null }, at: Date): void {
  if (!isSuspended(row, at)) return;
  const message = row.suspendedUntil ? SUSPENSION_MSG.until(formatSuspensionEnd(row.suspendedUntil)) : SUSPENSION_MSG.indefinite;
  throw new AppError(403, 'SUSPENDED', message);
}
