import { Type, type Static } from 'typebox';
import { defineOperation } from './operation.ts';

/** Social login providers the server knows (SPEC §2 auth card: two providers). */
export const SOCIAL_PROVIDERS = ['kakao', 'naver'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/**
 * `GET /api/auth/providers`: the providers whose client id and secret are configured on the server
 * (none by default). The login card shows a social button only for these.
 */
export const AuthProvidersResponse = Type.Object({
  providers: Type.Array(Type.Union([Type.Literal('kakao'), Type.Literal('naver')])),
});
export type AuthProvidersResponse = Static<typeof AuthProvidersResponse>;

/** The social login providers the server is configured for. */
export const listAuthProviders = defineOperation({
  method: 'GET',
  path: '/api/auth/providers',
  auth: 'public',
  summary: 'Social login providers',
  description: 'Lists the social login providers whose client id and secret are configured (none by default), so the login card shows only their buttons.',
  tags: ['auth'],
  responses: { 200: AuthProvidersResponse },
  errors: [],
});
