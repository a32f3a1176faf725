import { Type, type Static } from 'typebox';
import { defineOperation } from './operation.ts';

/**
 * A venue in the shape of a maps keyword search (SPEC §3 Venue): `x` longitude, `y` latitude
 * (WGS84, as strings like Kakao Local), `distance` in whole metres from the searched point.
 */
export const Venue = Type.Object({
  id: Type.String(),
  place_name: Type.String(),
  category_name: Type.String(),
  address_name: Type.String(),
  road_address_name: Type.String(),
  phone: Type.String(),
  place_url: Type.String(),
  x: Type.String(),
  y: Type.String(),
  distance: Type.Integer({ minimum: 0, description: 'metres, rounded' }),
});
export type Venue = Static<typeof Venue>;

/**
 * `GET /api/venues` query: WGS84 `lat`/`lng` of the searched point, `radius` in metres (1–20000,
 * falls back to 2000 — SPEC §9), `category` one of the 7 food categories (SPEC §3) or absent/empty
 * for all (anything else → 400), `limit` the nearest ones to answer (default and most 200,
 * VENUE_RESULT_MAX in server/modules/venues/service.ts; issue #19 item 1).
 */
export const VenueQuery = Type.Object({
  category: Type.Optional(Type.String({ maxLength: 20 })),
  lat: Type.Number({ minimum: -90, maximum: 90 }),
  lng: Type.Number({ minimum: -180, maximum: 180 }),
  radius: Type.Optional(Type.Integer({ minimum: 1, maximum: 20000 })),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, description: 'The nearest `limit` venues: default and most 200 (a larger value is answered with 200; 0 → 400). No cursor: see GET /api/venues.' }),
  ),
});
export type VenueQuery = Static<typeof VenueQuery>;

/** `GET /api/venues`: venues sorted by `distance` (nearest first). */
export const VenueList = Type.Array(Venue);
export type VenueList = Static<typeof VenueList>;

/** SPEC §9: the venue search radius when none is given, in metres. */
export const VENUE_RADIUS_DEFAULT = 2000;
/** The largest radius a venue search accepts (Kakao Local's limit), in metres. */
export const VENUE_RADIUS_MAX = 20000;

/** Venues around a point, nearest first (one bounded answer, no paging). */
export const searchVenues = defineOperation({
  method: 'GET',
  path: '/api/venues',
  auth: 'member',
  summary: 'Venues nearby',
  description:
    'Answers the venues (SPEC §3, `x` longitude and `y` latitude as strings) within `radius` metres of `lat`/`lng` in one food `category` or all, nearest first with `distance` in rounded metres, at most the nearest `limit` (default and most 200) in one answer without a cursor because the schedule page draws them all as map markers at once, from Kakao Local when KAKAO_REST_API_KEY is set (cached 60 s) and else from the server catalogue.',
  tags: ['venues'],
  querystring: VenueQuery,
  responses: { 200: VenueList },
  errors: ['BAD_CATEGORY', 'VENUES_UNAVAILABLE'],
});
