import { Type, type Static } from 'typebox';
import { CANCEL_REASON_MAX, CANCELLED_BY, DISPUTE_NOTE_MAX, MATCH_STATUSES } from '../domain/match-status.ts';
import { literalUnion } from './literals.ts';
import { defineOperation, type ContentResponse } from './operation.ts';
import { PageParams } from './paging.ts';
import { IdParams } from './schedules.ts';
import { MEMBER_STATS_PROPERTIES } from './users.ts';

const Instant = Type.String({ format: 'date-time', description: 'ISO 8601 instant' });
const NullableInstant = Type.Union([Instant, Type.Null()]);

/** A member as shown to another on a match (issue #15: with their reliability figures). */
const MemberRef = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  profileImage: Type.Union([Type.String(), Type.Null()]),
  ...MEMBER_STATS_PROPERTIES,
});

/** Issue #28 item 1: an absence mark against one side of a match, and its dispute. */
export const AbsenceMark = Type.Object({
  markedAt: Instant,
  disputeUntil: Instant,
  disputedAt: NullableInstant,
  disputeNote: Type.Union([Type.String(), Type.Null()]),
  decision: Type.Union([Type.Literal('upheld'), Type.Literal('removed'), Type.Null()]),
});
export type AbsenceMark = Static<typeof AbsenceMark>;

/**
 * A match request (SPEC §3) as the received (`GET /api/matches`) and sent
 * (`GET /api/matches/sent`) lists answer it, with the schedule's date (KST), hour and text.
 * Issue #15 adds the lifecycle: `CANCELLED` with `cancelledBy`/`cancelReason`/`cancelledAt` and
 * `lateCancel` (within 24 h of the start); `waitlisted` (PENDING on a full schedule, shown "자리 대기");
 * the schedule's seats, `isFull`, `startsAt` and `cancelled` (its host deleted it); each side's
 * arrival and each side's report on whether the partner came (`attendance.byHost` is the host's
 * report on the requester).
 */
export const MatchRequest = Type.Object({
  id: Type.Integer(),
  status: literalUnion(MATCH_STATUSES),
  requester: MemberRef,
  schedule: Type.Object({
    id: Type.Integer(),
    member: MemberRef,
    placeName: Type.String(),
    date: Type.String({ description: 'KST calendar date YYYY-MM-DD' }),
    time: Type.Integer({ description: 'hour of day in KST, 0–23' }),
    text: Type.String(),
    participants: Type.Integer(),
    currentParticipants: Type.Integer(),
    isFull: Type.Boolean(),
    startsAt: Instant,
    cancelled: Type.Boolean({ description: 'the host deleted the schedule' }),
  }),
  hostReviewed: Type.Boolean(),
  requesterReviewed: Type.Boolean(),
  cancelledBy: Type.Union([literalUnion(CANCELLED_BY), Type.Null()]),
  cancelReason: Type.Union([Type.String(), Type.Null()]),
  cancelledAt: NullableInstant,
  lateCancel: Type.Boolean(),
  waitlisted: Type.Boolean(),
  arrivedAt: Type.Object({ host: NullableInstant, requester: NullableInstant }),
  attendance: Type.Object({ byHost: Type.Union([Type.Boolean(), Type.Null()]), byRequester: Type.Union([Type.Boolean(), Type.Null()]) }),
  createdAt: Instant,
  /**
   * Issue #28 item 3: from this instant a cancellation of this match counts as late (the start − 24 h);
   * null when no cancellation of it can be late (its meal's time or place changed after it was accepted).
   */
  lateCancelFrom: NullableInstant,
  /** Issue #28 item 1: from this instant a side may say the partner did not come (the start + NO_SHOW_GRACE_MINUTES). */
  absentReportFrom: Instant,
  /** Issue #28 item 6: reviews open at the meal's end (the start + MEAL_MINUTES). */
  reviewOpensAt: Instant,
  /**
   * Issue #28 item 1: the absence mark against each side (`host`: the requester said the host did not
   * come): when it was recorded, until when it may be disputed, and the dispute (`disputedAt`, its
   * `decision`: null while the admin has not decided, "upheld" the mark counts, "removed" it does not).
   * null when there is no mark against that side.
   */
  absence: Type.Object({ host: Type.Union([AbsenceMark, Type.Null()]), requester: Type.Union([AbsenceMark, Type.Null()]) }),
  /** Issue #28 item 4: when the meal's time or place last changed after this request was accepted (null: never). */
  scheduleChangedAt: NullableInstant,
});
export type MatchRequest = Static<typeof MatchRequest>;

