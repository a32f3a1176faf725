/**
 * `/api/user/*`: the signed-in member reads and edits their own profile (SPEC §7); `/api/users/{id}`:
 * another member's public profile (issue #15). Members only.
 */
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PROFILE_READ_ONLY_FIELDS, ProfileUpdateBody, PublicProfile, User } from '../../../common/api/users.ts';
import { IdParams } from '../../../common/api/schedules.ts';
import { assertAppropriate } from '../../lib/content-filter.ts';
import { errorResponses, sendInTransaction } from '../../lib/http.ts';
import { BEARER } from '../../plugins/docs.ts';
import type { Clock } from '../../lib/clock.ts';
import { ConsentBody, DeleteAccountBody, LegalInfo, MyDataExport } from '../../../common/api/account.ts';
import { PRIVACY_VERSION, TERMS_VERSION } from '../../../common/domain/legal.ts';
import { byIp } from '../../plugins/rate-limit.ts';
import { createAccountService, type AccountDeps } from './account.ts';
import { exportMyData } from './export.ts';
import { createUsersService } from './service.ts';

const tags = ['user'];

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
export const usersRoutes: FastifyPluginAsyncTypebox<UsersRoutesOptions> = async (app, opts) => {
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

  app.get(
    '/api/legal',
    {
      schema: {
        tags,
        summary: '약관 버전과 문의처',
        description: 'Issue #17 item 1 (public): the versions (YYYY-MM-DD) of the terms (/terms) and privacy policy (/privacy) in force and the operator\'s contact e-mail (CONTACT_EMAIL).',
        security: [],
        response: { 200: LegalInfo },
      },
    },
    async () => ({ termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION, contactEmail: opts.contactEmail }),
  );

  app.post(
    '/api/user/consent',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '약관 동의',
        description:
          'Issue #17 item 1: a member whose `consentRequired` is true (social sign-up, or a newer version of the terms or privacy policy) agrees again. ' +
          "`agreeTerms`, `agreePrivacy` and `ageConfirmed` (14 or older) must be true → else 400 CONSENT_REQUIRED '필수 동의 항목을 확인해주세요: …' naming what is missing. " +
          'Stores the versions in force and the time; answers the updated User (`consentRequired: false`). 401 anonymous.',
        security: BEARER,
        body: ConsentBody,
        response: { 200: User, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => account.consent(request.user!.id, request.body),
  );

  app.post(
    '/api/user/safety-guide',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '안전 가이드 확인',
        description:
          'Issue #17 item 9: the member has read the safety guide (public place, tell someone, leave when uncomfortable, report), which the app shows once before a first ' +
          'match request or first accept; `safetyGuideSeen` is then true. Again → 204, nothing changes. 401 anonymous.',
        security: BEARER,
        response: { 204: Type.Null({ description: 'recorded' }), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await account.safetyGuideSeen(request.user!.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/user/me',
    {
      preHandler: [app.requireAuth, app.limiter('delete-account-ip', app.rateLimits.loginPerIp, byIp)],
      schema: {
        tags,
        summary: '회원 탈퇴',
        description:
          'Issue #17 item 2 (Google Play in-app deletion, PIPA): `{password}`, or `{confirm: "탈퇴"}` for a member who signed up with a social login and has no password → 204. ' +
          'At once: every token of the member answers 401 and their live connections close; their open matches (PENDING, ACCEPTED, CONFIRMED before the start) are cancelled and each partner gets `match_cancelled`; ' +
          'their schedules not yet started leave every list; e-mail, name, bio, age, preferences, consent, picture (the uploaded file too), push tokens, social-login links, inbox, blocks and share links are erased. ' +
          'Their posts, comments, reviews and chat messages stay for the others, shown as "탈퇴한 회원" with no profile (GET /api/users/{id} → 404). The e-mail can sign up again as a new member. ' +
          `400 PASSWORD_REQUIRED / CONFIRM_REQUIRED; 403 WRONG_PASSWORD; 401 anonymous; 429 too many tries from one address.`,
        security: BEARER,
        body: DeleteAccountBody,
        response: { 204: Type.Null({ description: 'deleted' }), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await account.deleteAccount(request.user!.id, request.body);
      return reply.code(204).send(null);
    },
  );

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
          'so the full profile object may be sent back (issue #17); any other field → 400 VALIDATION. The first save clears isNewUser. Answers the updated User. ' +
          "400 INAPPROPRIATE_TEXT '부적절한 표현이 포함되어 있어요.' when the name (nickname) or the bio holds a refused word (issue #17 item 7, server/lib/content-filter.ts; nothing is saved).",
        security: BEARER,
        body: ProfileUpdateBody,
        response: { 200: User, ...errorResponses(400, 401, 404) },
      },
    },
    // issue #13: saved and answered in one transaction (an answer that cannot be serialised saves nothing).
    async (request, reply) => {
      assertAppropriate({ name: request.body.name, bio: request.body.bio });
      return sendInTransaction(app.db, reply, 200, (tx) => createUsersService({ db: tx, now: opts.now, roleOf: app.tokens.roleOf }).updateProfile(request.user!.id, request.body));
    },
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
          '(0 without reviews; the client shows 아직 없어요 below 5 reviewers), `reviewCount`: distinct reviewers. `mealCount`: confirmed meals the partner reported ' +
          'them present at, or both marked arrived; `noShowCount`: distinct partners who reported them absent, meals of the last 180 days; ' +
          '`lateCancelCount`: their cancellations within 24 h of the start, last 180 days. ' +
          `401 anonymous; 404 USER_NOT_FOUND; 400 non-numeric id.`,
        security: BEARER,
        params: IdParams,
        response: { 200: PublicProfile, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.publicProfile(request.params.id),
  );
};
