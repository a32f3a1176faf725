/**
 * What other modules may use of the reports module (its public surface; issue #29 item 6: a module
 * imports only another module's public.ts); moderation writes the suspension columns.
 * Suspended members (issue #17 item 6), in one place: the refusal every way of signing in answers
 * (password login, social login) while `users.suspended_at` is set and `suspended_until` is null
 * (until lifted) or still ahead. A suspension that has ended lets the member in again.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { koreanDateTime } from '../../../common/domain/korean-time.ts';
import type { Database } from '../../db/database.ts';
import { reports } from '../../db/schema.ts';
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

/**
 * Issue #32 item 1: which of `targets` (a page of inbox items, at most 100) member `userId` has
 * appealed (`POST /api/reports/appeal`), as `type:id` keys — the inbox shows 이의를 접수했어요 instead
 * of the 이의 제기 button.
 */
export async function appealedTargets(db: Database, userId: number, targets: readonly { type: string; id: number }[]): Promise<Set<string>> {
  if (targets.length === 0) return new Set();
  const rows = await db
    .select({ type: reports.targetType, id: reports.targetId })
    .from(reports)
    // bounded: the ids of one inbox page
    .where(and(eq(reports.reporterId, userId), eq(reports.kind, 'appeal'), inArray(reports.targetId, [...new Set(targets.map((t) => t.id))])));
  return new Set(rows.map((r) => `${r.type}:${r.id}`));
}
