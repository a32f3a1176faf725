/**
 * What other modules may use of the reports module (its public surface; issue #29 item 6: a module
 * imports only another module's public.ts); moderation writes the suspension columns.
 * Suspended members (issue #17 item 6), in one place: the refusal every way of signing in answers
 * (password login, social login) while `users.suspended_at` is set and `suspended_until` is null
 * (until lifted) or still ahead. A suspension that has ended lets the member in again.
 */
import { koreanDateTime } from '../../../common/domain/korean-time.ts';
import type { ReportReason } from '../../../common/api/reports.ts';
import type { SuspensionParams } from '../../../common/errors.ts';
import { ko } from '../../../common/i18n/ko.ts';
import { fail } from '../../lib/errors.ts';

/** The end of a suspension as shown to the member: "2026년 12월 3일 (목) 오후 3시" in KST (issue #18 wording). */
export function formatSuspensionEnd(until: Date): string {
  return koreanDateTime(until);
}

/** True while the member is suspended at `at`. */
export function isSuspended(row: { suspendedAt: Date | null; suspendedUntil: Date | null }, at: Date): boolean {
  if (!row.suspendedAt) return false;
  return row.suspendedUntil === null || row.suspendedUntil.getTime() > at.getTime();
}

/** A suspended member's row: when, until when, why (issue #31 item 6). */
export interface SuspensionRow {
  suspendedAt: Date | null;
  suspendedUntil: Date | null;
  suspensionReason: ReportReason | null;
}

/**
 * What a suspended member is told (common/errors.ts `SUSPENDED` / `ACCOUNT_SUSPENDED`): until when,
 * the reason's label (the upheld report's; "운영정책 위반" for a direct suspension) and the
 * operator's contact address.
 */
export function suspensionParams(row: SuspensionRow, contact: string): SuspensionParams {
  return { until: row.suspendedUntil, reason: row.suspensionReason ? ko.reports.reasons[row.suspensionReason] : ko.reports.policyReason, contact };
}

/** @throws 403 SUSPENDED (its text names the end, KST, none when until lifted; the reason; the contact address). */
export function assertNotSuspended(row: SuspensionRow, at: Date, contact: string): void {
  if (!isSuspended(row, at)) return;
  fail('SUSPENDED', { params: suspensionParams(row, contact) });
}
