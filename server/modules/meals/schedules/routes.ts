/**
 * `/api/schedules*` (SPEC §7; issue #3): members only. Dates are KST `YYYY-MM-DD`, `time` the hour
 * 0–23 (KST), `participants` the capacity 2–8. Errors are JSON `{ message, code }` in Korean.
 */
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  IdParams,
  MyScheduleQuery,
  Schedule,
  ScheduleCalendar,
  ScheduleCalendarQuery,
  ScheduleCreateBody,
  ScheduleList,
  ScheduleListQuery,
  SchedulePreviewList,
  SchedulePreviewQuery,
  ScheduleUpdateBody,
} from '../../../../common/api/schedules.ts';
import { maskName } from '../../../../common/domain/mask-name.ts';
import { decodeCursor, pageLimit, sendPage } from '../../../lib/paging.ts';
import { assertAppropriate } from '../../../lib/content-filter.ts';
import { errorResponses, sendInTransaction } from '../../../lib/http.ts';
import { CANCEL_REASON_MAX } from '../../../../common/domain/match-status.ts';
import type { Database } from '../../../db/database.ts';
import { BEARER } from '../../../plugins/docs.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { MatchEvent } from '../../../plugins/notifier.ts';
import { createSchedulesService, type RandomSource, type ScheduleKey } from './service.ts';

const tags = ['schedules'];

/** The keyset cursor of the schedule lists: the last row's `[date, hour, id]` (order date, hour, id). */
const ScheduleCursor = Type.Tuple([
  Type.String({ format: 'date', maxLength: 10 }),
  Type.Integer({ minimum: 0, maximum: 23 }),
  Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
]);
const keyOf = (s: Schedule): ScheduleKey => [s.date, s.time, s.id];

/** The paging paragraph every schedule list's description ends with. */
const PAGING_DOC =
  ' Paged (issue #19): `?limit=` items per page (default 20; above 100 → 100; 0 → 400), `?cursor=` the opaque position from the previous answer ' +
  "(a cursor the server did not issue → 400 INVALID_CURSOR '목록 위치 정보가 올바르지 않아요. 처음부터 다시 불러와주세요.'); the answer stays a JSON array and, " +
  'when more rows follow, carries `Link: </same/path?…&cursor=…&limit=…>; rel="next"` (absent on the last page). Keyset on (date, hour, id): rows inserted ' +
  'between requests never shift a page (no overlap, no gap).';

