/**
 * `/api/matches*` (SPEC §7; issue #3): members only. Successful writes answer a Korean
 * `text/plain; charset=utf-8` message (UI-TEXT.md "Server text answers", DESIGN.md). Errors — also
 * on these text routes — are JSON `{ message, code }` like the rest of the API; the client shows
 * `message` (or a text body) either way. The lists include REJECTED requests; the client hides them
 * (SPEC §4). Every transition calls `app.notifier` once, after its transaction commits.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AttendanceBody, DisputeBody, MatchCancelBody, MatchCreateBody, MatchListQuery, MatchRequest, MatchRequestList, MyAbsenceMarkList } from '../../../../common/api/matches.ts';
import { PAGE_DEFAULT, PAGE_MAX } from '../../../../common/paging.ts';
import { decodeCursor, pageLimit, sendPage } from '../../../lib/paging.ts';
import { IdParams } from '../../../../common/api/schedules.ts';
import type { HostAction } from '../../../../common/domain/match-status.ts';
import { acceptEmptyJsonBody, errorResponses, sendText, textResponse } from '../../../lib/http.ts';
import { BEARER } from '../../../plugins/docs.ts';
import type { Clock } from '../../../lib/clock.ts';
import { createMatchesService, DEFAULT_MEAL_RULES, MATCH_MSG, MatchCursor, type MealRules } from './service.ts';

const tags = ['matches'];

/** The paging part of both list descriptions (issue #19 item 1; server/lib/paging.ts). */
const PAGING =
  `Paged (keyset on createdAt + id, never OFFSET): \`limit\` items per page (default ${PAGE_DEFAULT}; above ${PAGE_MAX} → ${PAGE_MAX} items; 0 → 400), ` +
  '`cursor` the opaque position of the previous answer\'s `Link: </api/matches…?cursor=…&limit=…>; rel="next"` header (absent on the last page); ' +
  "a cursor the server did not issue → 400 INVALID_CURSOR '목록 위치 정보가 올바르지 않아요. 처음부터 다시 불러와주세요.'. " +
  '`when` (issue #28 item 7): `upcoming` keeps meals that have not started, `past` those whose start has passed (지난 약속: reviewed or not, cancelled or not, until the caller hides them); absent = both.';

/**
 * Registers the match routes. `remindNow`: sends the meal reminders due now (`app.remindersSweep`,
 * ../reminders/plugin.ts), called after a confirmation (issue #15).
 */
