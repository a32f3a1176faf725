import { Type, type Static } from 'typebox';
import { MATCH_STATUSES } from '../domain/match-status.ts';

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
  status: Type.Union(MATCH_STATUSES.map((s) => Type.Literal(s))),
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
export const MatchCreateBody = Type.Object({ scheduleId: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export type MatchCreateBody = Static<typeof MatchCreateBody>;