/** Registers the schedule routes. `random` drives the random match's pick among the best three. */
export const schedulesRoutes: FastifyPluginAsyncTypebox<{ now: Clock; random: RandomSource }> = async (app, opts) => {
  const stage = (tx: Parameters<typeof app.stageNotices>[0], events: MatchEvent[]) => app.stageNotices(tx, events);
  const service = createSchedulesService({ db: app.db, now: opts.now, random: opts.random, stage });
  /** The same service on a transaction (writes answered by `sendInTransaction`). */
  const inTx = (tx: Database) => createSchedulesService({ db: tx, now: opts.now, random: opts.random, stage });

  app.post(
    '/api/schedules',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '일정 만들기',
        description:
          'SPEC §7 / §5 / §9. Body `{ date (KST, today … today+21), time (0–23), text (1–200 characters after trimming), placeName, ' +
          'placeCategory (한식 중식 일식 양식 분식 카페 기타), participants (2–8), venueId?, latitude?, longitude? }` (both coordinates or neither). ' +
          'The author is the first participant: 201 Schedule with currentParticipants 1. A venueId with coordinates adds the venue to the catalogue. ' +
          "400 VALIDATION / DATE_OUT_OF_WINDOW ('일정은 오늘부터 21일 후까지의 날짜로만 만들 수 있습니다.'); " +
          "400 INAPPROPRIATE_TEXT '부적절한 표현이 포함되어 있어요.' when text or placeName holds a refused word (issue #17 item 7, server/lib/content-filter.ts; nothing is saved). 401 anonymous.",
        security: BEARER,
        body: ScheduleCreateBody,
        response: { 201: Schedule, ...errorResponses(400, 401) },
      },
    },
    // issue #13: stored and answered in one transaction (an answer that cannot be serialised stores nothing).
    async (request, reply) => {
      assertAppropriate({ text: request.body.text, placeName: request.body.placeName });
      return sendInTransaction(app.db, reply, 201, (tx) => inTx(tx).create(request.user!.id, request.body));
    },
  );

  app.get(
    '/api/schedules/my',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '내 일정',
        description: 'The caller\'s schedules dated today (KST) or later, ordered by date, hour then id (SPEC §5, §7). 401 anonymous.' + PAGING_DOC,
        security: BEARER,
        querystring: MyScheduleQuery,
        response: { 200: ScheduleList, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const limit = pageLimit(request.query.limit);
      const after = decodeCursor(request.query.cursor, ScheduleCursor);
      const rows = await service.mine(request.user!.id, { limit: limit + 1, after });
      return sendPage(request, reply, rows, limit, keyOf);
    },
  );

  app.get(
    '/api/schedules/calendar',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '일정 달력',
        description:
          'The matching calendar\'s dots (issue #19 item 3): `?from=&to=` KST dates `YYYY-MM-DD`, both inside today … today+21, from ≤ to, at most 42 days apart → ' +
          '`[{ date, count, categories }]` ordered by date, one entry per day that holds schedules (days without any are left out): `count` is how many schedules ' +
          '`GET /api/schedules?date=` would list for that day with the same filters and visibility (not started, not deleted, not hidden, no blocked member either way; ' +
          'full ones and the caller\'s own included), `categories` their distinct food categories, sorted. Filters as the list: `?category=한식,중식`, ' +
          '`?lat=&lng=&radius=` (metres, default 5000; schedules without coordinates counted). Not paged (at most 22 entries). ' +
          "400 DATE_OUT_OF_WINDOW '달력은 오늘부터 21일 후까지, 시작일이 종료일보다 늦지 않게 42일 이내로 볼 수 있어요.'; 400 VALIDATION for a bad date, unknown category or lat without lng; 401 anonymous.",
        security: BEARER,
        querystring: ScheduleCalendarQuery,
        response: { 200: ScheduleCalendar, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.calendar(request.user!.id, request.query),
  );

  app.get(
    '/api/schedules',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '모든 일정',
        description:
          'Every member\'s schedules dated today … today+21 (KST; SPEC §5 matching page), ordered by date, hour then id, each with `user` ' +
          '{ id, name, profileImage, preferences, reviewCount, averageRating, mealCount, noShowCount, lateCancelCount } and `currentParticipants`. Full ones and the caller\'s own are included; ' +
          'issue #15: meals whose hour has started (KST) and deleted schedules are not, and each carries `startsAt`, `isFull` and the caller\'s `myRequestStatus` (null when none). ' +
          'Issue #19 item 3 — what the screen shows: `?date=YYYY-MM-DD` one KST day of the window (outside → 400 DATE_OUT_OF_WINDOW \'오늘부터 21일 후까지의 날짜만 볼 수 있어요.\'); ' +
          '`?category=한식,중식` only those food categories (unknown → 400); `?lat=&lng=&radius=` only schedules within `radius` metres (default 5000, at most 20000; ' +
          'haversine on 6 371 008.8 m, computed in SQL) of the point, plus those without coordinates (distance unknown); lat without lng or radius without a position → 400. ' +
          'Blocked members\' and hidden schedules are never listed (issue #17). 401 anonymous.' +
          PAGING_DOC,
        security: BEARER,
        querystring: ScheduleListQuery,
        response: { 200: ScheduleList, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { limit: rawLimit, cursor, ...filter } = request.query;
      const limit = pageLimit(rawLimit);
      const after = decodeCursor(cursor, ScheduleCursor);
      const rows = await service.inWindow(request.user!.id, { ...filter, limit: limit + 1, after });
      return sendPage(request, reply, rows, limit, keyOf);
    },
  );

  app.get(
    '/api/schedules/preview',
    {
      schema: {
        tags,
        security: [],
        summary: '다가오는 약속 미리보기',
        description:
          'Public (no token; issue #31 item 2: visitors look before signing up). The soonest `?limit=` (1–12, default 6) meals of the window today … today+21 (KST) ' +
          'as the member list would show them to nobody in particular (not started, not deleted, not hidden; full ones included), soonest first: ' +
          '`[{ id, date, time, placeName, placeCategory, participants, currentParticipants, isFull, host: { name, profileImage } }]` with the host\'s name masked ' +
          '(박*연, common/domain/mask-name.ts); no text, coordinates or member ids. Not paged. 400 VALIDATION for a bad limit.',
        querystring: SchedulePreviewQuery,
        response: { 200: SchedulePreviewList, ...errorResponses(400) },
      },
    },
    async (request) => {
      const rows = await service.inWindow(0, { limit: request.query.limit ?? 6 });
      return rows.map((s) => ({
        id: s.id,
        date: s.date,
        time: s.time,
        placeName: s.placeName,
        placeCategory: s.placeCategory,
        participants: s.participants,
        currentParticipants: s.currentParticipants,
        isFull: s.isFull,
        host: { name: maskName(s.user.name), profileImage: s.user.profileImage },
      }));
    },
  );

  app.get(
    '/api/schedules/random',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '랜덤 매칭',
        description:
          'One schedule that is not the caller\'s, dated in the window, not started (issue #15), not full and not requested by the caller before (any status); ' +
          'ranked by shared `true` preferences with its author, then the soonest (date, hour); one of the best three at random. ' +
          "404 NO_MATCH_AVAILABLE '현재 매칭 가능한 상대가 없습니다.' (SPEC §8) when there is none; 401 anonymous.",
        security: BEARER,
        response: { 200: Schedule, ...errorResponses(401, 404) },
      },
    },
    async (request) => service.random(request.user!.id),
  );

  app.put(
    '/api/schedules/:id',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '일정 수정',
        description:
          'Saves `{ text (1–200 after trimming), participants (2–8) }` (DESIGN.md: persisted) and, to move the meal (issue #28 item 4), optionally `date` (KST) and/or `time` (0–23) — same rules as create: in the window (400 DATE_OUT_OF_WINDOW), not a started hour (400 PAST_HOUR) — ' +
          'and/or a new place: `placeName` (1–100, with `placeCategory`, `venueId`, `latitude` + `longitude` replacing the old ones together). When the time or place changes each accepted or confirmed guest (and each waiting requester) gets `schedule_changed` naming the old and the new meal, ' +
          "and a seated guest's cancellation is never late afterwards (the item's `lateCancelFrom` becomes null). 200 Schedule. 400 invalid (also a non-numeric id); " +
          "403 '본인이 만든 일정만 수정할 수 있습니다.'; 404 unknown; 400 PAST_HOUR '지난 시간에는 약속을 만들 수 없어요.' once the meal has started (issue #15); " +
          "400 INAPPROPRIATE_TEXT '부적절한 표현이 포함되어 있어요.' when text holds a refused word (issue #17 item 7, server/lib/content-filter.ts; nothing is saved). " +
          '409 CAPACITY_BELOW_PARTICIPANTS when participants < currentParticipants (SPEC §4). A capacity that fills the meal waitlists its PENDING requests (`schedule_full`); one that frees a seat releases them (`seat_opened`).',
        security: BEARER,
        params: IdParams,
        body: ScheduleUpdateBody,
        response: { 200: Schedule, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      assertAppropriate({ text: request.body.text });
      let events: MatchEvent[] = [];
      return sendInTransaction(
        app.db,
        reply,
        200,
        async (tx) => {
          const out = await inTx(tx).update(request.user!.id, request.params.id, request.body);
          events = out.events;
          return out.schedule;
        },
        () => app.notifyAll(events),
      );
    },
  );

  app.delete(
    '/api/schedules/:id',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '일정 삭제',
        description:
          "Deletes the caller's schedule (issue #15: it leaves every list, and each PENDING, ACCEPTED or CONFIRMED request on it becomes CANCELLED with `cancelledBy: \"host\"` and " +
          "`cancelReason` = the optional `?reason=` (≤ 200 characters; none when absent); accepted ones within 24 h of the start count as late). One transaction; 204. " +
          "Each of those requesters gets `schedule_cancelled` (live and push, naming the place, date and hour) and the match's chat ends (its history stays readable). " +
          "403 '일정 삭제에 실패했습니다. 본인이 만든 일정만 삭제할 수 있습니다.' (SPEC §6, §8); 404 unknown or already deleted; 409 MEAL_STARTED '이미 시작된 약속은 삭제할 수 없어요.'; 400 non-numeric id.",
        security: BEARER,
        params: IdParams,
        querystring: Type.Object({ reason: Type.Optional(Type.String({ maxLength: CANCEL_REASON_MAX })) }, { additionalProperties: false }),
        response: { 204: Type.Null({ description: 'deleted' }), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const events = await service.remove(request.user!.id, request.params.id, request.query.reason);
      await app.notifyAll(events);
      return reply.code(204).send(null);
    },
  );
};
