/**
 * Suspended members (issue #17 item 6), in one place: the refusal every way of signing in answers
 * (password login, social login) while `users.suspended_at` is set and `suspended_until` is null
 * (until lifted) or still ahead. A suspension that has ended lets the member in again.
 */
import { koreanDateTime } from '../../common/domain/korean-time.ts';
import { fail } from './errors.ts';

/** The end of a suspension as shown to the member: "2026년 12월 3일 (목) 오후 3시" in KST (issue #18 wording). */
export function formatSuspensionEnd(until: Date): string {
  return koreanDateTime(until);
}

/** True while the member is suspended at `at`. */
export function isSuspended(row: { suspendedAt: Date | null; suspendedUntil: Date | null }, at: Date): boolean {
  if (!row.suspendedAt) return false;
  return row.suspendedUntil === null || row.suspendedUntil.getTime() > at.getTime();
}

/** @throws 403 SUSPENDED (its text names the end, KST; none when until lifted). */
export function assertNotSuspended(row: { suspendedAt: Date | null; suspendedUntil: Date | null }, at: Date): void {
  if (!isSuspended(row, at)) return;
  fail('SUSPENDED', { params: { until: row.suspendedUntil } });
}
