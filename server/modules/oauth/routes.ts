/**
 * Social login routes (issue #8; SPEC §2 auth card and /oauth/callback, §7 "Social login"):
 * - `GET /oauth2/authorization/{provider}` → 302 to Kakao / Naver (sets the state cookie);
 * - `GET /login/oauth2/code/{provider}` (the redirect URI registered with the provider) → 302 to
 *   `{PUBLIC_URL}/oauth/callback?token=…` or `?error=…`;
 * - `POST /api/auth/social {token}` → `AuthResponse` (the `socialLogin` operation, common/api/oauth.ts).
 */
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { socialLogin } from '../../../common/api/oauth.ts';
import { readCookie } from '../../lib/cookies.ts';
import { errorResponses } from '../../lib/http.ts';
import { route } from '../../plugins/operations.ts';
import { byIp } from '../../plugins/rate-limit.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Config } from '../../config.ts';
import { CALLBACK_PATH_PREFIX, OAUTH_STATE_TTL_MS, STATE_COOKIE, createOAuthService, type OAuthServiceDeps } from './service.ts';

const tags = ['auth'];
const ProviderParams = Type.Object({ provider: Type.String({ maxLength: 20, description: '`kakao` or `naver`' }) });
const CallbackQuery = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 2048 })),
    state: Type.Optional(Type.String({ maxLength: 256 })),
    error: Type.Optional(Type.String({ maxLength: 256 })),
    error_description: Type.Optional(Type.String({ maxLength: 2048 })),
  },
  { additionalProperties: true },
);
const Redirect = Type.Null({ description: 'redirect (Location header)' });

/** Options: the clock, the providers and where the app is reachable. */
export interface OAuthRoutesOptions {
  now: Clock;
  oauth: Config['oauth'];
  publicUrl: string;
  storeImage?: OAuthServiceDeps['storeImage'];
  fetchFn?: typeof fetch;
  /** The operator's contact address, told to a suspended member (issue #31 item 6). */
  contactEmail: string;
}

/** Registers the social login routes. */
export const oauthRoutes: FastifyPluginAsyncTypebox<OAuthRoutesOptions> = async (app, opts) => {
  const service = createOAuthService({
    contactEmail: opts.contactEmail,
    db: app.db,
    tokens: app.tokens,
    now: opts.now,
    log: app.log,
    providers: opts.oauth,
    publicUrl: opts.publicUrl,
    storeImage: opts.storeImage,
    fetchFn: opts.fetchFn,
  });
  const secure = opts.publicUrl.startsWith('https://') ? '; Secure' : '';
  const stateCookie = (provider: string, value: string, maxAgeSeconds: number) =>
    `${STATE_COOKIE}=${value}; Path=${CALLBACK_PATH_PREFIX}${provider}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
  const perIp = (name: string) => app.limiter(name, app.rateLimits.loginPerIp, byIp);
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');

  app.get(
    '/oauth2/authorization/:provider',
    {
      preHandler: [perIp('social-start-ip')],
      schema: {
        tags,
        security: [],
        summary: 'Start a social login',
        description:
          'Starts the authorization-code flow: 302 to the provider with `state` (and a PKCE S256 `code_challenge` for Kakao); sets the HttpOnly, SameSite=Lax ' +
          `state cookie \`${STATE_COOKIE}\` (10 minutes, path \`${CALLBACK_PATH_PREFIX}{provider}\`). An unknown or unconfigured provider → 302 to \`/oauth/callback?error=provider\`.`,
        params: ProviderParams,
        response: { 302: Redirect, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const { location, state } = await service.start(request.params.provider);
      noStore(reply);
      if (state) reply.header('set-cookie', stateCookie(request.params.provider, state, OAUTH_STATE_TTL_MS / 1000));
      return reply.redirect(location, 302);
    },
  );

  app.get(
    '/login/oauth2/code/:provider',
    {
      preHandler: [perIp('social-callback-ip')],
      schema: {
        tags,
        security: [],
        summary: 'Social login callback (provider to server)',
        description:
          'The redirect URI registered with the provider. Checks the state (query = cookie = a live, unused pending login), exchanges the code, reads the profile, ' +
          'finds or creates the member by (provider, provider user id) and answers 302 to `/oauth/callback?token={one-time code, 43 chars, single use, 60 s}` ' +
          'or `?error=state|token|profile|provider|server|{provider error}`.',
        params: ProviderParams,
        querystring: CallbackQuery,
        response: { 302: Redirect, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const location = await service.finish(provider, request.query, readCookie(request, STATE_COOKIE));
      noStore(reply);
      reply.header('set-cookie', stateCookie(encodeURIComponent(provider), '', 0));
      return reply.redirect(location, 302);
    },
  );

  route(
    app,
    socialLogin,
    async (request, reply) => {
      noStore(reply);
      return service.exchange(request.body.token);
    },
    { limiters: [perIp('social-exchange-ip')] },
  );
};
