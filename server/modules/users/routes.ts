/**
 * `/api/user/*`: the signed-in member reads and edits their own profile (SPEC §7); `/api/users/{id}`:
 * another member's public profile (issue #15). Members only.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PROFILE_READ_ONLY_FIELDS, ProfileUpdateBody, PublicProfile, User } from '../../../common/api/users.ts';
import { IdParams } from '../../../common/api/schedules.ts';
import { errorResponses, sendInTransaction } from '../../lib/http.ts';
import { BEARER } from '../../plugins/docs.ts';
import type { Clock } from '../../lib/clock.ts';
import { MyDataExport } from '../../../common/api/account.ts';
import { exportMyData } from './export.ts';
import { createUsersService, USERS_MSG } from './service.ts';

const tags = ['user'];

/** Registers `GET /api/user/me`, `PUT /api/user/profile`, `GET /api/user/me/export` and `GET /api/users/{id}`. */
export const usersRoutes: FastifyPluginAsyncTypebox<{ now: Clock }> = async (app, opts) => {
  const service = createUsersService({ db: app.db, now: opts.now, roleOf: app.tokens.roleOf });

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
      // Issue #17: drop the read-only fields before validation (they are ignored, never saved).
      preValidation: async (request) => {
        const body = request.body as Record<string, unknown> | null;
        if (body && typeof body === 'object' && !Array.isArray(body)) for (const key of PROFILE_READ_ONLY_FIELDS) delete body[key];
      },
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '프로필 저장',
        description:
          'Saves the setup-wizard payload or the profile edit: name, age (integer or null), bio, profileImage (/uploads/… or /avatars/…), ' +
          'preferences (only the 9 labels of SPEC §3). The read-only fields of the member view (id, email, isNewUser, reviewCount, averageRating, …) are ignored, ' +
          'so the full profile object may be sent back (issue #17); any other field → 400 VALIDATION. The first save clears isNewUser. Answers the updated User.',
        security: BEARER,
        body: ProfileUpdateBody,
        response: { 200: User, ...errorResponses(400, 401, 404) },
      },
    },
    // issue #13: saved and answered in one transaction (an answer that cannot be serialised saves nothing).
    async (request, reply) => sendInTransaction(app.db, reply, 200, (tx) => createUsersService({ db: tx, now: opts.now, roleOf: app.tokens.roleOf }).updateProfile(request.user!.id, request.body)),
  );

  app.get(
    '/api/user/me/export',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '내 데이터 내려받기',
        description:
          'Issue #17 item 3: everything held about the caller as one JSON download (Content-Disposition: attachment): the account (never the password hash), ' +
          'schedules, match requests as requester and as host, chat messages sent, posts, comments, reviews given and received, blocks. 401 anonymous.',
        security: BEARER,
        response: { 200: MyDataExport, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const data = await exportMyData(app.db, request.user!.id, opts.now);
      reply.header('content-disposition', `attachment; filename="bapsang-my-data-${data.exportedAt.slice(0, 10)}.json"`);
      reply.header('cache-control', 'no-store');
      return data;
    },
  );

  app.get(
    '/api/users/:id',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '회원 공개 프로필',
        description:
          'Issue #15: what a signed-in member may see of another (or of themselves): `{ id, name, profileImage, bio, preferences, rating, reviewCount, ' +
          'mealCount, noShowCount, lateCancelCount }` — never the e-mail or age. `rating`: average 0–5 of each reviewer\'s latest review of the member ' +
          '(0 without reviews; the client shows N/A below 5 reviewers), `reviewCount`: distinct reviewers. `mealCount`: confirmed meals the partner reported ' +
          'them present at, or both marked arrived; `noShowCount`: distinct partners who reported them absent, meals of the last 180 days; ' +
          '`lateCancelCount`: their cancellations within 24 h of the start, last 180 days. ' +
          `401 anonymous; 404 USER_NOT_FOUND '${USERS_MSG.memberNotFound}'; 400 non-numeric id.`,
        security: BEARER,
        params: IdParams,
        response: { 200: PublicProfile, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.publicProfile(request.params.id),
  );
};
