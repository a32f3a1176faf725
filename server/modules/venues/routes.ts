/**
 * `GET /api/venues` (issue #3; SPEC §3 Venue, §9; the `searchVenues` operation): members only (SPEC §6:
 * map filters need a login). No cursor (issue #19 item 1): one bounded answer of the nearest venues.
 * On start, seeds the DEMO DATA catalogue when asked (`seedDemo`: the embedded default run mode).
 */
import type { FastifyPluginAsync } from 'fastify';
import { searchVenues } from '../../../common/api/venues.ts';
import { route } from '../../plugins/operations.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Config } from '../../config.ts';
import { pageLimit } from '../../lib/paging.ts';
import { createVenuesService, VENUE_RESULT_MAX } from './service.ts';

/** Registers the venue route. `fetchFn` replaces `fetch` for the Kakao calls (tests). */
export const venuesRoutes: FastifyPluginAsync<{ now: Clock; kakao: Config['kakaoLocal']; seedDemo: boolean; fetchFn?: typeof fetch }> = async (app, opts) => {
  const service = createVenuesService({ db: app.db, now: opts.now, kakao: opts.kakao, fetchFn: opts.fetchFn });
  if (opts.seedDemo) {
    const added = await service.seedDemo();
    app.log.info({ added }, 'venue catalogue: DEMO DATA (invented venues) loaded');
  }
  app.log.info({ source: service.source }, service.source === 'kakao' ? 'venues: Kakao Local keyword search' : 'venues: own catalogue (KAKAO_REST_API_KEY not set)');

  route(app, searchVenues, async (request) =>
    (await service.search(request.query)).slice(0, pageLimit(request.query.limit, { default: VENUE_RESULT_MAX, max: VENUE_RESULT_MAX })),
  );
};
