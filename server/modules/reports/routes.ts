/**
 * Reports (`POST /api/reports`) and moderation (`/api/admin/*`, admins only) — issue #17 items 5
 * and 6; common/api/reports.ts, ./service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminIdParams,
  AdminReportList,
  AdminReportsQuery,
  AuditList,
  AuditQuery,
  REPORT_DETAIL_MAX,
  REPORT_HIDE_THRESHOLD,
  ReportBody,
  ReportCreated,
  ResolveBody,
  ResolveResult,
  SuspendBody,
  SuspensionState,
} from '../../../common/api/reports.ts';
import type { Clock } from '../../lib/clock.ts';
import { acceptEmptyJsonBody, errorResponses } from '../../lib/http.ts';
import { decodeCursor, IdCursor, pageLimit, sendPage } from '../../lib/paging.ts';
import { PAGE_DEFAULT, PAGE_MAX } from '../../../common/paging.ts';
import { BEARER } from '../../plugins/docs.ts';
import { createReportsService, REPORT_MSG, type ReportsServiceDeps } from './service.ts';

const tags = ['reports'];
const adminTags = ['admin'];
/** Reports one member may file per hour. */
const REPORT_LIMIT = { max: 30, windowMs: 60 * 60 * 1000 };

/** The paging part of the admin lists' descriptions (issue #19 item 1; server/lib/paging.ts). */
const PAGING =
  `\`limit\` per page (default ${PAGE_DEFAULT}; above ${PAGE_MAX} → ${PAGE_MAX}; 0 → 400); \`cursor\` the opaque position from the previous answer's ` +
  "`Link` header (absent on the last page); a cursor the server did not issue → 400 INVALID_CURSOR '목록 위치 정보가 올바르지 않아요. 처음부터 다시 불러와주세요.'. ";

const ADMIN_ERRORS =
  '401 without a valid token; 403 FORBIDDEN for members (only the e-mails of ADMIN_EMAILS have the admin role).';

