import { Type, type Static } from 'typebox';
import { CANCEL_REASON_MAX, CANCELLED_BY, MATCH_STATUSES } from '../domain/match-status.ts';
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

/** `GET /api/matches` / `GET /api/matches/sent` query: `limit` and `cursor` (issue #19 item 1). */
export const MatchListQuery = Type.Object({ ...PageParams }, { additionalProperties: false });
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