/** `POST /api/matches`: ask to join a schedule. Answers a Korean text (UI-TEXT.md). */
export const MatchCreateBody = Type.Object({ scheduleId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }, { additionalProperties: false });
export type MatchCreateBody = Static<typeof MatchCreateBody>;

/**
 * `GET /api/matches` / `GET /api/matches/sent`: newest first. REJECTED requests are included; the
 * client hides them (SPEC §4, `isVisibleInList` in common/domain/match-status.ts).
 */
export const MatchRequestList = Type.Array(MatchRequest);

/** Issue #28 item 7: which meals a list holds: those not started, those whose start has passed, or both (absent). */
export const MATCH_LIST_WHEN = ['upcoming', 'past'] as const;
export type MatchListWhen = (typeof MATCH_LIST_WHEN)[number];

/**
 * `GET /api/matches` / `GET /api/matches/sent` query: `limit` and `cursor` (issue #19 item 1), and
 * `when` (issue #28 item 7): `upcoming` (start not passed), `past` (start passed), absent = both.
 */
export const MatchListQuery = Type.Object({ ...PageParams, when: Type.Optional(literalUnion(MATCH_LIST_WHEN)) }, { additionalProperties: false });
export type MatchListQuery = Static<typeof MatchListQuery>;
export type MatchRequestList = Static<typeof MatchRequestList>;

/** `POST /api/matches/{id}/cancel` (issue #15): an optional reason, at most 200 characters. */
export const MatchCancelBody = Type.Object(
  { reason: Type.Optional(Type.String({ maxLength: CANCEL_REASON_MAX })) },
  { additionalProperties: false },
);
export type MatchCancelBody = Static<typeof MatchCancelBody>;

/** `POST /api/matches/{id}/attendance` (issue #15): whether the partner came. */
export const AttendanceBody = Type.Object({ partnerAttended: Type.Boolean() }, { additionalProperties: false });
export type AttendanceBody = Static<typeof AttendanceBody>;

/** `POST /api/matches/{id}/attendance/dispute` (issue #28 item 1): the accused's answer, an optional note (≤ 200 characters). */
export const DisputeBody = Type.Object({ note: Type.Optional(Type.String({ maxLength: DISPUTE_NOTE_MAX })) }, { additionalProperties: false });
export type DisputeBody = Static<typeof DisputeBody>;

/**
 * `GET /api/matches/absences` (issue #28 item 1: the member's own profile shows their marks): every
 * absence mark against the caller, newest first — the match, the meal, who marked it, and its dispute.
 */
export const MyAbsenceMark = Type.Object({
  matchId: Type.Integer(),
  meal: Type.Object({ placeName: Type.String(), date: Type.String({ description: 'KST date YYYY-MM-DD' }), time: Type.Integer({ description: 'KST hour 0–23' }) }),
  markedBy: Type.Object({ id: Type.Integer(), name: Type.String() }),
  mark: AbsenceMark,
  counted: Type.Boolean({ description: 'whether it counts in noShowCount (not while disputed, nor once removed)' }),
});
export type MyAbsenceMark = Static<typeof MyAbsenceMark>;
export const MyAbsenceMarkList = Type.Array(MyAbsenceMark);

/** A Korean `text/plain; charset=utf-8` answer (the match actions answer a sentence to show). */
const textAnswer = (description: string): ContentResponse => ({
  description,
  content: { 'text/plain': { schema: Type.String({ description: 'Korean text message' }) } },
});

const tags = ['matches'] as const;

/** Asks to join a schedule. */
export const requestMatch = defineOperation({
  method: 'POST',
  path: '/api/matches',
  auth: 'member',
  summary: '매칭 신청',
  description:
    "Asks to join schedule `scheduleId` and tells its host with `new_match_request`; after the caller's own withdrawal or cancellation a new request may be made a limited number of times.",
  tags,
  body: MatchCreateBody,
  responses: { 201: textAnswer('the request was made') },
  errors: ['SCHEDULE_NOT_FOUND', 'OWN_SCHEDULE', 'BLOCKED', 'ALREADY_REQUESTED', 'NOT_INVITED_AGAIN', 'REQUEST_LIMIT', 'SCHEDULE_PAST', 'SCHEDULE_FULL'],
});