export const matchesRoutes: FastifyPluginAsyncTypebox<{ now: Clock; rules?: MealRules; remindNow: () => Promise<unknown> }> = async (app, opts) => {
  const rules = opts.rules ?? DEFAULT_MEAL_RULES;
  const service = createMatchesService({ db: app.db, now: opts.now, rules, stage: (tx, events) => app.stageNotices(tx, events) });

  // The action routes take an empty body (SPEC §7); accept `Content-Type: application/json` with
  // no body too instead of answering 400 (this parser is scoped to this plugin).
  acceptEmptyJsonBody(app);

  /** Runs the reminder sweep (server/modules/reminders), logging instead of failing the request. */
  async function remindNow(): Promise<void> {
    try {
      await opts.remindNow();
    } catch (err) {
      app.log.error({ err }, 'reminder sweep after confirm failed');
    }
  }

  app.post(
    '/api/matches',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '매칭 신청',
        description:
          "Body `{ scheduleId }`. 201 text '매칭 신청이 완료되었습니다.' and a `new_match_request` notification to the host. " +
          `404 unknown schedule; 400 OWN_SCHEDULE '${MATCH_MSG.ownSchedule}'; 403 BLOCKED; 409 ALREADY_REQUESTED '${MATCH_MSG.alreadyRequested}' while the caller has an open (PENDING, ACCEPTED, CONFIRMED) request on it; ` +
          `issue #28 item 2: after the caller's own withdrawal or cancellation a new PENDING request is made, at most 2 more times (then 409 REQUEST_LIMIT '${MATCH_MSG.requestLimit}'); after a rejection or a host's cancellation 409 NOT_INVITED_AGAIN '${MATCH_MSG.notInvitedAgain}'; ` +
          `409 SCHEDULE_PAST '${MATCH_MSG.past}' (dated before today KST or beyond today+21, or the hour has started — issue #15); 409 SCHEDULE_FULL '${MATCH_MSG.full}'. Errors are JSON { message, code }.`,
        security: BEARER,
        body: MatchCreateBody,
        response: { 201: textResponse(MATCH_MSG.requested), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const outcome = await service.request(request.user!.id, request.body.scheduleId);
      await app.notifyAll(outcome.events);
      return sendText(reply, 201, outcome.text);
    },
  );

  app.get(
    '/api/matches',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '받은 매칭 요청',
        description:
          'Requests on the caller\'s schedules (the caller is the host), newest first, with the schedule\'s date (KST), time (0–23) and text. ' +
          'REJECTED ones are included; the client hides them (SPEC §4). ' +
          PAGING + ' 401 anonymous.',
        security: BEARER,
        querystring: MatchListQuery,
        response: { 200: MatchRequestList, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const limit = pageLimit(request.query.limit);
      const rows = await service.received(request.user!.id, { limit: limit + 1, after: decodeCursor(request.query.cursor, MatchCursor), when: request.query.when });
      return sendPage(request, reply, rows, limit, (r) => r.key).map((r) => r.item);
    },
  );

  app.get(
    '/api/matches/sent',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '보낸 매칭 요청',
        description: 'The caller\'s requests, newest first, same shape as GET /api/matches; REJECTED included (the client hides them). ' + PAGING + ' 401 anonymous.',
        security: BEARER,
        querystring: MatchListQuery,
        response: { 200: MatchRequestList, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const limit = pageLimit(request.query.limit);
      const rows = await service.sent(request.user!.id, { limit: limit + 1, after: decodeCursor(request.query.cursor, MatchCursor), when: request.query.when });
      return sendPage(request, reply, rows, limit, (r) => r.key).map((r) => r.item);
    },
  );

  app.get(
    '/api/matches/absences',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '내 노쇼 기록',
        description:
          'Issue #28 item 1: every absence mark against the caller (a partner said they did not come), newest first (at most 100): the match, the meal (place, KST date, hour 0–23), who marked it, ' +
          'the mark (`markedAt`, `disputeUntil` = markedAt + 72 h, `disputedAt`, `disputeNote`, `decision`: null while undecided, "upheld", "removed") and whether it counts in `noShowCount`. 401 anonymous.',
        security: BEARER,
        response: { 200: MyAbsenceMarkList, ...errorResponses(401) },
      },
    },
    async (request) => service.absences(request.user!.id),
  );

  app.get(
    '/api/matches/:id',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '매칭 하나',
        description:
          'Issue #19 (the chat and write-review pages): the one match in exactly the shape of an item of GET /api/matches and GET /api/matches/sent, ' +
          'for its host or its requester, in any status (REJECTED and CANCELLED too). A match the caller hid (DELETE after the meal) is still answered, so its chat link keeps working. ' +
          `404 NOT_FOUND '${MATCH_MSG.matchNotFound}' for an unknown id and also for a member who is neither side (ids cannot be probed); 400 non-numeric id; 401 anonymous.`,
        security: BEARER,
        params: IdParams,
        response: { 200: MatchRequest, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.get(request.user!.id, request.params.id),
  );

  const actions: Array<{ action: HostAction; summary: string; rule: string; notification: string }> = [
    { action: 'accept', summary: '매칭 수락', rule: `PENDING → ACCEPTED and takes a seat (currentParticipants + 1) in the same transaction; 409 SCHEDULE_FULL '${MATCH_MSG.fullOnAccept}' when full; taking the last seat waitlists the other PENDING requests (\`waitlisted: true\`, \`schedule_full\` to each requester)`, notification: 'match_accepted' },
    { action: 'reject', summary: '매칭 거절', rule: 'PENDING → REJECTED', notification: 'match_rejected' },
    { action: 'confirm', summary: '매칭 확정', rule: 'ACCEPTED → CONFIRMED', notification: 'match_confirmed' },
  ];
  for (const { action, summary, rule, notification } of actions) {
    app.post(
      `/api/matches/:id/${action}`,
      {
        preHandler: [app.requireAuth],
        schema: {
          tags,
          summary,
          description:
            `Host only (SPEC §4, §6). ${rule}. Answers a Korean text and sends \`${notification}\` to the requester. ` +
            `403 NOT_HOST; 404 unknown; 409 ILLEGAL_TRANSITION from any other status; 409 MEAL_STARTED '${MATCH_MSG.started}' (accept/confirm once the meal has started); 400 non-numeric id. Empty body.`,
          security: BEARER,
          params: IdParams,
          response: { 200: textResponse('done'), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const outcome = await service.transition(request.user!.id, request.params.id, action);
        await app.notifyAll(outcome.events);
        // Issue #15: a meal confirmed inside the reminder lead time is reminded at once.
        if (action === 'confirm') await remindNow();
        return sendText(reply, 200, outcome.text);
      },
    );
  }

  app.delete(
    '/api/matches/:id',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '매칭 삭제 / 나가기',
        description:
          'Issue #15, never a silent delete. A PENDING request deleted by its requester is withdrawn (the request is gone; the host gets `match_withdrawn`; ' +
          `'${MATCH_MSG.withdrawn}'); by the host before the start it is rejected ('${MATCH_MSG.rejected}', \`match_rejected\`). ` +
          `An ACCEPTED or CONFIRMED match before the start is cancelled exactly like POST /api/matches/{id}/cancel ('${MATCH_MSG.cancelled}'). ` +
          `Otherwise (the meal has started, or REJECTED/CANCELLED) it is hidden from the caller's list only and the partner keeps it and its chat ('${MATCH_MSG.deleted}'; the app uses POST /api/matches/{id}/hide for that). ` +
          '200 text; 403 anyone else; 404 unknown; 400 non-numeric id.',
        security: BEARER,
        params: IdParams,
        response: { 200: textResponse('done'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const outcome = await service.remove(request.user!.id, request.params.id);
      await app.notifyAll(outcome.events);
      return sendText(reply, 200, outcome.text);
    },
  );

  app.post(
    '/api/matches/:id/hide',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '목록에서 삭제',
        description:
          `Issue #28 item 5: hides an ended request (REJECTED, CANCELLED, or its meal has started) from the caller's lists only; the partner keeps it and its chat, and GET /api/matches/{id} still answers it. 200 text '${MATCH_MSG.hidden}'. ` +
          `409 NOT_ENDED '${MATCH_MSG.notEnded}' on a request that has not ended (a PENDING request is rejected by the host or withdrawn by its requester instead); 403 not a participant; 404 unknown. Empty body.`,
        security: BEARER,
        params: IdParams,
        response: { 200: textResponse(MATCH_MSG.hidden), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => sendText(reply, 200, (await service.hide(request.user!.id, request.params.id)).text),
  );

  app.post(
    '/api/matches/:id/attendance/dispute',
    {
      preValidation: async (request) => {
        request.body ??= {};
      },
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '노쇼 기록에 이의 제기',
        description:
          'Issue #28 item 1. Body `{ note?: string (≤ 200 characters, trimmed) }`: the member the partner marked absent answers within 72 h of the mark. ' +
          'The dispute joins the admin report queue (GET /api/admin/reports, `targetType: "attendance"`, `targetId` = the match); until an admin decides, the mark is not counted in `noShowCount`; resolving with `hide` removes it, `dismiss` upholds it. ' +
          `200 text '${MATCH_MSG.disputed}'. 409 NO_MARK '${MATCH_MSG.noMark}'; 409 DISPUTE_WINDOW '${MATCH_MSG.disputeWindow}'; 409 ALREADY_DISPUTED '${MATCH_MSG.alreadyDisputed}'; 403 not a participant; 404 unknown.`,
        security: BEARER,
        params: IdParams,
        body: DisputeBody,
        response: { 200: textResponse(MATCH_MSG.disputed), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => sendText(reply, 200, (await service.dispute(request.user!.id, request.params.id, request.body?.note)).text),
  );

  app.post(
    '/api/matches/:id/cancel',
    {
      // The body is optional (no reason): a missing one is validated as `{}`.
      preValidation: async (request) => {
        request.body ??= {};
      },
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '약속 취소',
        description:
          'Issue #15. Body `{ reason?: string (≤ 200 characters, trimmed; blank = none) }`. The host or the requester of an ACCEPTED or CONFIRMED match, before the meal starts: ' +
          'the request becomes CANCELLED with `cancelledBy` ("host" | "requester"), `cancelReason`, `cancelledAt` and `lateCancel` (at or after the item\'s `lateCancelFrom` = the start − 24 h, and never once the meal moved after the request was accepted — issue #28 item 3; counted in `lateCancelCount` for 180 days); ' +
          `the seat is freed in the same transaction (a full schedule's waitlisted requesters and the host get \`seat_opened\`); the other side gets \`match_cancelled\` naming the place, date and hour. 200 text '${MATCH_MSG.cancelled}'. ` +
          `409 MEAL_STARTED '${MATCH_MSG.startedCancel}'; 409 ILLEGAL_TRANSITION from any other status; 403 not a participant; 404 unknown.`,
        security: BEARER,
        params: IdParams,
        body: MatchCancelBody,
        response: { 200: textResponse(MATCH_MSG.cancelled), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const outcome = await service.cancel(request.user!.id, request.params.id, request.body?.reason);
      await app.notifyAll(outcome.events);
      return sendText(reply, 200, outcome.text);
    },
  );

  app.post(
    '/api/matches/:id/arrived',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '도착 알리기',
        description:
          `Issue #15. Either side of a CONFIRMED match, from 60 minutes before to 60 minutes after the start (KST hour): the partner gets \`partner_arrived\` ("{name}님이 도착했어요.") the first time. 200 text '${MATCH_MSG.arrived}'. ` +
          `409 NOT_CONFIRMED; 409 ARRIVAL_WINDOW '${MATCH_MSG.arrivalWindow}'; 403 not a participant; 404 unknown. Empty body.`,
        security: BEARER,
        params: IdParams,
        response: { 200: textResponse(MATCH_MSG.arrived), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const outcome = await service.arrived(request.user!.id, request.params.id);
      await app.notifyAll(outcome.events);
      return sendText(reply, 200, outcome.text);
    },
  );

  app.post(
    '/api/matches/:id/attendance',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '참석 여부 남기기',
        description:
          'Issue #15. Body `{ partnerAttended: boolean }`: either side of a CONFIRMED match says whether the partner came, from the start to 7 days after (it may be changed in that time). ' +
          `Issue #28 item 1: "absent" only from the start + NO_SHOW_GRACE_MINUTES (default ${DEFAULT_MEAL_RULES.noShowGraceMinutes}; the item's \`absentReportFrom\`), else 409 TOO_EARLY naming the time ('${MATCH_MSG.tooEarly('오후 9:30')}'); never when the partner checked in with \`arrived\` (409 PARTNER_CHECKED_IN '${MATCH_MSG.partnerCheckedIn}'). ` +
          'A new absence mark tells the partner (`marked_absent`: live, push, inbox, naming the meal), who may dispute it within 72 h (POST /api/matches/{id}/attendance/dispute). ' +
          `Counts toward the partner's \`mealCount\` (present) or \`noShowCount\` (absent, distinct reporters, 180 days, not while disputed). 200 text '${MATCH_MSG.attendanceSaved}'. ` +
          `409 NOT_CONFIRMED; 409 ATTENDANCE_WINDOW '${MATCH_MSG.attendanceWindow}'; 403 not a participant; 404 unknown.`,
        security: BEARER,
        params: IdParams,
        body: AttendanceBody,
        response: { 200: textResponse(MATCH_MSG.attendanceSaved), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const outcome = await service.attendance(request.user!.id, request.params.id, request.body.partnerAttended);
      await app.notifyAll(outcome.events);
      return sendText(reply, 200, outcome.text);
    },
  );
};
