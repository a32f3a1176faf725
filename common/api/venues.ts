import { Type, type Static } from 'typebox';

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

/** `GET /api/venues` query: radius in metres (falls back to 2000 — SPEC §9). */
export const VenueQuery = Type.Object({
  category: Type.Optional(Type.String({ maxLength: 20 })),
  lat: Type.Number({ minimum: -90, maximum: 90 }),
  lng: Type.Number({ minimum: -180, maximum: 180 }),
  radius: Type.Optional(Type.Integer({ minimum: 1, maximum: 20000 })),
});
export type VenueQuery = Static<typeof VenueQuery>;
