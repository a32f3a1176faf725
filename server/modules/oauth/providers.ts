/**
 * The two social login providers (issue #8): how each one's authorization URL, token request and
 * user info look. Endpoints come from `config.oauth` (the real Kakao / Naver URLs by default).
 *
 * - Kakao: authorization code + PKCE (S256); the client secret is sent in the token request body
 *   (Kakao documents no HTTP Basic client authentication). User info `GET /v2/user/me`.
 * - Naver: authorization code with `state` only (Naver does not support PKCE); the token request
 *   carries client id, secret and state in the body. User info `GET /v1/nid/me`.
 *
 * `arctic` builds the authorization URLs, the state and the PKCE verifier/challenge; the token
 * request is made here because arctic's generic client would send the secret as HTTP Basic and its
 * Kakao/Naver classes have fixed endpoints.
 */
import { CodeChallengeMethod, OAuth2Client, OAuth2Tokens } from 'arctic';
import type { SocialProvider } from '../../../common/api/auth-providers.ts';
import type { OAuthProviderConfig } from '../../config.ts';

/** What we read from a provider's user info. */
export interface ProviderProfile {
  /** The provider's stable user id (Kakao: a number, kept as text). */
  id: string;
  /** Name or nickname; null when the member did not consent to it. */
  name: string | null;
  /** Absolute http(s) URL of the profile picture, when given. */
  profileImage: string | null;
  /** Lower-cased e-mail, only when the provider says it is valid and verified. */
  email: string | null;
}

/** A provider call failed; `reason` goes into `/oauth/callback?error=…`. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly reason: 'token' | 'profile',
    message: string,
  ) {
    super(message);
  }
}

/** Which providers use PKCE (S256). */
export const USES_PKCE: Record<SocialProvider, boolean> = { kakao: true, naver: false };

const TIMEOUT_MS = 10_000;

/** The authorization URL the browser is sent to. */
export function authorizationUrl(
  provider: SocialProvider,
  cfg: OAuthProviderConfig,
  redirectUri: string,
  state: string,
  codeVerifier: string | null,
): URL {
  const client = new OAuth2Client(cfg.clientId, cfg.clientSecret, redirectUri);
  // No `scope`: the consent items are chosen in the Kakao / Naver developer consoles (README).
  return USES_PKCE[provider] && codeVerifier
    ? client.createAuthorizationURLWithPKCE(cfg.authUrl, state, CodeChallengeMethod.S256, codeVerifier, [])
    : client.createAuthorizationURL(cfg.authUrl, state, []);
}

/**
 * Exchanges the authorization code for an access token.
 * @throws ProviderError('token') on any failure (network, 4xx/5xx, an `error` body — Naver answers
 *         errors with HTTP 200 — or no access token).
 */
export async function exchangeCode(
  provider: SocialProvider,
  cfg: OAuthProviderConfig,
  input: { code: string; redirectUri: string; state: string; codeVerifier: string | null },
  fetchFn: typeof fetch = fetch,
): Promise<string> {
  const body = new URLSearchParams({ grant_type: 'authorization_code', client_id: cfg.clientId, client_secret: cfg.clientSecret, code: input.code });
  if (provider === 'kakao') {
    body.set('redirect_uri', input.redirectUri);
    if (input.codeVerifier) body.set('code_verifier', input.codeVerifier);
  } else {
    body.set('state', input.state);
  }
  let data: unknown;
  try {
    const res = await fetchFn(cfg.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
      body: body.toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    data = await res.json().catch(() => null);
    if (!res.ok) throw new ProviderError('token', `token endpoint answered ${res.status} ${errorCode(data)}`);
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw new ProviderError('token', `token request failed: ${(error as Error).message}`);
  }
  if (typeof data !== 'object' || data === null) throw new ProviderError('token', 'token endpoint answered no JSON object');
  if ('error' in data) throw new ProviderError('token', `token endpoint answered error ${errorCode(data)}`);
  try {
    return new OAuth2Tokens(data as object).accessToken();
  } catch {
    throw new ProviderError('token', 'token endpoint answered no access_token');
  }
}

function errorCode(data: unknown): string {
  const e = (data as { error?: unknown } | null)?.error;
  return typeof e === 'string' ? e.slice(0, 60) : '';
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const httpUrl = (v: unknown): string | null => {
  const s = str(v);
  return s && /^https?:\/\//i.test(s) ? s : null;
};

/** Kakao `GET /v2/user/me` → profile. The e-mail only when Kakao marks it valid and verified. */
export function parseKakaoProfile(json: unknown): ProviderProfile {
  const j = json as {
    id?: unknown;
    properties?: { nickname?: unknown; profile_image?: unknown };
    kakao_account?: {
      profile?: { nickname?: unknown; profile_image_url?: unknown; is_default_image?: unknown };
      email?: unknown;
      is_email_valid?: unknown;
      is_email_verified?: unknown;
    };
  };
  const id = typeof j?.id === 'number' || typeof j?.id === 'string' ? String(j.id) : '';
  if (!id) throw new ProviderError('profile', 'kakao user info has no id');
  const account = j.kakao_account ?? {};
  const profile = account.profile ?? {};
  const emailOk = account.is_email_valid !== false && account.is_email_verified !== false;
  const email = str(account.email);
  return {
    id,
    name: str(profile.nickname) ?? str(j.properties?.nickname),
    profileImage: profile.is_default_image === true ? null : (httpUrl(profile.profile_image_url) ?? httpUrl(j.properties?.profile_image)),
    email: email && emailOk ? email.toLowerCase() : null,
  };
}

/** Naver `GET /v1/nid/me` → profile (`resultcode` must be `00`). */
export function parseNaverProfile(json: unknown): ProviderProfile {
  const j = json as { resultcode?: unknown; response?: { id?: unknown; name?: unknown; nickname?: unknown; profile_image?: unknown; email?: unknown } };
  if (j?.resultcode !== undefined && j.resultcode !== '00') throw new ProviderError('profile', `naver user info resultcode ${String(j.resultcode)}`);
  const r = j?.response ?? {};
  const id = str(r.id);
  if (!id) throw new ProviderError('profile', 'naver user info has no id');
  const email = str(r.email);
  return { id, name: str(r.name) ?? str(r.nickname), profileImage: httpUrl(r.profile_image), email: email ? email.toLowerCase() : null };
}

/**
 * Reads the member's profile with the access token.
 * @throws ProviderError('profile') on any failure.
 */
export async function fetchProfile(provider: SocialProvider, cfg: OAuthProviderConfig, accessToken: string, fetchFn: typeof fetch = fetch): Promise<ProviderProfile> {
  let json: unknown;
  try {
    const res = await fetchFn(cfg.userInfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new ProviderError('profile', `user info answered ${res.status}`);
    json = await res.json();
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw new ProviderError('profile', `user info request failed: ${(error as Error).message}`);
  }
  return provider === 'kakao' ? parseKakaoProfile(json) : parseNaverProfile(json);
}