/** Registers `/api/reports` and `/api/admin/*`. */
export const reportsRoutes: FastifyPluginAsyncTypebox<{
  now: Clock;
  cancelMatchesOf: ReportsServiceDeps['cancelMatchesOf'];
  setScheduleHidden: ReportsServiceDeps['setScheduleHidden'];
  weightMinAgeHours: number;
}> = async (app, opts) => {
  acceptEmptyJsonBody(app);
  const service = createReportsService({
    db: app.db,
    now: opts.now,
    revokeLiveSessions: app.revokeLiveSessions,
    cancelMatchesOf: opts.cancelMatchesOf,
    setScheduleHidden: opts.setScheduleHidden,
    weightMinAgeHours: opts.weightMinAgeHours,
    notifyAll: app.notifyAll,
  });
  const reportLimit = app.limiter('report-write', REPORT_LIMIT, (request) => String(request.user?.id));

  app.post(
    '/api/reports',
    {
      preHandler: [app.requireAuth, reportLimit],
      schema: {
        tags,
        summary: '신고하기',
        description:
          `Body \`{targetType: member|schedule|post|comment|review|message, targetId, reason: spam|abuse|sexual|scam|no_show|other, detail?}\` (detail ≤ ${REPORT_DETAIL_MAX} characters). ` +
          `201 \`{id, message: '${REPORT_MSG.created}'}\`. 409 ALREADY_REPORTED '${REPORT_MSG.duplicate}' for the same reporter and target again; ` +
          `404 NOT_FOUND for a missing target, and for a chat message of a match the caller is not part of; 400 SELF for one's own account or content. ` +
          `Content (not a member) reported by ${REPORT_HIDE_THRESHOLD} distinct established members is hidden from every member list and read until a moderator decides ` +
          `(issue #32 item 1: a reporter counts when their account is at least REPORT_WEIGHT_MIN_AGE_HOURS (${opts.weightMinAgeHours}) hours old and they had a meal that happened or wrote a post or comment that old; every report reaches the admin queue). ` +
          `429 after ${REPORT_LIMIT.max} reports an hour. Issue #17 item 5.`,
        security: BEARER,
        body: ReportBody,
        response: { 201: ReportCreated, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { id } = await service.report(request.user!.id, request.body);
      return reply.code(201).send({ id, message: REPORT_MSG.created });
    },
  );

  app.get(
    '/api/admin/reports',
    {
      preHandler: [app.requireAdmin],
      schema: {
        tags: adminTags,
        summary: '신고 목록 (관리자)',
        description:
          'Reports of `status` (open by default, or resolved) grouped per target, the group with the newest report first: ' +
          '`[{id (newest report id; for resolve), targetType, targetId, status, reporterCount, reasons, details, latestAt, action (resolved), ' +
          'content {title, text, author {id, name}, matchId (messages), postId (comments), hidden, exists}, targetUser {id, name, suspended, suspendedUntil}}]`. ' +
          'Keyset on the group id (never OFFSET). ' + PAGING.replace('per page', 'groups per page') +
          'When more exist the next page is in `Link: </api/admin/reports?status=…&cursor=…&limit=…>; rel="next"`. ' +
          ADMIN_ERRORS,
        security: BEARER,
        querystring: AdminReportsQuery,
        response: { 200: AdminReportList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const status = request.query.status ?? 'open';
      const limit = pageLimit(request.query.limit);
      const rows = await service.queue(status, limit, decodeCursor(request.query.cursor, IdCursor)?.[0]);
      return sendPage(request, reply, rows, limit, (r) => [r.id]);
    },
  );

  app.post(
    '/api/admin/reports/:id/resolve',
    {
      preHandler: [app.requireAdmin],
      schema: {
        tags: adminTags,
        summary: '신고 처리 (관리자)',
        description:
          'Body `{action: dismiss|hide|suspend, days?: 1–3650, note?: ≤ 500}` on the target of report `id`; every open report of that target becomes resolved. ' +
          '`dismiss`: the content is shown again (hidden_at cleared). `hide`: the content stays hidden (400 NOT_HIDEABLE for a member). ' +
          '`suspend`: the content is hidden and its author suspended for `days` days, or until lifted without `days` — their tokens answer 401 at once, live connections close and their open matches are cancelled (partners get match_cancelled) ' +
          '(400 NO_AUTHOR when the content has no author, 400 SELF for oneself). One admin_audit row. 404 unknown report. ' +
          ADMIN_ERRORS,
        security: BEARER,
        params: AdminIdParams,
        body: ResolveBody,
        response: { 200: ResolveResult, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.resolve(request.user!.id, request.params.id, request.body),
  );

  app.post(
    '/api/admin/users/:id/suspend',
    {
      // An empty body means `{}`: suspended until lifted.
      preValidation: async (request) => {
        request.body ??= {};
      },
      preHandler: [app.requireAdmin],
      schema: {
        tags: adminTags,
        summary: '회원 정지 (관리자)',
        description:
          'Body `{days?: 1–3650, note?}` (an empty body = `{}`): suspends the member for `days` days from now, or until lifted without `days`. ' +
          "Their login answers 403 SUSPENDED '이용이 정지된 계정이에요. ({date}까지)', their tokens 401 at once, their live connections close and their open matches are cancelled (partners get match_cancelled). " +
          'Answers `{userId, suspended, suspendedUntil}`. One admin_audit row. 404 unknown or deleted member; 400 SELF. ' +
          ADMIN_ERRORS,
        security: BEARER,
        params: AdminIdParams,
        body: SuspendBody,
        response: { 200: SuspensionState, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.suspend(request.user!.id, request.params.id, request.body.days, request.body.note),
  );

  app.post(
    '/api/admin/users/:id/unsuspend',
    {
      preHandler: [app.requireAdmin],
      schema: {
        tags: adminTags,
        summary: '회원 정지 해제 (관리자)',
        description:
          'Empty body. Lifts the suspension (also when there is none); the member can sign in again. Answers `{userId, suspended: false, suspendedUntil: null}`. ' +
          'One admin_audit row. 404 unknown or deleted member. ' +
          ADMIN_ERRORS,
        security: BEARER,
        params: AdminIdParams,
        response: { 200: SuspensionState, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.unsuspend(request.user!.id, request.params.id),
  );

  app.get(
    '/api/admin/audit',
    {
      preHandler: [app.requireAdmin],
      schema: {
        tags: adminTags,
        summary: '관리 기록 (관리자)',
        description:
          'Every admin action, newest first: `[{id, admin {id, name}, action (report.dismiss|report.hide|report.suspend|user.suspend|user.unsuspend), targetType, targetId, note, detail, createdAt}]`. ' +
          'Keyset on id. ' + PAGING + 'The next page is in `Link: </api/admin/audit?cursor=…&limit=…>; rel="next"`. ' +
          ADMIN_ERRORS,
        security: BEARER,
        querystring: AuditQuery,
        response: { 200: AuditList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const limit = pageLimit(request.query.limit);
      const rows = await service.audit(limit, decodeCursor(request.query.cursor, IdCursor)?.[0]);
      return sendPage(request, reply, rows, limit, (r) => [r.id]);
    },
  );
};
