/**
 * `/api/user/*`: the signed-in member reads and edits their own profile (SPEC §7). Member only.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProfileUpdateBody, User } from '../../../common/api/users.ts';
import { errorResponses, sendInTransaction } from '../../lib/http.ts';
import { BEARER } from '../../plugins/docs.ts';
import type { Clock } from '../../lib/clock.ts';
import { createUsersService } from './service.ts';

const tags = ['user'];

/** Registers `GET /api/user/me` and `PUT /api/user/profile`. */
export const usersRoutes: FastifyPluginAsyncTypebox<{ now: Clock }> = async (app, opts) => {
  const service = createUsersService({ db: app.db, now: opts.now });

  app.get(
    '/api/user/me',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '내 정보',
        description: 'The caller as a User (SPEC §3). 401 without a valid token (the client then signs out, SPEC §4).',
        security: BEARER,
        response: { 200: User, ...errorResponses(401, 404) },
      },
    },
    async (request) => service.me(request.user!.id),
  );

  app.put(
    '/api/user/profile',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '프로필 저장',
        description:
          'Saves the setup-wizard payload or the profile edit: name, age (integer or null), bio, profileImage (/uploads/… or /avatars/…), ' +
          'preferences (only the 9 labels of SPEC §3). `email` or any other field → 400 VALIDATION. The first save clears isNewUser. Answers the updated User.',
        security: BEARER,
        body: ProfileUpdateBody,
        response: { 200: User, ...errorResponses(400, 401, 404) },
      },
    },
    // issue #13: saved and answered in one transaction (an answer that cannot be serialised saves nothing).
    async (request, reply) => sendInTransaction(app.db, reply, 200, (tx) => createUsersService({ db: tx, now: opts.now }).updateProfile(request.user!.id, request.body)),
  );
};
