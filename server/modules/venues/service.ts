/**
 * Venue search (SPEC §2 schedule page map and list, §3 Venue, §9 radius and distance; issue #3).
 * - With Kakao Local configured: keyword search from the server (`KakaoAK` key in the header, never
 *   in an answer), cached briefly.
 * - Otherwise: the server's own catalogue (`venues` table: DEMO DATA in the embedded default plus
 *   every venue members used in a schedule).
 * Either way the answer is SPEC §3 Venues within `radius` metres, nearest first, `distance` in
 * rounded metres (haversine, common/domain/geo.ts).
 */
import { inArray, sql } from 'drizzle-orm';
import type { Venue, VenueQuery } from '../../../common/api/venues.ts';
import { VENUE_RADIUS_DEFAULT, VENUE_RADIUS_MAX } from '../../../common/api/venues.ts';
import { toFoodCategory, venueSearchKeyword } from '../../../common/domain/categories.ts';
import { distanceMetres } from '../../../common/domain/geo.ts';
import { FOOD_CATEGORIES, type FoodCategory } from '../../../common/domain/vocabulary.ts';
import { venues, type VenueRow } from '../../db/schema.ts';
import type { Database } from '../../db/database.ts';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { appError, fail } from '../../lib/errors.ts';
import { DEMO_VENUES } from './demo-venues.ts';

/** How long a Kakao answer is reused, in milliseconds. */
export const KAKAO_CACHE_TTL_MS = 60_000;
/** At most this many cached Kakao answers (oldest dropped first). */
export const KAKAO_CACHE_MAX = 500;
/** At most this many venues per answer. */
export const VENUE_RESULT_MAX = 200;
/** Kakao Local pages fetched per search (15 results each; Kakao allows 45 per keyword). */
const KAKAO_PAGES = 3;
/** Catalogue rows fetched nearest-first in the first batch (grows fourfold when a category filter leaves too few). */
const CATALOGUE_BATCH = 220;
/** Upstream timeout, in milliseconds. */
const KAKAO_TIMEOUT_MS = 5_000;

/** A venue before its distance from the searched point is known. */
type VenueBase = Omit<Venue, 'distance'>;

/** One Kakao Local keyword-search document (the fields we use). */
interface KakaoDocument {
  id?: string;
  place_name?: string;
  category_name?: string;
  address_name?: string;
  road_address_name?: string;
  phone?: string;
  place_url?: string;
  x?: string;
  y?: string;
}

/** The search category: one of the 7 or null for all ('' counts as absent); 400 otherwise. */
function parseCategory(raw: string | undefined): FoodCategory | null {
  const c = (raw ?? '').trim();
  if (!c) return null;
  if (!(FOOD_CATEGORIES as readonly string[]).includes(c)) fail('BAD_CATEGORY');
  return c as FoodCategory;
}

/** Adds distances, keeps what lies within the radius (and category), nearest first. */
function finish(list: readonly VenueBase[], lat: number, lng: number, radius: number, category: FoodCategory | null): Venue[] {
  return list
    .filter((v) => !category || toFoodCategory(v.category_name) === category)
    .map((v) => ({ ...v, distance: Math.round(distanceMetres({ lat, lng }, { lat: Number(v.y), lng: Number(v.x) })) }))
    .filter((v) => Number.isFinite(v.distance) && v.distance <= radius)
    .sort((a, b) => a.distance - b.distance || a.place_name.localeCompare(b.place_name, 'ko'))
    .slice(0, VENUE_RESULT_MAX);
}

/** A catalogue row as a SPEC §3 Venue without its distance. */
function toVenueBase(r: VenueRow): VenueBase {
  return {
    id: r.id,
    place_name: r.placeName,
    category_name: r.categoryName,
    address_name: r.addressName,
    road_address_name: r.roadAddressName,
    phone: r.phone,
    place_url: r.placeUrl,
    x: String(r.longitude),
    y: String(r.latitude),
  };
}

