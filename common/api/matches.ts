import { Type, type Static } from 'typebox';
import { CANCEL_REASON_MAX, CANCELLED_BY, DISPUTE_NOTE_MAX, MATCH_STATUSES } from '../domain/match-status.ts';
import { literalUnion } from './literals.ts';
import { PageParams } from './paging.ts';
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
 * `lateCancel` (within 24 h of the start); `waitlisted` (PENDING on a full schedule, shown "대기 중");
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
