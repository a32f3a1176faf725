/**
 * 안전 공유 (common/api/share.ts): `POST`/`DELETE /api/matches/{id}/share` for the meal's
 * participants, `GET /api/share/{token}` for anyone holding a working link.
 */
import type { FastifyPluginAsync } from 'fastify';
import { createShareLink, readSharedMeal, revokeShareLinks } from '../../../common/api/share.ts';
import type { Clock } from '../../lib/clock.ts';
import { route } from '../../lib/operation.ts';
import { byIp } from '../../plugins/rate-limit.ts';
import { createShareService } from './service.ts';

/** Registers the share routes. `publicUrl` is the origin the links point at. */
export const shareRoutes: FastifyPluginAsync<{ now: Clock; publicUrl: string }> = async (app, opts) => {
  const service = createShareService({ db: app.db, now: opts.now, publicUrl: opts.publicUrl });

  route(app, createShareLink, async (request, reply) => reply.code(201).send(await service.create(request.member.id, request.params.id)));

  route(app, revokeShareLinks, async (request, reply) => {
    await service.revoke(request.member.id, request.params.id);
    return reply.code(204).send(null);
  });

  route(
    app,
    readSharedMeal,
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex');
      return service.read(request.params.token);
    },
    // No login: guessing tokens (256 bits) is hopeless, but the route is still limited per address.
    { limiters: [app.limiter('share-read-ip', app.rateLimits.loginPerIp, byIp)] },
  );
};