/** The requests on the caller's schedules, newest first (paged). */
export const listReceivedMatches = defineOperation({
  method: 'GET',
  path: '/api/matches',
  auth: 'member',
  summary: '받은 매칭 요청',
  description:
    "Lists the requests on the caller's schedules newest first (rejected ones included, the client hides them), filtered by `when` (upcoming or past meals), paged by `limit` and `cursor`.",
  tags,
  querystring: MatchListQuery,
  responses: { 200: MatchRequestList },
  errors: [],
  paged: true,
});

/** The caller's own requests, newest first (paged). */
export const listSentMatches = defineOperation({
  method: 'GET',
  path: '/api/matches/sent',
  auth: 'member',
  summary: '보낸 매칭 요청',
  description: "Lists the caller's requests newest first in the shape of the received list, filtered by `when`, paged by `limit` and `cursor`.",
  tags,
  querystring: MatchListQuery,
  responses: { 200: MatchRequestList },
  errors: [],
  paged: true,
});

/** The absence marks against the caller. */
export const listMyAbsences = defineOperation({
  method: 'GET',
  path: '/api/matches/absences',
  auth: 'member',
  summary: '내 노쇼 기록',
  description: 'Lists at most 100 absence marks against the caller newest first with the meal, who marked it, its dispute and whether it counts in `noShowCount`.',
  tags,
  responses: { 200: MyAbsenceMarkList },
  errors: [],
});

/** One match in the list shape, for its host or requester. */
export const getMatch = defineOperation({
  method: 'GET',
  path: '/api/matches/{id}',
  auth: 'member',
  summary: '매칭 하나',
  description: "Answers one match in any status in the shape of a list item for its host or requester (also when the caller hid it); to anyone else it is not found.",
  tags,
  params: IdParams,
  responses: { 200: MatchRequest },
  errors: ['MATCH_NOT_FOUND'],
});

/** Accepts a waiting request, taking a seat (the host only). */
export const acceptMatch = defineOperation({
  method: 'POST',
  path: '/api/matches/{id}/accept',
  auth: 'member',
  summary: '매칭 수락',
  description:
    'Accepts a pending request on the caller\'s schedule before the meal starts, taking a seat in the same transaction (the last seat waitlists the other pending requests) and telling the requester with `match_accepted`.',
  tags,
  params: IdParams,
  responses: { 200: textAnswer('accepted') },
  errors: ['MATCH_NOT_FOUND', 'NOT_HOST', 'MEAL_STARTED', 'ILLEGAL_TRANSITION', 'SCHEDULE_FULL'],
});

/** Rejects a waiting request (the host only). */
export const rejectMatch = defineOperation({
  method: 'POST',
  path: '/api/matches/{id}/reject',
  auth: 'member',
  summary: '매칭 거절',
  description: "Rejects a pending request on the caller's schedule and tells the requester with `match_rejected`.",
  tags,
  params: IdParams,
  responses: { 200: textAnswer('rejected') },
  errors: ['MATCH_NOT_FOUND', 'NOT_HOST', 'ILLEGAL_TRANSITION'],
});

/** Confirms an accepted match (the host only). */
export const confirmMatch = defineOperation({
  method: 'POST',
  path: '/api/matches/{id}/confirm',
  auth: 'member',
  summary: '매칭 확정',
  description: "Confirms an accepted request on the caller's schedule before the meal starts, tells the requester with `match_confirmed` and sends the reminders now due.",
  tags,
  params: IdParams,
  responses: { 200: textAnswer('confirmed') },
  errors: ['MATCH_NOT_FOUND', 'NOT_HOST', 'MEAL_STARTED', 'ILLEGAL_TRANSITION'],
});

/** Withdraws, rejects, cancels or hides a match, whichever fits its state. */
export const deleteMatch = defineOperation({
  method: 'DELETE',
  path: '/api/matches/{id}',
  auth: 'member',
  summary: '매칭 삭제 / 나가기',
  description:
    "Withdraws the caller's pending request, rejects a pending request as its host, cancels an agreed match before the meal, or otherwise hides the match from the caller's lists only, answering which it did.",
  tags,
  params: IdParams,
  responses: { 200: textAnswer('withdrawn, rejected, cancelled or hidden') },
  errors: ['MATCH_NOT_FOUND', 'NOT_MATCH_PARTICIPANT', 'NOT_HOST', 'MEAL_STARTED', 'ILLEGAL_TRANSITION'],
});

