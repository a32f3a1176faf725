import { Type, type Static } from 'typebox';
import { MATCH_STATUSES } from '../domain/match-status.ts';
import { literalUnion } from './literals.ts';

const MemberRef = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  profileImage: Type.Union([Type.String(), Type.Null()]),
});

/**
 * A match request (SPEC §3) as the received (`GET /api/matches`) and sent
 * (`GET /api/matches/sent`) lists answer it, with the schedule's date (KST), hour and text.
 */
export const MatchRequest = Type.Object({
  id: Type.Integer(),
  status: literalUnion(MATCH_STATUSES),
  requester: MemberRef,
  schedule: Type.Object({
    id: Type.Integer(),
    member: MemberRef,
    placeName: Type.String(),
    date: Type.String(),
    time: Type.Integer(),
    text: Type.String(),
  }),
  hostReviewed: Type.Boolean(),
  requesterReviewed: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
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
export type MatchRequestList = Static<typeof MatchRequestList>;
