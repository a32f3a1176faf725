/**
 * Reports and moderation.
 * - `POST /api/reports` `{targetType, targetId, reason, detail?}` → 201; the same reporter and
 *   target again → 409; unknown target → 404; one's own account or content → 400. Content reported
 *   by 3 distinct members is hidden until a moderator decides.
 * - `POST /api/reports/appeal` `{targetType, targetId, note}` (issue #32 item 1): the author of
 *   hidden content appeals once (told by `content_hidden`); it joins the target's group in the queue.
 * - `/api/admin/*` (admins only, `ADMIN_EMAILS`): the reports queue grouped per target, resolving a
 *   target (dismiss / hide / suspend), suspending members, and the audit of every admin action.
 */
import { Type, type Static } from 'typebox';
import { defineOperation } from './operation.ts';
import { literalUnion } from './literals.ts';
import { PageParams } from './paging.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** What a report can name. */
export const REPORT_TARGET_TYPES = ['member', 'schedule', 'post', 'comment', 'review', 'message', 'table_message'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
/**
 * What the admin queue holds: every report target, plus `attendance` (issue #28 item 1): a member's
 * dispute of the absence mark against them on match `targetId` — filed by
 * `POST /api/matches/{id}/attendance/dispute`, never by `POST /api/reports`. Resolving it with
 * `hide` removes the mark (it never counts again); `dismiss` upholds it.
 */
export const QUEUE_TARGET_TYPES = [...REPORT_TARGET_TYPES, 'attendance'] as const;
export type QueueTargetType = (typeof QUEUE_TARGET_TYPES)[number];
/** Content that can be hidden, and so appealed (issue #32 item 1): every report target but a member. */
export const APPEAL_TARGET_TYPES = ['schedule', 'post', 'comment', 'review', 'message', 'table_message'] as const;
export type AppealTargetType = (typeof APPEAL_TARGET_TYPES)[number];
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
  Type.Literal('table_message'),
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

/** Longest appeal note, in characters (trimmed; issue #32 item 1). */
export const APPEAL_NOTE_MAX = 500;

/** `POST /api/reports/appeal` body (issue #32 item 1): the hidden content and why it should be shown again. */
export const AppealBody = Type.Object(
  {
    targetType: literalUnion(APPEAL_TARGET_TYPES),
    targetId: Id,
    /** 1–500 characters; blank once trimmed → 400 APPEAL_NOTE_REQUIRED. */
    note: Type.String({ minLength: 1, maxLength: APPEAL_NOTE_MAX }),
  },
  { additionalProperties: false },
);
export type AppealBody = Static<typeof AppealBody>;

/** `POST /api/reports/appeal` answer: the queue row's id and the Korean confirmation. */
export const AppealCreated = Type.Object({ id: Type.Integer(), message: Type.String() });
export type AppealCreated = Static<typeof AppealCreated>;

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
  /** Distinct reporters (an appeal is not one: a group holding only an appeal has 0). */
  reporterCount: Type.Integer({ minimum: 0 }),
  reasons: Type.Array(Reason),
  /** The reporters' details that are not empty, newest first. */
  details: Type.Array(Type.String()),
  latestAt: Type.String({ format: 'date-time' }),
  /** Resolved groups: the last action taken. */
  action: Type.Union([Type.Literal('dismiss'), Type.Literal('hide'), Type.Literal('suspend'), Type.Null()]),
  content: ReportedContent,
  /**
   * The author's appeal of the hidden content (issue #32 item 1), shown as 이의 제기 with its note:
   * `dismiss` is 다시 보이기 (`content_restored`), `hide` is 숨김 유지 (`appeal_rejected`). Null: none.
   */
  appeal: Type.Union([Type.Object({ note: Type.String(), createdAt: Type.String({ format: 'date-time' }) }), Type.Null()]),
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

/** Reports one member may file per hour (`POST /api/reports`, counted per member). */
export const REPORT_LIMIT = { max: 30, windowMs: 60 * 60 * 1000 } as const;

/** Files a report about a member or a piece of content. */
export const fileReport = defineOperation({
  method: 'POST',
  path: '/api/reports',
  auth: 'member',
  summary: '신고하기',
  description:
    'Reports a member or a piece of content once per reporter and target, hiding content (not a member) from every list once enough established members reported it, until a moderator decides.',
  tags: ['reports'],
  body: ReportBody,
  responses: { 201: ReportCreated },
  errors: ['REPORT_TARGET_NOT_FOUND', 'REPORT_SELF', 'ALREADY_REPORTED'],
  rateLimited: true,
});

/**
 * The author appeals the hiding of their content once (issue #32 item 1; rate-limited with reports).
 */
export const appealContent = defineOperation({
  method: 'POST',
  path: '/api/reports/appeal',
  auth: 'member',
  summary: '숨김 이의 제기',
  description:
    "Appeals, once per piece of content, the hiding of the caller's own hidden content with a note of 1–500 characters, the appeal joining the content's group in the admin queue where showing it again tells the author `content_restored` and keeping it hidden tells them `appeal_rejected`.",
  tags: ['reports'],
  body: AppealBody,
  responses: { 201: AppealCreated },
  errors: ['APPEAL_TARGET_NOT_FOUND', 'APPEAL_NOTE_REQUIRED', 'ALREADY_APPEALED'],
  rateLimited: true,
});

const adminTags = ['admin'] as const;

/** The reports queue, grouped per target (admins only, paged). */
export const listAdminReports = defineOperation({
  method: 'GET',
  path: '/api/admin/reports',
  auth: 'admin',
  summary: '신고 목록 (관리자)',
  description:
    'Lists the reports of `status` (open by default) grouped per target with the content, its author and the reasons, the group with the newest report first, paged by `limit` and `cursor`.',
  tags: adminTags,
  querystring: AdminReportsQuery,
  responses: { 200: AdminReportList },
  errors: [],
  paged: true,
});

/** Resolves every open report of a target: dismiss, hide or suspend its author (admins only). */
export const resolveReport = defineOperation({
  method: 'POST',
  path: '/api/admin/reports/{id}/resolve',
  auth: 'admin',
  summary: '신고 처리 (관리자)',
  description:
    "Resolves every open report of report `id`'s target by showing the content again (`dismiss`), keeping it hidden (`hide`) or also suspending its author (`suspend`), writing one audit row.",
  tags: adminTags,
  params: AdminIdParams,
  body: ResolveBody,
  responses: { 200: ResolveResult },
  errors: ['REPORT_NOT_FOUND', 'NOT_HIDEABLE', 'NO_AUTHOR', 'SUSPEND_SELF', 'USER_NOT_FOUND'],
});

/** Suspends a member for some days or until lifted (admins only). */
export const suspendMember = defineOperation({
  method: 'POST',
  path: '/api/admin/users/{id}/suspend',
  auth: 'admin',
  summary: '회원 정지 (관리자)',
  description:
    "Suspends the member for `days` days or until lifted (an empty body is `{}`), ending their tokens and live connections and cancelling their open matches, writing one audit row.",
  tags: adminTags,
  params: AdminIdParams,
  body: SuspendBody,
  responses: { 200: SuspensionState },
  errors: ['SUSPEND_SELF', 'USER_NOT_FOUND'],
});

/** Lifts a member's suspension (admins only). */
export const unsuspendMember = defineOperation({
  method: 'POST',
  path: '/api/admin/users/{id}/unsuspend',
  auth: 'admin',
  summary: '회원 정지 해제 (관리자)',
  description: "Lifts the member's suspension (also when there is none) so they can sign in again, writing one audit row.",
  tags: adminTags,
  params: AdminIdParams,
  responses: { 200: SuspensionState },
  errors: ['USER_NOT_FOUND'],
});

/** Every admin action, newest first (admins only, paged). */
export const listAdminAudit = defineOperation({
  method: 'GET',
  path: '/api/admin/audit',
  auth: 'admin',
  summary: '관리 기록 (관리자)',
  description: 'Lists every admin action newest first with its admin, target, note and detail, paged by `limit` and `cursor`.',
  tags: adminTags,
  querystring: AuditQuery,
  responses: { 200: AuditList },
  errors: [],
  paged: true,
});
