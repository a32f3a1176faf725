/**
 * `/api/user/*`: the signed-in member reads and edits their own profile (SPEC §7); `/api/users/{id}`:
 * another member's public profile (issue #15); `/api/legal` (public). Registered from the operations
 * of common/api/users.ts and common/api/account.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { getMe, getPublicProfile, PROFILE_READ_ONLY_FIELDS, updateProfile } from '../../../common/api/users.ts';
import { assertAppropriate } from '../../lib/content-filter.ts';
import { sendInTransaction } from '../../lib/http.ts';
import type { Clock } from '../../lib/clock.ts';
import { deleteAccount, exportMyData, getLegalInfo, giveConsent, markSafetyGuideSeen } from '../../../common/api/account.ts';
import { PRIVACY_VERSION, TERMS_VERSION } from '../../../common/domain/legal.ts';
import { route } from '../../plugins/operations.ts';
import { byIp } from '../../plugins/rate-limit.ts';
import { createAccountService, type AccountDeps } from './account.ts';
import { exportMyData as exportMyDataOf } from './export.ts';
import { createUsersService } from './service.ts';

/** What the users routes need beyond the app's decorators. */
export interface UsersRoutesOptions {
  now: Clock;
  /** The operator's published contact address (config CONTACT_EMAIL). */
  contactEmail: string;
  /** The matches service's `cancelAllOf` (account deletion cancels the member's open matches). */
  cancelMatchesOf: AccountDeps['cancelMatchesOf'];
  closeSchedulesOf: AccountDeps['closeSchedulesOf'];
}

/**
 * Registers `GET /api/user/me`, `PUT /api/user/profile`, `GET /api/user/me/export`,
 * `POST /api/user/consent`, `DELETE /api/user/me`, `GET /api/legal` and `GET /api/users/{id}`.
 */
export const usersRoutes: FastifyPluginAsync<UsersRoutesOptions> = async (app, opts) => {
  const service = createUsersService({ db: app.db, now: opts.now, roleOf: app.tokens.roleOf });
  const account = createAccountService({
    db: app.db,
    now: opts.now,
    storage: app.storage,
    cancelMatchesOf: opts.cancelMatchesOf,
    closeSchedulesOf: opts.closeSchedulesOf,
    notifyAll: app.notifyAll,
    revokeLiveSessions: app.revokeLiveSessions,
    roleOf: app.tokens.roleOf,
  });

  route(app, getLegalInfo, async () => ({ termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION, contactEmail: opts.contactEmail }));

  route(app, giveConsent, async (request) => account.consent(request.member.id, request.body));

  route(app, markSafetyGuideSeen, async (request, reply) => {
    await account.safetyGuideSeen(request.member.id);
    return reply.code(204).send(null);
  });

  route(
    app,
    deleteAccount,
    async (request, reply) => {
      await account.deleteAccount(request.member.id, request.body);
      return reply.code(204).send(null);
    },
    { limiters: [app.limiter('delete-account-ip', app.rateLimits.loginPerIp, byIp)] },
  );

  route(app, getMe, async (request) => service.me(request.member.id));

  // Issue #17: the read-only fields of the member view are dropped before validation (ignored, never saved).
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.operation !== updateProfile) return;
    const body = request.body as Record<string, unknown> | null;
    if (body && typeof body === 'object' && !Array.isArray(body)) for (const key of PROFILE_READ_ONLY_FIELDS) delete body[key];
  });
  // Issue #13: saved and answered in one transaction (an answer that cannot be serialised saves nothing).
  route(app, updateProfile, async (request, reply) => {
    assertAppropriate({ name: request.body.name, bio: request.body.bio });
    return sendInTransaction(app.db, reply, 200, (tx) => createUsersService({ db: tx, now: opts.now, roleOf: app.tokens.roleOf }).updateProfile(request.member.id, request.body));
  });

  route(app, exportMyData, async (request, reply) => {
    const data = await exportMyDataOf(app.db, request.member.id, opts.now);
    reply.header('content-disposition', `attachment; filename="bapsang-my-data-${data.exportedAt.slice(0, 10)}.json"`);
    reply.header('cache-control', 'no-store');
    return data;
  });

  route(app, getPublicProfile, async (request) => service.publicProfile(request.member.id, request.params.id));
};
