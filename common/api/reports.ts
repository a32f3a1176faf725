/**
 * Reports and moderation (issue #17 items 5 and 6).
 * - `POST /api/reports` `{targetType, targetId, reason, detail?}` → 201; the same reporter and
 *   target again → 409; unknown target → 404; one's own account or content → 400. Content reported
 *   by 3 distinct members is hidden until a moderator decides.
 * - `/api/admin/*` (admins only, `ADMIN_EMAILS`): the reports queue grouped per target, resolving a
 *   target (dismiss / hide / suspend), suspending members, and the audit of every admin action.
 */
import { Type, type Static } from 'typebox';
import { PageParams } from './paging.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** What a report can name. */
export const REPORT_TARGET_TYPES = ['member', 'schedule', 'post', 'comment', 'review', 'message'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
/**
 * What the admin queue holds: every report target, plus `attendance` (issue #28 item 1): a member's
 * dispute of the absence mark against them on match `targetId` — filed by
 * `POST /api/matches/{id}/attendance/dispute`, never by `POST /api/reports`. Resolving it with
 * `hide` removes the mark (it never counts again); `dismiss` upholds it.
 */
export const QUEUE_TARGET_TYPES = [...REPORT_TARGET_TYPES, 'attendance'] as const;
export type QueueTargetType = (typeof QUEUE_TARGET_TYPES)[number];
/** Why. */
export const REPORT_REASONS = ['spam', 'abuse', 'sexual', 'scam', 'no_show', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** Longest `detail`, in characters. */
export const REPORT_DETAIL_MAX = 500;
/** Distinct reporters after which reported content (not a member) is hidden until a moderator decides. */
export const REPORT_HIDE_THRESHOLD = 3;

const TargetType = Type.Union([
  Type.Literal('member'),
  Type.Literal('schedule'),
  Type.Literal('post'),
  Type.Literal('comment'),
  Type.Literal('review'),
  Type.Literal('message'),
]);
const QueueTargetType = Type.Union([TargetType, Type.Literal('attendance')]);
const Reason = Type.Union([Type.Literal('spam'), Type.Literal('abuse'), Type.Literal('sexual'), Type.Literal('scam'), Type.Literal('no_show'), Type.Literal('other')]);

/** `POST /api/reports` body. */
export const ReportBody = Type.Object(
  {
    targetType: TargetType,
    targetId: Id,
    reason: Reason,
    detail: Type.Optional(Type.String({ maxLength: REPORT_DETAIL_MAX })),
  },
  { additionalProperties: false },
);
export type ReportBody = Static<typeof ReportBody>;

/** `POST /api/reports` answer. */
export const ReportCreated = Type.Object({ id: Type.Integer(), message: Type.String() });
export type ReportCreated = Static<typeof ReportCreated>;

/** `GET /api/admin/reports` query. */
export const AdminReportsQuery = Type.Object(
  {
    status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('resolved')], { default: 'open' })),
    ...PageParams,
  },
  { additionalProperties: false },
);
export type AdminReportsQuery = Static<typeof AdminReportsQuery>;

const MemberRef = Type.Object({ id: Type.Integer(), name: Type.String() });

/** The reported content as the moderator sees it. */
export const ReportedContent = Type.Object({
  /** Member: their name; schedule: place; post: title; others: null. */
  title: Type.Union([Type.String(), Type.Null()]),
  /** Member: bio; schedule, comment, review, message: the text; post: the content as plain text. */
  text: Type.Union([Type.String(), Type.Null()]),
  /** Who wrote it (the member themself for `member`); null when gone. */
  author: Type.Union([MemberRef, Type.Null()]),
  /** For a message, its match (chat); else null. */
  matchId: Type.Union([Type.Integer(), Type.Null()]),
  /** For a comment, its post; else null. */
  postId: Type.Union([Type.Integer(), Type.Null()]),
  /** Whether the content is hidden now (always false for a member). */
  hidden: Type.Boolean(),
  /** False when the content no longer exists. */
  exists: Type.Boolean(),
});
export type ReportedContent = Static<typeof ReportedContent>;

