/**
 * 안전 공유 (issue #17 item 9): a participant of an accepted or confirmed meal gives a trusted person
 * without an account a read-only link to the place, date, hour and the partner's nickname.
 * `POST /api/matches/{id}/share` → `{url, expiresAt}`; `DELETE /api/matches/{id}/share` → 204;
 * `GET /api/share/{token}` (no login) → `SharedMeal`, 404 once revoked or expired.
 */
import { Type, type Static } from 'typebox';
import { SHARE_VALID_AFTER_START_HOURS } from '../domain/match-status.ts';

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
  sharedBy: Type.String({ description: "the sharing member's nickname" }),
  partnerName: Type.String({ description: "the partner's nickname" }),
  cancelled: Type.Boolean({ description: 'the meal was cancelled after the link was made' }),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type SharedMeal = Static<typeof SharedMeal>;