/** Builds the venues service. `fetchFn` defaults to the global `fetch`. */
export function createVenuesService(deps: { db: Database; now: Clock; kakao: Config['kakaoLocal']; fetchFn?: typeof fetch }) {
  const { db, now, kakao } = deps;
  const fetchFn = deps.fetchFn ?? fetch;
  const cache = new Map<string, { at: number; list: VenueBase[] }>();

  /** Kakao Local keyword search around the (rounded) point; cached for 60 s. */
  async function searchKakao(lat: number, lng: number, radius: number, category: FoodCategory | null): Promise<VenueBase[]> {
    const key = `${category ?? '*'}|${lat.toFixed(4)}|${lng.toFixed(4)}|${radius}`;
    const hit = cache.get(key);
    if (hit && now().getTime() - hit.at < KAKAO_CACHE_TTL_MS) return hit.list;
    const query = venueSearchKeyword(category);
    const list: VenueBase[] = [];
    for (let page = 1; page <= KAKAO_PAGES; page++) {
      const params = new URLSearchParams({ query, x: lng.toFixed(4), y: lat.toFixed(4), radius: String(radius), sort: 'distance', size: '15', page: String(page) });
      let body: { documents?: KakaoDocument[]; meta?: { is_end?: boolean } };
      try {
        const res = await fetchFn(`${kakao!.baseUrl}/v2/local/search/keyword.json?${params}`, {
          headers: { Authorization: `KakaoAK ${kakao!.restApiKey}` },
          signal: AbortSignal.timeout(KAKAO_TIMEOUT_MS),
        });
        if (!res.ok) throw new Error(`Kakao Local answered ${res.status}`);
        body = (await res.json()) as typeof body;
      } catch (cause) {
        throw Object.assign(appError('VENUES_UNAVAILABLE'), { cause });
      }
      for (const d of body.documents ?? []) {
        if (!d.id || !d.place_name || !d.x || !d.y || !Number.isFinite(Number(d.x)) || !Number.isFinite(Number(d.y))) continue;
        list.push({
          id: String(d.id),
          place_name: d.place_name,
          category_name: d.category_name ?? '',
          address_name: d.address_name ?? '',
          road_address_name: d.road_address_name ?? '',
          phone: d.phone ?? '',
          place_url: d.place_url ?? '',
          x: String(d.x),
          y: String(d.y),
        });
      }
      if (body.meta?.is_end !== false) break;
    }
    if (cache.size >= KAKAO_CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(key, { at: now().getTime(), list });
    return list;
  }

  /**
   * The catalogue's nearest venues in SQL (issue #19 item 4): rows ordered by `<->` (distance
   * between earthdistance points) from the searched point, which the GiST index `venues_earth_idx`
   * answers nearest-first without reading the rest (KNN), `LIMIT`ed. No `earth_box` filter: the
   * planner cannot estimate how many rows a box holds (it guesses 0.1 % of the table) and then
   * prefers reading the whole box and sorting it, the very thing this replaces.
   *
   * earthdistance measures on a sphere of radius `earth()` and SPEC distances use haversine on
   * 6 371 008.8 m; the order is the same (both grow with the central angle). `finish` computes the
   * SPEC distance, filters and sorts exactly as before (ties keep the id order), so answers are
   * unchanged. A batch is enough when the farthest row fetched lies more than a metre beyond the
   * radius, or when it holds 200 matches whose last is at least a metre nearer than the farthest
   * row fetched (no unfetched row can tie with or beat it after rounding), or when the table has no
   * more rows; otherwise (a rare category among many venues) the batch grows fourfold.
   */
  async function searchCatalogue(lat: number, lng: number, radius: number, category: FoodCategory | null): Promise<Venue[]> {
    const centre = sql`ll_to_earth(${lat}, ${lng})`;
    for (let limit = CATALOGUE_BATCH; ; limit *= 4) {
      const rows = await db
        .select()
        .from(venues)
        // The index's predicate (always true: the coordinates CHECK), so the planner may use it.
        .where(sql`${venues.latitude} between -90 and 90 and ${venues.longitude} between -180 and 180`)
        .orderBy(sql`ll_to_earth(${venues.latitude}, ${venues.longitude}) <-> ${centre}`)
        .limit(limit);
      // Ties (same rounded distance and name) keep the catalogue's id order, as before.
      const byId = [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      const list = finish(byId.map(toVenueBase), lat, lng, radius, category);
      const last = rows.at(-1);
      if (!last || rows.length < limit) return list;
      const farthest = distanceMetres({ lat, lng }, { lat: last.latitude, lng: last.longitude });
      if (farthest > radius + 1) return list;
      if (list.length >= VENUE_RESULT_MAX && list[VENUE_RESULT_MAX - 1]!.distance + 1 <= farthest) return list;
    }
  }

  return {
    /** Where answers come from. */
    source: kakao ? ('kakao' as const) : ('catalogue' as const),

    /**
     * Venues within `radius` metres (default 2000, at most 20000) of `lat`/`lng`, of `category`
     * when given (SPEC §3 mapping via `toFoodCategory`), nearest first, at most 200.
     * 400 unknown category; 502 VENUES_UNAVAILABLE when Kakao fails.
     */
    async search(q: VenueQuery): Promise<Venue[]> {
      const category = parseCategory(q.category);
      const radius = Math.min(VENUE_RADIUS_MAX, q.radius ?? VENUE_RADIUS_DEFAULT);
      if (!kakao) return searchCatalogue(q.lat, q.lng, radius, category);
      return finish(await searchKakao(q.lat, q.lng, radius, category), q.lat, q.lng, radius, category);
    },

    /** Inserts the DEMO DATA catalogue (idempotent: existing ids are left alone). Answers how many rows were new. */
    async seedDemo(): Promise<number> {
      const existing = new Set(
        (await db.select({ id: venues.id }).from(venues).where(inArray(venues.id, DEMO_VENUES.map((v) => v.id)))).map((r) => r.id),
      );
      const fresh = DEMO_VENUES.filter((v) => !existing.has(v.id));
      if (fresh.length === 0) return 0;
      await db
        .insert(venues)
        .values(fresh.map((v) => ({ ...v, source: 'demo' as const })))
        .onConflictDoNothing({ target: venues.id });
      return fresh.length;
    },
  };
}
