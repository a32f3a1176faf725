/**
 * Reports (`fileReport`) and moderation (`/api/admin/*`, admins only) — common/api/reports.ts,
 * ./service.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { appealContent, fileReport, listAdminAudit, listAdminReports, REPORT_LIMIT, resolveReport, suspendMember, unsuspendMember } from '../../../common/api/reports.ts';
import { MESSAGES } from '../../../common/i18n/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import { acceptEmptyJsonBody, emptyBodyAsObject } from '../../lib/http.ts';
import { route } from '../../plugins/operations.ts';
import { IdCursor, pagedList } from '../../lib/paging.ts';
import { createReportsService, type ReportsServiceDeps } from './service.ts';

/** Registers `/api/reports` and `/api/admin/*`. */
export const reportsRoutes: FastifyPluginAsync<{
  now: Clock;
  cancelMatchesOf: ReportsServiceDeps['cancelMatchesOf'];
  setScheduleHidden: ReportsServiceDeps['setScheduleHidden'];
  weightMinAgeHours: number;
}> = async (app, opts) => {
  acceptEmptyJsonBody(app);
  // An empty suspend body means `{}`: suspended until lifted.
  emptyBodyAsObject(app, [suspendMember]);
  const service = createReportsService({
    db: app.db,
    now: opts.now,
    revokeLiveSessions: app.revokeLiveSessions,
    cancelMatchesOf: opts.cancelMatchesOf,
    setScheduleHidden: opts.setScheduleHidden,
    weightMinAgeHours: opts.weightMinAgeHours,
    notifyAll: app.notifyAll,
    stageNotices: app.stageNotices,
  });
  const reportLimit = app.limiter('report-write', REPORT_LIMIT, (request) => String(request.user?.id));

  route(
    app,
    fileReport,
    async (request, reply) => {
      const { id } = await service.report(request.member.id, request.body);
      return reply.code(201).send({ id, message: MESSAGES.reportReceived });
    },
    { limiters: [reportLimit] },
  );

  // Issue #32 item 1: the author's one appeal of their hidden content, on the reports' hourly budget.
  route(
    app,
    appealContent,
    async (request, reply) => {
      const { id } = await service.appeal(request.member.id, request.body);
      return reply.code(201).send({ id, message: MESSAGES.appealReceived });
    },
    { limiters: [reportLimit] },
  );

  route(app, listAdminReports, async (request, reply) =>
    pagedList(request, reply, {
      cursor: IdCursor,
      load: ({ limit, after }) => service.queue(request.query.status ?? 'open', limit, after?.[0]),
      key: (r) => [r.id],
    }),
  );

  route(app, resolveReport, async (request) => service.resolve(request.member.id, request.params.id, request.body));

  route(app, suspendMember, async (request) => service.suspend(request.member.id, request.params.id, request.body.days, request.body.note));

  route(app, unsuspendMember, async (request) => service.unsuspend(request.member.id, request.params.id));

  route(app, listAdminAudit, async (request, reply) =>
    pagedList(request, reply, {
      cursor: IdCursor,
      load: ({ limit, after }) => service.audit(limit, after?.[0]),
      key: (r) => [r.id],
    }),
  );
};
