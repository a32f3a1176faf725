/**
 * 안전 공유: a participant of an accepted or confirmed meal gives a trusted person
 * without an account a read-only link to the place, date, hour and the partner's nickname.
 * `POST /api/matches/{id}/share` → `{url, expiresAt}`; `DELETE /api/matches/{id}/share` → 204;
 * `GET /api/share/{token}` (no login) → `SharedMeal`, 404 once revoked or expired.
 */
import { Type, type Static } from 'typebox';
import { SHARE_VALID_AFTER_START_HOURS } from '../domain/match-status.ts';
import { defineOperation } from './operation.ts';
import { IdParams } from './schedules.ts';

export { SHARE_VALID_AFTER_START_HOURS };

/** `POST /api/matches/{id}/share`. */
export const ShareLink = Type.Object({
  url: Type.String({ description: 'absolute URL of the read-only page /s/{token}' }),
  expiresAt: Type.String({ format: 'date-time', description: `${SHARE_VALID_AFTER_START_HOURS} h after the meal's start` }),
});
export type ShareLink = Static<typeof ShareLink>;

/** `/api/share/{token}` path: the token of the link (43 base64url characters). */
export const ShareTokenParams = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' }) });

/** `GET /api/share/{token}`: what the trusted person sees. */
export const SharedMeal = Type.Object({
  placeName: Type.String(),
  date: Type.String({ description: 'YYYY-MM-DD (KST)' }),
  time: Type.Integer({ minimum: 0, maximum: 23, description: 'hour 0–23 (KST)' }),
  latitude: Type.Union([Type.Number(), Type.Null()], { description: 'WGS84 decimal degrees of the place, when known' }),
  longitude: Type.Union([Type.Number(), Type.Null()]),
  sharedBy: Type.String({ description: "the sharing member's name, masked for the public" }),
  partnerName: Type.String({ description: "the partner's name, masked for the public" }),
  cancelled: Type.Boolean({ description: 'the meal was cancelled after the link was made' }),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type SharedMeal = Static<typeof SharedMeal>;

const tags = ['share'] as const;

/** A participant's read-only link to an accepted or confirmed meal (201). */
export const createShareLink = defineOperation({
  method: 'POST',
  path: '/api/matches/{id}/share',
  auth: 'member',
  summary: 'Create a share link',
  description:
    "Gives a participant of an accepted or confirmed match `{url, expiresAt}` of a read-only page with the place, date, hour and the partner's nickname, valid until 6 h after the start and replacing the caller's older links for the match.",
  tags,
  params: IdParams,
  responses: { 201: ShareLink },
  errors: ['MATCH_NOT_FOUND', 'SHARE_NOT_PARTICIPANT', 'NOT_SHAREABLE', 'MEAL_OVER'],
});

/** Ends the caller's links for a match at once (204). */
export const revokeShareLinks = defineOperation({
  method: 'DELETE',
  path: '/api/matches/{id}/share',
  auth: 'member',
  summary: 'Revoke share links',
  description: "Stops the caller's share links for this match at once, so reading them answers 404 LINK_GONE.",
  tags,
  params: IdParams,
  responses: { 204: Type.Null({ description: 'revoked' }) },
  errors: ['MATCH_NOT_FOUND', 'SHARE_NOT_PARTICIPANT'],
});

/** The meal behind a working share link (no login; limited per address). */
export const readSharedMeal = defineOperation({
  method: 'GET',
  path: '/api/share/{token}',
  auth: 'public',
  summary: 'Read a shared meal',
  description:
    "Answers the meal behind a working share link without login: place, KST date and hour, coordinates when known, both nicknames and whether it was cancelled since.",
  tags,
  params: ShareTokenParams,
  responses: { 200: SharedMeal },
  errors: ['LINK_GONE'],
  rateLimited: true,
});