/** Hides an ended request from the caller's lists. */
export const hideMatch = defineOperation({
  method: 'POST',
  path: '/api/matches/{id}/hide',
  auth: 'member',
  summary: '목록에서 삭제',
  description: "Hides a rejected, cancelled or started match from the caller's lists only; the partner keeps it and its chat.",
  tags,
  params: IdParams,
  responses: { 200: textAnswer('hidden') },
  errors: ['MATCH_NOT_FOUND', 'NOT_MATCH_PARTICIPANT', 'NOT_ENDED'],
});

/** Disputes an absence mark against the caller. */
export const disputeAbsence = defineOperation({
  method: 'POST',
  path: '/api/matches/{id}/attendance/dispute',
  auth: 'member',
  summary: '노쇼 기록에 이의 제기',
  description:
    "Disputes the partner's absence mark against the caller within its dispute window with an optional `note`, sending it to the admin report queue; the mark does not count until an admin decides.",
  tags,
  params: IdParams,
  body: DisputeBody,
  responses: { 200: textAnswer('disputed') },
  errors: ['MATCH_NOT_FOUND', 'NOT_MATCH_PARTICIPANT', 'NO_MARK', 'DISPUTE_WINDOW', 'ALREADY_DISPUTED'],
});

/** Cancels an agreed match before the meal. */
export const cancelMatch = defineOperation({
  method: 'POST',
  path: '/api/matches/{id}/cancel',
  auth: 'member',
  summary: '약속 취소',
  description:
    'Cancels an accepted or confirmed match before the meal starts with an optional `reason`, freeing the seat and telling the partner with `match_cancelled`; within 24 hours of an unmoved meal it counts as late.',
  tags,
  params: IdParams,
  body: MatchCancelBody,
  responses: { 200: textAnswer('cancelled') },
  errors: ['MATCH_NOT_FOUND', 'NOT_MATCH_PARTICIPANT', 'MEAL_STARTED', 'ILLEGAL_TRANSITION'],
});

/** Tells the partner the caller has arrived. */
export const reportArrival = defineOperation({
  method: 'POST',
  path: '/api/matches/{id}/arrived',
  auth: 'member',
  summary: '도착 알리기',
  description: 'Records that the caller arrived at a confirmed meal around its start and tells the partner with `partner_arrived` the first time.',
  tags,
  params: IdParams,
  responses: { 200: textAnswer('arrival sent') },
  errors: ['MATCH_NOT_FOUND', 'NOT_MATCH_PARTICIPANT', 'NOT_CONFIRMED', 'ARRIVAL_WINDOW'],
});

/** Says whether the partner came to a confirmed meal. */
export const reportAttendance = defineOperation({
  method: 'POST',
  path: '/api/matches/{id}/attendance',
  auth: 'member',
  summary: '참석 여부 남기기',
  description:
    "Records whether the partner came to a confirmed meal, from its start (an absence only after the grace time and never once the partner checked in) until the attendance window closes, telling the partner of a new absence mark with `marked_absent`.",
  tags,
  params: IdParams,
  body: AttendanceBody,
  responses: { 200: textAnswer('saved') },
  errors: ['MATCH_NOT_FOUND', 'NOT_MATCH_PARTICIPANT', 'NOT_CONFIRMED', 'ATTENDANCE_WINDOW', 'TOO_EARLY', 'PARTNER_CHECKED_IN'],
});

/** The meal of an agreed match as an iCalendar file. */
export const matchCalendar = defineOperation({
  method: 'GET',
  path: '/api/matches/{id}/calendar.ics',
  auth: 'member',
  summary: '약속을 캘린더에 추가 (iCalendar)',
  description:
    'Answers the meal of an accepted or confirmed match as an iCalendar file with one event at its KST hour in Asia/Seoul and a stable UID, for its two participants only.',
  tags,
  params: IdParams,
  responses: {
    200: { description: 'iCalendar file (one VEVENT)', content: { 'text/calendar': { schema: Type.String({ description: 'RFC 5545 text, CRLF line ends' }) } } },
  },
  errors: ['MATCH_NOT_FOUND', 'NOT_MATCH_PARTICIPANT', 'NOT_AGREED'],
});
