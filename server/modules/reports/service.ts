/**
 * Reports and moderation (issue #17 items 5 and 6; common/api/reports.ts).
 *
 * Reports: one per (reporter, target); a missing target, or a chat message of a match the reporter
 * is not part of, is 404; one's own account or content is 400. When the third distinct member
 * reports a piece of content (not a member), it is hidden (`hidden_at`) in the same transaction,
 * and every member read leaves it out until a moderator decides.
 *
 * Moderation: resolving a target resolves all its open reports — `dismiss` un-hides the content,
 * `hide` keeps it hidden, `suspend` also suspends its author.
 *
 * Appeals (issue #32 item 1): whenever content becomes hidden (by reports or an admin) its author is
 * told (`content_hidden`: what, why, and that they may appeal), staged in the same transaction. The
 * author may appeal once (`appeal`): a `reports` row of kind `appeal` that joins the target's group
 * in the queue; resolving it with `dismiss` (다시 보이기) tells them `content_restored`, with
 * `hide`/`suspend` (숨김 유지) `appeal_rejected`. A suspension bumps the member's token
 * version (every token answers 401 at once) and, after the commit, ends their live sessions. Every
 * admin action writes an `admin_audit` row in the same transaction.
 */
import { and, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { josa } from 'es-hangul';
import {
  REPORT_HIDE_THRESHOLD,
  type AppealBody,
  type AdminReportGroup,
  type AuditEntry,
  type ReportBody,
  type ReportedContent,
  type QueueTargetType,
  type ReportReason,
  type ResolveBody,
  type ResolveResult,
  type SuspensionState,
} from '../../../common/api/reports.ts';
import { adminAudit, chatMessages, matchMembers, matchRequests, postComments, posts, reports, reviews, schedules, tableMembers, tableMessages, users } from '../../db/schema.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MatchEvent, StageNotices } from '../../plugins/notifier.ts';
import type { ModerationNoticeType } from '../../../common/realtime.ts';
import { fail } from '../../lib/errors.ts';
import { isSuspended } from './public.ts';
import { setTableMessageHidden } from '../chat/public.ts';
import { isUniqueViolation } from '../../lib/user-view.ts';
import { plainText } from '../../lib/og.ts';
import { koreanDateHour } from '../../../common/domain/korean-time.ts';
import { format, ko } from '../../../common/i18n/ko.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Db = Database | Tx;

/** The tables of hideable content, by target type. */
const HIDEABLE = {
  post: posts,
  comment: postComments,
  review: reviews,
  message: chatMessages,
} as const;
/**
 * Hideable content: the tables above, schedules (hidden through the meals service, issue #28 item 8)
 * and table messages (through the chat module, the one writer of the table chat).
 */
type HideableType = keyof typeof HIDEABLE | 'schedule' | 'table_message';
const isHideable = (t: QueueTargetType): t is HideableType => t !== 'member' && t !== 'attendance';

/** A report target as stored: who it belongs to, whether hidden, and its text in context. */
interface Target {
  authorId: number | null;
  hidden: boolean;
  exists: boolean;
  title: string | null;
  text: string | null;
  matchId: number | null;
  postId: number | null;
  /** A table message's meal. */
  scheduleId?: number | null;
}

/** Loads a target, or null when it does not exist (a deleted member or review counts as missing). */
async function loadTarget(db: Db, type: QueueTargetType, id: number): Promise<Target | null> {
  const base = { matchId: null, postId: null, exists: true };
  switch (type) {
    case 'attendance': {
      // Issue #28 item 1: the absence mark on match `id`; its "author" is the member who marked it.
      const [r] = await db
        .select({
          hostId: matchRequests.hostId,
          requesterId: matchRequests.requesterId,
          // Each member's report on the partner is on their match_members row (issue #28 item 8).
          byHost: sql<boolean | null>`(select ${matchMembers.partnerAttended} from ${matchMembers} where ${matchMembers.matchId} = ${matchRequests.id} and ${matchMembers.role} = 'host')`,
          byRequester: sql<boolean | null>`(select ${matchMembers.partnerAttended} from ${matchMembers} where ${matchMembers.matchId} = ${matchRequests.id} and ${matchMembers.role} = 'guest')`,
          placeName: schedules.placeName,
          date: schedules.date,
          hour: schedules.hour,
        })
        .from(matchRequests)
        .innerJoin(schedules, eq(schedules.id, matchRequests.scheduleId))
        .where(eq(matchRequests.id, id));
      if (!r) return null;
      const markedByHost = r.byHost === false;
      const [removed] = await db
        .select({ one: sql<number>`1` })
        .from(reports)
        .where(and(eq(reports.targetType, 'attendance'), eq(reports.targetId, id), eq(reports.action, 'hide')))
        .limit(1);
      return {
        ...base,
        matchId: id,
        exists: markedByHost || r.byRequester === false,
        authorId: markedByHost ? r.hostId : r.requesterId,
        hidden: !!removed,
        title: format(ko.admin.disputeTitle, { when: koreanDateHour(r.date, r.hour), place: r.placeName }),
        text: markedByHost ? ko.admin.disputeByHost : ko.admin.disputeByGuest,
      };
    }
    case 'member': {
      const [r] = await db.select({ name: users.name, bio: users.bio, deletedAt: users.deletedAt }).from(users).where(eq(users.id, id));
      if (!r || r.deletedAt) return null;
      return { ...base, authorId: id, hidden: false, title: r.name, text: r.bio };
    }
    case 'schedule': {
      const [r] = await db.select({ userId: schedules.userId, placeName: schedules.placeName, text: schedules.text, hiddenAt: schedules.hiddenAt }).from(schedules).where(eq(schedules.id, id));
      return r ? { ...base, authorId: r.userId, hidden: !!r.hiddenAt, title: r.placeName, text: r.text } : null;
    }
    case 'post': {
      const [r] = await db.select({ authorId: posts.authorId, title: posts.title, content: posts.content, hiddenAt: posts.hiddenAt }).from(posts).where(eq(posts.id, id));
      return r ? { ...base, authorId: r.authorId, hidden: !!r.hiddenAt, title: r.title, text: plainText(r.content) } : null;
    }
    case 'comment': {
      const [r] = await db.select({ authorId: postComments.authorId, postId: postComments.postId, text: postComments.text, hiddenAt: postComments.hiddenAt }).from(postComments).where(eq(postComments.id, id));
      return r ? { ...base, authorId: r.authorId, hidden: !!r.hiddenAt, title: null, text: r.text, postId: r.postId } : null;
    }
    case 'review': {
      const [r] = await db.select({ reviewerId: reviews.reviewerId, comment: reviews.comment, hiddenAt: reviews.hiddenAt, deletedAt: reviews.deletedAt }).from(reviews).where(eq(reviews.id, id));
      return r && !r.deletedAt ? { ...base, authorId: r.reviewerId, hidden: !!r.hiddenAt, title: null, text: r.comment } : null;
    }
    case 'message': {
      const [r] = await db.select({ senderId: chatMessages.senderId, matchId: chatMessages.matchId, content: chatMessages.content, hiddenAt: chatMessages.hiddenAt }).from(chatMessages).where(eq(chatMessages.id, id));
      return r ? { ...base, authorId: r.senderId, hidden: !!r.hiddenAt, title: null, text: r.content, matchId: r.matchId } : null;
    }
    case 'table_message': {
      // A member's message in a table chat (issue #30); the system lines are nobody's and cannot be reported.
      const [r] = await db
        .select({ senderId: tableMessages.senderId, scheduleId: tableMessages.scheduleId, content: tableMessages.content, hiddenAt: tableMessages.hiddenAt, kind: tableMessages.kind })
        .from(tableMessages)
        .where(eq(tableMessages.id, id));
      return r && r.kind === 'text' ? { ...base, authorId: r.senderId, hidden: !!r.hiddenAt, title: null, text: r.content, scheduleId: r.scheduleId } : null;
    }
  }
}

/** True when `userId` is or was at the table of schedule `scheduleId` (only they read its chat). */
async function wasTableMember(db: Db, scheduleId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(tableMembers)
    .where(and(eq(tableMembers.scheduleId, scheduleId), eq(tableMembers.userId, userId)))
    .limit(1);
  return !!row;
}

/** True when `userId` is the requester or the host of match `matchId` (only they see its chat). */
async function isMatchParticipant(db: Db, matchId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(matchRequests)
    .innerJoin(schedules, eq(schedules.id, matchRequests.scheduleId))
    .where(and(eq(matchRequests.id, matchId), sql`(${matchRequests.requesterId} = ${userId} or ${schedules.userId} = ${userId})`))
    .limit(1);
  return !!row;
}

/** Sets or clears `hidden_at` on a piece of content. */
async function setHidden(db: Db, type: HideableType, id: number, at: Date | null, hideSchedule: ReportsServiceDeps['setScheduleHidden']): Promise<void> {
  if (type === 'schedule') return hideSchedule(db, id, at);
  if (type === 'table_message') return setTableMessageHidden(db, id, at);
  const table = HIDEABLE[type];
  // Hiding keeps the first time it was hidden; un-hiding clears it.
  const cond = at ? and(eq(table.id, id), isNull(table.hiddenAt)) : eq(table.id, id);
  await db.update(table).set({ hiddenAt: at }).where(cond);
}

/** What the service needs: the database, the clock, and the live-session revocation (server/plugins/realtime.ts). */
export interface ReportsServiceDeps {
  db: Database;
  now: Clock;
  /** `app.revokeLiveSessions`: ends the member's live sessions opened with an older token version. */
  revokeLiveSessions: (userId: number, tokenVersion: number) => Promise<void>;
  /**
   * The matches service's `cancelAllOf`: a suspended member's open matches are cancelled (their
   * side), so no one waits for a meal with a member who can no longer sign in.
   */
  cancelMatchesOf: (userId: number) => Promise<MatchEvent[]>;
  /** REPORT_WEIGHT_MIN_AGE_HOURS (issue #32 item 1): which reporters count toward hiding; 0 = all. */
  weightMinAgeHours?: number;
  /** The meals service's `setScheduleHidden` (issue #28 item 8: only the meals module writes schedules). */
  setScheduleHidden: (tx: Db, id: number, at: Date | null) => Promise<void>;
  /** `app.notifyAll`: tells the partners (match_cancelled: live, push and the inbox), and the moderation notices. */
  notifyAll: (events: readonly MatchEvent[]) => Promise<void>;
  /** `app.stageNotices`: the moderation notices (issue #32 item 1) are stored in the change's transaction. */
  stageNotices: StageNotices;
}

/**
 * A moderation notice (issue #32 item 1) to the author of `type`/`id`: what it is ("글이") and,
 * for `content_hidden`, the reason's label. No match: `matchId`/`scheduleId` 0, from the author themself.
 */
function moderationNotice(notice: ModerationNoticeType, authorId: number, type: HideableType, id: number, reason?: ReportReason): MatchEvent {
  return {
    type: notice,
    matchId: 0,
    scheduleId: 0,
    toUserId: authorId,
    fromUser: { id: authorId, name: '', profileImage: null },
    content: { type, id, what: josa(ko.reports.targets[type], '이/가'), ...(reason ? { reason: ko.reports.reasons[reason] } : {}) },
  };
}

/** The most named reason of a target's reports (ties: the latest), or `other` when none (issue #32 item 1: the "why" of `content_hidden`). */
async function mainReason(db: Db, type: QueueTargetType, id: number, openOnly: boolean): Promise<ReportReason> {
  const conds = [eq(reports.targetType, type), eq(reports.targetId, id), eq(reports.kind, 'report')];
  if (openOnly) conds.push(eq(reports.status, 'open'));
  const [row] = await db
    .select({ reason: reports.reason })
    .from(reports)
    .where(and(...conds))
    .groupBy(reports.reason)
    .orderBy(desc(sql`count(*)`), desc(sql`max(${reports.id})`))
    .limit(1);
  return row?.reason ?? 'other';
}

/** Builds the reports and moderation service. */
export function createReportsService(deps: ReportsServiceDeps) {
  const { db, now } = deps;
  const weightHours = deps.weightMinAgeHours ?? 0;

  /**
   * Issue #32 item 1: whether the reporter in `reporter` counts toward hiding at `at` — an account at
   * least REPORT_WEIGHT_MIN_AGE_HOURS old that had a CONFIRMED meal that has started, or wrote a post
   * or comment at least that old. One person with fresh accounts cannot hide anything; their reports
   * still reach the admin queue. Always true when the setting is 0.
   */
  function established(reporter: SQL | typeof reports.reporterId, at: Date): SQL | undefined {
    if (weightHours === 0) return undefined;
    const since = new Date(at.getTime() - weightHours * 60 * 60 * 1000).toISOString();
    return sql`exists (
      select 1 from ${users} u where u.id = ${reporter} and u.created_at <= ${since}::timestamptz and (
        exists (select 1 from ${matchRequests} mr join ${schedules} s on s.id = mr.schedule_id
                where (mr.requester_id = u.id or mr.host_id = u.id) and mr.status = 'CONFIRMED' and s.starts_at <= ${at.toISOString()}::timestamptz)
        or exists (select 1 from ${posts} p where p.author_id = u.id and p.created_at <= ${since}::timestamptz)
        or exists (select 1 from ${postComments} c where c.author_id = u.id and c.created_at <= ${since}::timestamptz)
      ))`;
  }

  /**
   * Suspends `userId` (inside `tx`): until `days` from now, or until lifted; `reason` is the upheld
   * report's (null for a direct suspension), which the member is told. Answers the new token version.
   */
  async function suspendIn(tx: Tx, userId: number, days: number | undefined, at: Date, reason: ReportReason | null): Promise<{ tokenVersion: number; until: Date | null }> {
    const until = days ? new Date(at.getTime() + days * 24 * 60 * 60 * 1000) : null;
    const [row] = await tx
      .update(users)
      .set({ suspendedAt: at, suspendedUntil: until, suspensionReason: reason, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: at })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning({ tokenVersion: users.tokenVersion });
    if (!row) fail('USER_NOT_FOUND');
    return { tokenVersion: row.tokenVersion, until };
  }

  async function audit(tx: Tx, adminId: number, action: string, targetType: string, targetId: number, detail: Record<string, unknown>): Promise<void> {
    await tx.insert(adminAudit).values({ adminId, action, targetType, targetId, detail, createdAt: now() });
  }

  /** After a suspension commits: their sessions end, their open matches are cancelled and the partners told. */
  async function afterSuspension(userId: number, tokenVersion: number): Promise<void> {
    await deps.revokeLiveSessions(userId, tokenVersion);
    await deps.notifyAll(await deps.cancelMatchesOf(userId));
  }

  const state = (userId: number, until: Date | null, suspended: boolean): SuspensionState => ({
    userId,
    suspended,
    suspendedUntil: suspended && until ? until.toISOString() : null,
  });

  return {
    /**
     * `POST /api/reports`. 404 unknown target (or a message of a match the reporter is not in); 400
     * own account or content; 409 already reported by this member. The third distinct reporter of
     * a piece of content hides it (same transaction), and its author is told (`content_hidden`,
     * issue #32 item 1: staged in that transaction, published after the commit).
     */
    async report(reporterId: number, body: ReportBody): Promise<{ id: number; hidden: boolean }> {
      const at = now();
      const events: MatchEvent[] = [];
      const result = await db
        .transaction(async (tx) => {
          // Issue #32 item 2: reports of one target queue behind each other (a transaction-scoped
          // advisory lock), so the count below sees every earlier report and the third distinct
          // reporter hides the content whatever the interleaving on PostgreSQL.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`report:${body.targetType}:${body.targetId}`}))`);
          const target = await loadTarget(tx, body.targetType, body.targetId);
          if (!target) fail('REPORT_TARGET_NOT_FOUND');
          if (body.targetType === 'message' && !(await isMatchParticipant(tx, target.matchId!, reporterId))) fail('REPORT_TARGET_NOT_FOUND');
          // Only who sits (or sat) at the table has read its messages.
          if (body.targetType === 'table_message' && !(await wasTableMember(tx, target.scheduleId!, reporterId))) fail('REPORT_TARGET_NOT_FOUND');
          if (target.authorId === reporterId) fail('REPORT_SELF', { field: 'targetId' });
          const detail = body.detail?.trim() || null;
          const [created] = await tx
            .insert(reports)
            .values({ reporterId, targetType: body.targetType, targetId: body.targetId, targetUserId: target.authorId, reason: body.reason, detail, createdAt: at })
            .onConflictDoNothing()
            .returning({ id: reports.id });
          if (!created) fail('ALREADY_REPORTED');
          let hidden = target.hidden;
          if (isHideable(body.targetType) && !hidden) {
            const [{ n } = { n: 0 }] = await tx
              .select({ n: sql<number>`count(distinct ${reports.reporterId})::int` })
              .from(reports)
              .where(and(eq(reports.targetType, body.targetType), eq(reports.targetId, body.targetId), eq(reports.status, 'open'), eq(reports.kind, 'report'), established(reports.reporterId, at)));
            if (n >= REPORT_HIDE_THRESHOLD) {
              await setHidden(tx, body.targetType, body.targetId, at, deps.setScheduleHidden);
              hidden = true;
              if (target.authorId !== null) {
                events.push(moderationNotice('content_hidden', target.authorId, body.targetType, body.targetId, await mainReason(tx, body.targetType, body.targetId, true)));
                await deps.stageNotices(tx, events);
              }
            }
          }
          return { id: created.id, hidden };
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) fail('ALREADY_REPORTED');
          throw error;
        });
      await deps.notifyAll(events);
      return result;
    },

    /**
     * `POST /api/reports/appeal` (issue #32 item 1): the author of hidden content appeals, once.
     * 404 APPEAL_TARGET_NOT_FOUND unless the content exists, is hidden and is `userId`'s; 400
     * APPEAL_NOTE_REQUIRED for a blank note; 409 ALREADY_APPEALED for a second appeal of the same
     * content (also after it was decided). Stored as a `reports` row of kind `appeal` (reporter =
     * author, `detail` = the trimmed note, `reason` = the hide's main reason), open, so it joins
     * the target's group in the admin queue. Answers the row's id.
     */
    async appeal(userId: number, body: AppealBody): Promise<{ id: number }> {
      const at = now();
      const note = body.note.trim();
      return db
        .transaction(async (tx) => {
          // The same lock as reports of the target: an appeal and a report's hide do not interleave.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`report:${body.targetType}:${body.targetId}`}))`);
          const target = await loadTarget(tx, body.targetType, body.targetId);
          if (!target || !target.hidden || target.authorId !== userId) fail('APPEAL_TARGET_NOT_FOUND');
          if (!note) fail('APPEAL_NOTE_REQUIRED', { field: 'note' });
          const reason = await mainReason(tx, body.targetType, body.targetId, false);
          // The author cannot report their own content, so their one row for the target is the appeal.
          const [created] = await tx
            .insert(reports)
            .values({ reporterId: userId, targetType: body.targetType, targetId: body.targetId, targetUserId: userId, reason, detail: note, kind: 'appeal', createdAt: at })
            .onConflictDoNothing()
            .returning({ id: reports.id });
          if (!created) fail('ALREADY_APPEALED');
          return { id: created.id };
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) fail('ALREADY_APPEALED');
          throw error;
        });
    },

    /**
     * `GET /api/admin/reports`: the reports of `status`, grouped per target, newest group first (by
     * its newest report id), at most `limit` groups with a newest id below `cursor` (the route's
     * page size + 1, `pagedList`).
     */
    async queue(status: 'open' | 'resolved', limit: number, cursor?: number): Promise<AdminReportGroup[]> {
      const groupId = sql<number>`max(${reports.id})::int`;
      const rows = await db
        .select({
          id: groupId,
          targetType: reports.targetType,
          targetId: reports.targetId,
          // An appeal (issue #32 item 1) is not a report: it is counted, listed and shown apart.
          reporterCount: sql<number>`(count(distinct ${reports.reporterId}) filter (where ${reports.kind} = 'report'))::int`,
          reasons: sql<ReportReason[]>`coalesce(array_agg(distinct ${reports.reason}) filter (where ${reports.kind} = 'report'), '{}')`,
          details: sql<string[]>`coalesce(array_remove(array_agg(${reports.detail} order by ${reports.id} desc) filter (where ${reports.kind} = 'report'), null), '{}')`,
          appealNote: sql<string | null>`(array_agg(${reports.detail} order by ${reports.id} desc) filter (where ${reports.kind} = 'appeal'))[1]`,
          appealAt: sql<string | null>`max(${reports.createdAt}) filter (where ${reports.kind} = 'appeal')`,
          latestAt: sql<string>`max(${reports.createdAt})`,
          action: sql<'dismiss' | 'hide' | 'suspend' | null>`(array_agg(${reports.action} order by ${reports.resolvedAt} desc nulls last, ${reports.id} desc))[1]`,
        })
        .from(reports)
        .where(eq(reports.status, status))
        .groupBy(reports.targetType, reports.targetId)
        .having(cursor !== undefined ? sql`max(${reports.id}) < ${cursor}` : undefined)
        .orderBy(desc(groupId))
        .limit(limit);
      const groups: AdminReportGroup[] = [];
      for (const r of rows) {
        const target = await loadTarget(db, r.targetType, r.targetId);
        const authorId = target?.authorId ?? null;
        const [author] = authorId
          ? await db.select({ id: users.id, name: users.name, suspendedAt: users.suspendedAt, suspendedUntil: users.suspendedUntil }).from(users).where(eq(users.id, authorId))
          : [];
        const content: ReportedContent = {
          title: target?.title ?? null,
          text: target?.text ?? null,
          author: author ? { id: author.id, name: author.name } : null,
          matchId: target?.matchId ?? null,
          postId: target?.postId ?? null,
          hidden: target?.hidden ?? false,
          exists: !!target,
        };
        const suspended = author ? isSuspended(author, now()) : false;
        groups.push({
          id: r.id,
          targetType: r.targetType,
          targetId: r.targetId,
          status,
          reporterCount: r.reporterCount,
          reasons: [...r.reasons].sort(),
          details: r.details.filter((d): d is string => !!d),
          latestAt: new Date(r.latestAt).toISOString(),
          action: status === 'resolved' ? r.action : null,
          content,
          appeal: r.appealAt !== null ? { note: r.appealNote ?? '', createdAt: new Date(r.appealAt).toISOString() } : null,
          targetUser: author
            ? { id: author.id, name: author.name, suspended, suspendedUntil: suspended && author.suspendedUntil ? author.suspendedUntil.toISOString() : null }
            : null,
        });
      }
      return groups;
    },

    /**
     * `POST /api/admin/reports/{id}/resolve`: acts on the target of report `id` and resolves its
     * open reports. 404 unknown report; 400 `hide` on a member, `suspend` on authorless content or
     * on oneself. Issue #32 item 1, the author's notices (staged in the transaction): content hidden
     * by this action → `content_hidden`; hidden content shown again (`dismiss`, 다시 보이기) →
     * `content_restored`; hidden content kept hidden while its appeal was open (숨김 유지) →
     * `appeal_rejected`. Acting again changes nothing and tells nobody again.
     */
    async resolve(adminId: number, reportId: number, body: ResolveBody): Promise<ResolveResult> {
      const at = now();
      const note = body.note?.trim() || null;
      const events: MatchEvent[] = [];
      const result = await db.transaction(async (tx) => {
        const [report] = await tx.select({ targetType: reports.targetType, targetId: reports.targetId, reason: reports.reason }).from(reports).where(eq(reports.id, reportId));
        if (!report) fail('REPORT_NOT_FOUND');
        const { targetType, targetId } = report;
        // The lock of reports and appeals of the target (a report's hide and this decision do not interleave).
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`report:${targetType}:${targetId}`}))`);
        const target = await loadTarget(tx, targetType, targetId);
        if (body.action === 'hide' && targetType === 'member') fail('NOT_HIDEABLE', { field: 'action' });
        const [openAppeal] = await tx
          .select({ id: reports.id })
          .from(reports)
          .where(and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open'), eq(reports.kind, 'appeal')))
          .limit(1);
        let suspension: { userId: number; tokenVersion: number; until: Date | null } | null = null;
        if (body.action === 'suspend') {
          const userId = target?.authorId ?? null;
          if (!userId) fail('NO_AUTHOR', { field: 'action' });
          if (userId === adminId) fail('SUSPEND_SELF', { field: 'action' });
          suspension = { userId, ...(await suspendIn(tx, userId, body.days, at, report.reason)) };
        }
        let hidden = target?.hidden ?? false;
        // A dispute (issue #28 item 1): `hide` removes the absence mark (read through the report's action), `dismiss` upholds it.
        if (targetType === 'attendance') hidden = body.action === 'hide';
        if (target && isHideable(targetType)) {
          if (body.action === 'dismiss') {
            await setHidden(tx, targetType, targetId, null, deps.setScheduleHidden);
            hidden = false;
          } else {
            await setHidden(tx, targetType, targetId, at, deps.setScheduleHidden);
            hidden = true;
          }
          const authorId = target.authorId;
          if (authorId !== null) {
            if (!target.hidden && hidden) events.push(moderationNotice('content_hidden', authorId, targetType, targetId, report.reason));
            else if (target.hidden && !hidden) events.push(moderationNotice('content_restored', authorId, targetType, targetId));
            else if (target.hidden && hidden && openAppeal) events.push(moderationNotice('appeal_rejected', authorId, targetType, targetId));
            await deps.stageNotices(tx, events);
          }
        }
        const resolved = await tx
          .update(reports)
          .set({ status: 'resolved', action: body.action, note, resolvedBy: adminId, resolvedAt: at })
          .where(and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')))
          .returning({ id: reports.id });
        await audit(tx, adminId, `report.${body.action}`, targetType, targetId, {
          reportId,
          resolved: resolved.length,
          ...(note ? { note } : {}),
          ...(suspension ? { userId: suspension.userId, days: body.days ?? null, until: suspension.until?.toISOString() ?? null } : {}),
        });
        return { targetType, targetId, resolved: resolved.length, hidden, suspension };
      });
      const { suspension, ...rest } = result;
      await deps.notifyAll(events);
      if (suspension) await afterSuspension(suspension.userId, suspension.tokenVersion);
      return { ...rest, action: body.action, suspension: suspension ? state(suspension.userId, suspension.until, true) : null };
    },

    /** `POST /api/admin/users/{id}/suspend`: `days` from now, or until lifted. 404 unknown; 400 oneself. */
    async suspend(adminId: number, userId: number, days: number | undefined, rawNote?: string): Promise<SuspensionState> {
      if (userId === adminId) fail('SUSPEND_SELF');
      const at = now();
      const note = rawNote?.trim() || null;
      const done = await db.transaction(async (tx) => {
        const s = await suspendIn(tx, userId, days, at, null);
        await audit(tx, adminId, 'user.suspend', 'member', userId, { days: days ?? null, until: s.until?.toISOString() ?? null, ...(note ? { note } : {}) });
        return s;
      });
      await afterSuspension(userId, done.tokenVersion);
      return state(userId, done.until, true);
    },

    /** `POST /api/admin/users/{id}/unsuspend`: lifts a suspension (also when none). 404 unknown. */
    async unsuspend(adminId: number, userId: number): Promise<SuspensionState> {
      const at = now();
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ suspendedAt: null, suspendedUntil: null, suspensionReason: null, updatedAt: at })
          .where(and(eq(users.id, userId), isNull(users.deletedAt)))
          .returning({ id: users.id });
        if (!row) fail('USER_NOT_FOUND');
        await audit(tx, adminId, 'user.unsuspend', 'member', userId, {});
      });
      return state(userId, null, false);
    },

    /** `GET /api/admin/audit`: admin actions newest first, at most `limit` with id below `cursor`. */
    async audit(limit: number, cursor?: number): Promise<AuditEntry[]> {
      const conds: SQL[] = [];
      if (cursor !== undefined) conds.push(lt(adminAudit.id, cursor));
      const rows = await db
        .select({ a: adminAudit, name: users.name })
        .from(adminAudit)
        .leftJoin(users, eq(users.id, adminAudit.adminId))
        .where(conds.length ? and(...conds) : undefined)
        .orderBy(desc(adminAudit.id))
        .limit(limit);
      return rows.map(({ a, name }) => ({
        id: a.id,
        admin: a.adminId !== null && name !== null ? { id: a.adminId, name } : null,
        action: a.action,
        targetType: a.targetType,
        targetId: a.targetId,
        note: typeof a.detail.note === 'string' ? a.detail.note : null,
        detail: a.detail,
        createdAt: a.createdAt.toISOString(),
      }));
    },
  };
}

/** The reports service's operations. */
export type ReportsService = ReturnType<typeof createReportsService>;
