/**
 * `GET /api/venues` (issue #3; SPEC §3 Venue, §9): members only (SPEC §6: map filters need a login).
 * On start, seeds the DEMO DATA catalogue when asked (`seedDemo`: the embedded default run mode).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { VenueList, VenueQuery } from '../../../common/api/venues.ts';
import { errorResponses } from '../../lib/http.ts';
import { BEARER } from '../../plugins/docs.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Config } from '../../config.ts';
import { pageLimit } from '../../lib/paging.ts';
import { createVenuesService, VENUE_RESULT_MAX } from './service.ts';

/** Registers the venue route. `fetchFn` replaces `fetch` for the Kakao calls (tests). */
export const venuesRoutes: FastifyPluginAsyncTypebox<{ now: Clock; kakao: Config['kakaoLocal']; seedDemo: boolean; fetchFn?: typeof fetch }> = async (app, opts) => {
  const service = createVenuesService({ db: app.db, now: opts.now, kakao: opts.kakao, fetchFn: opts.fetchFn });
  if (opts.seedDemo) {
    const added = await service.seedDemo();
    app.log.info({ added }, 'venue catalogue: DEMO DATA (invented venues) loaded');
  }
  app.log.info({ source: service.source }, service.source === 'kakao' ? 'venues: Kakao Local keyword search' : 'venues: own catalogue (KAKAO_REST_API_KEY not set)');

  app.get(
    '/api/venues',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags: ['venues'],
        summary: '주변 식당',
        description:
          'Query `lat`, `lng` (WGS84), `radius` (metres, 1–20000, default 2000 — SPEC §9), `category` (한식 중식 일식 양식 분식 카페 기타; absent or empty = all). ' +
          'Answers SPEC §3 Venues (`x` longitude, `y` latitude as strings) within the radius, nearest first, with `distance` in rounded metres; the nearest `limit` ' +
          `(default ${VENUE_RESULT_MAX}; above ${VENUE_RESULT_MAX} → ${VENUE_RESULT_MAX}; 0 → 400). ` +
          'No `cursor` and no `Link` (issue #19 item 1): the schedule page draws every venue of the radius as a map marker at once, so the answer is one bounded page; ' +
          'the catalogue is read nearest-first through its KNN index and never more than needed, and Kakao Local answers at most 45 per keyword (3 pages of 15), so there is nothing to page through. ' +
          'Source: Kakao Local keyword search when KAKAO_REST_API_KEY is set (cached 60 s), else the server catalogue (demo data in the embedded default + venues members used). ' +
          '400 invalid query; 401 anonymous; 502 VENUES_UNAVAILABLE when Kakao fails.',
        security: BEARER,
        querystring: VenueQuery,
        response: { 200: VenueList, ...errorResponses(400, 401, 502) },
      },
    },
    async (request) => (await service.search(request.query)).slice(0, pageLimit(request.query.limit, { default: VENUE_RESULT_MAX, max: VENUE_RESULT_MAX })),
  );
};
