import { Type, type Static } from 'typebox';

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