/** One target in the queue: its reports of one status, grouped. */
export const AdminReportGroup = Type.Object({
  /** A report id of the group (the newest): `POST /api/admin/reports/{id}/resolve`. */
  id: Type.Integer(),
  targetType: QueueTargetType,
  targetId: Type.Integer(),
  status: Type.Union([Type.Literal('open'), Type.Literal('resolved')]),
  reporterCount: Type.Integer({ minimum: 1 }),
  reasons: Type.Array(Reason),
  /** The reporters' details that are not empty, newest first. */
  details: Type.Array(Type.String()),
  latestAt: Type.String({ format: 'date-time' }),
  /** Resolved groups: the last action taken. */
  action: Type.Union([Type.Literal('dismiss'), Type.Literal('hide'), Type.Literal('suspend'), Type.Null()]),
  content: ReportedContent,
  /** The member the content belongs to: whether suspended now, and until when (null = until lifted). */
  targetUser: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String(), suspended: Type.Boolean(), suspendedUntil: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]) }), Type.Null()]),
});
export type AdminReportGroup = Static<typeof AdminReportGroup>;
export const AdminReportList = Type.Array(AdminReportGroup);

/** `/api/admin/reports/{id}` and `/api/admin/users/{id}` path. */
export const AdminIdParams = Type.Object({ id: Id });

/** Longest suspension in days. */
export const SUSPEND_DAYS_MAX = 3650;
/** Longest moderator note. */
export const MODERATION_NOTE_MAX = 500;

/** `POST /api/admin/reports/{id}/resolve` body. */
export const ResolveBody = Type.Object(
  {
    action: Type.Union([Type.Literal('dismiss'), Type.Literal('hide'), Type.Literal('suspend')]),
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: SUSPEND_DAYS_MAX })),
    note: Type.Optional(Type.String({ maxLength: MODERATION_NOTE_MAX })),
  },
  { additionalProperties: false },
);
export type ResolveBody = Static<typeof ResolveBody>;

/** `POST /api/admin/users/{id}/suspend` body. */
export const SuspendBody = Type.Object(
  {
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: SUSPEND_DAYS_MAX })),
    note: Type.Optional(Type.String({ maxLength: MODERATION_NOTE_MAX })),
  },
  { additionalProperties: false },
);
export type SuspendBody = Static<typeof SuspendBody>;

/** A member's suspension state after a moderator action. */
export const SuspensionState = Type.Object({
  userId: Type.Integer(),
  suspended: Type.Boolean(),
  suspendedUntil: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type SuspensionState = Static<typeof SuspensionState>;

/** `POST /api/admin/reports/{id}/resolve` answer. */
export const ResolveResult = Type.Object({
  targetType: QueueTargetType,
  targetId: Type.Integer(),
  action: Type.Union([Type.Literal('dismiss'), Type.Literal('hide'), Type.Literal('suspend')]),
  resolved: Type.Integer({ description: 'open reports resolved by this action' }),
  hidden: Type.Boolean(),
  suspension: Type.Union([SuspensionState, Type.Null()]),
});
export type ResolveResult = Static<typeof ResolveResult>;

/** One admin action. */
export const AuditEntry = Type.Object({
  id: Type.Integer(),
  admin: Type.Union([MemberRef, Type.Null()]),
  action: Type.String(),
  targetType: Type.String(),
  targetId: Type.Integer(),
  note: Type.Union([Type.String(), Type.Null()]),
  detail: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Type.String({ format: 'date-time' }),
});
export type AuditEntry = Static<typeof AuditEntry>;
export const AuditList = Type.Array(AuditEntry);

/** `GET /api/admin/audit` query. */
export const AuditQuery = Type.Object({ ...PageParams }, { additionalProperties: false });
export type AuditQuery = Static<typeof AuditQuery>;
