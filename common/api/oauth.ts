import { Type, type Static } from 'typebox';
import { AuthResponse } from './auth.ts';
import { defineOperation } from './operation.ts';

/**
 * `POST /api/auth/social` (issue #8): the one-time code the server put into
 * `/oauth/callback?token=…` after a social login. Answers `AuthResponse` (common/api/auth.ts).
 */
export const SocialLoginBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200, description: 'one-time code from /oauth/callback (single use, 60 s)' }) },
  { additionalProperties: false },
);
export type SocialLoginBody = Static<typeof SocialLoginBody>;

/**
 * Reasons the server puts into `/oauth/callback?error=…`: `provider` (unknown or not configured),
 * `state` (missing, wrong, reused or expired state), `token` (the code exchange failed, e.g. a
 * replayed authorization code), `profile` (the user info call failed), `server`, or the provider's
 * own `error` value (e.g. `access_denied`).
 */
export const OAUTH_ERROR_REASONS = ['provider', 'state', 'token', 'profile', 'server'] as const;
export type OAuthErrorReason = (typeof OAUTH_ERROR_REASONS)[number];

/** Trades the one-time code of `/oauth/callback?token=…` for an access token and the member. */
export const socialLogin = defineOperation({
  method: 'POST',
  path: '/api/auth/social',
  auth: 'public',
  summary: 'Finish a social login',
  description:
    'Trades the one-time code of `/oauth/callback?token=…` (single use, within 60 s) for an access token and the member, with `isNewUser: true` for a member the social login just created.',
  tags: ['auth'],
  body: SocialLoginBody,
  responses: { 200: AuthResponse },
  errors: ['SOCIAL_CODE_INVALID', 'SUSPENDED'],
  rateLimited: true,
});
