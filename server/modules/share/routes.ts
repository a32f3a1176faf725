/**
 * 안전 공유 (issue #17 item 9; common/api/share.ts): `POST`/`DELETE /api/matches/{id}/share` for
 * the meal's participants, `GET /api/share/{token}` for anyone holding a working link.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParams } from '../../../common/api/schedules.ts';
import { SharedMeal, ShareLink, ShareTokenParams } from '../../../common/api/share.ts';
import type { Clock } from '../../lib/clock.ts';
import { errorResponses } from '../../lib/http.ts';
import { BEARER } from '../../plugins/docs.ts';
import { byIp } from '../../plugins/rate-limit.ts';
import { createShareService, SHARE_MSG } from './service.ts';

const tags = ['share'];

/** Registers the share routes. `publicUrl` is the origin the links point at. */
export const shareRoutes: FastifyPluginAsyncTypebox<{ now: Clock; publicUrl: string }> = async (app, opts) => {
  const service = createShareService({ db: app.db, now: opts.now, publicUrl: opts.publicUrl });

  app.post(
    '/api/matches/:id/share',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '안전 공유 링크 만들기',
        description:
          'Issue #17 item 9: a participant (host or requester) of an ACCEPTED or CONFIRMED match gets `{url, expiresAt}` of a read-only page /s/{token} with the place, date, hour ' +
          'and the partner\'s nickname, for a trusted person without an account. Valid until 6 h after the start; a new link replaces the caller\'s older ones for this match. ' +
          `404 unknown match; 403 not a participant; 409 NOT_SHAREABLE '${SHARE_MSG.notShareable}'; 409 MEAL_OVER.`,
        security: BEARER,
        params: IdParams,
        response: { 201: ShareLink, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.user!.id, request.params.id)),
  );

  app.delete(
    '/api/matches/:id/share',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '안전 공유 끝내기',
        description: "Issue #17 item 9: the caller's links for this match stop working at once (GET /api/share/{token} → 404). 204; 404 unknown match; 403 not a participant.",
        security: BEARER,
        params: IdParams,
        response: { 204: Type.Null({ description: 'revoked' }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.revoke(request.user!.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/share/:token',
    {
      // No login: guessing tokens (256 bits) is hopeless, but the route is still limited per address.
      preHandler: [app.limiter('share-read-ip', app.rateLimits.loginPerIp, byIp)],
      schema: {
        tags,
        summary: '공유된 약속 보기',
        description:
          'Issue #17 item 9 (no login): the meal behind a working share link — place, date (KST), hour 0–23, coordinates when known, the sharer\'s and the partner\'s nicknames, ' +
          `whether it has been cancelled since. 404 LINK_GONE '${SHARE_MSG.linkGone}' once revoked or expired, or for an unknown token; 429 too many reads from one address.`,
        security: [],
        params: ShareTokenParams,
        response: { 200: SharedMeal, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex');
      return service.read(request.params.token);
    },
  );
};
