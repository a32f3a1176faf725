/**
 * Social login with Kakao and Naver (issue #8; SPEC §2 auth card and /oauth/callback, §4 session).
 *
 * Flow: `start` records a pending login (state, PKCE verifier) and answers the provider's
 * authorization URL; the provider sends the browser back to `finish`, which checks the state,
 * exchanges the code, reads the profile, finds or creates the member by (provider, provider id) and
 * answers `/oauth/callback?token={one-time code}`; the client trades that code at `exchange` for an
 * access token.
 *
 * State: 32 random bytes (arctic `generateState`). The browser keeps it in an HttpOnly,
 * SameSite=Lax, 10-minute cookie scoped to `/login/oauth2/code/` (binds the flow to the browser
 * that started it: no login CSRF), and the server keeps only its SHA-256 with the PKCE verifier in
 * `oauth_states` (the verifier never leaves the server; the row is deleted on return, so a state
 * works once, on any instance sharing the database).
 *
 * E-mail policy: a provider e-mail is NEVER used to link to an existing account. A new social member
 * gets the provider e-mail as `users.email` only when the provider reports it verified and no other
 * member uses it; otherwise a unique placeholder `{provider}-{hash}@social.invalid` (`.invalid`
 * can never receive mail, so nobody can register or reset with it). Social members have no password:
 * password login and reset never succeed for them.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { generateCodeVerifier, generateState } from 'arctic';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { NAME_MAX } from '../../../common/domain/account.ts';
import { UPLOAD_MAX_BYTES, UPLOADS_PREFIX } from '../../../common/domain/uploads.ts';
import type { AuthResponse } from '../../../common/api/auth.ts';
import type { SocialProvider } from '../../../common/api/auth-providers.ts';
import { oauthLoginCodes, oauthStates, socialAccounts, uploads, users, type UserRow } from '../../db/schema.ts';
import type { Database } from '../../db/database.ts';
import type { TokenIssuer } from '../../plugins/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Config } from '../../config.ts';
import { fail as failWith } from '../../lib/errors.ts';
import { assertNotSuspended } from '../reports/public.ts';
import { isUniqueViolation, toUser } from '../../lib/user-view.ts';
import { ko } from '../../../common/i18n/ko.ts';
import { ProviderError, USES_PKCE, authorizationUrl, exchangeCode, fetchProfile, type ProviderProfile } from './providers.ts';

/** A pending login (state) lives 10 minutes. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;
/** The one-time code of `/oauth/callback?token=…` lives 60 seconds. */
export const LOGIN_CODE_TTL_MS = 60 * 1000;
/** The state cookie: name and path (only the provider's return path ever receives it). */
export const STATE_COOKIE = 'bs_oauth_state';
export const CALLBACK_PATH_PREFIX = '/login/oauth2/code/';

/** Default display names when the provider gives none. */
const FALLBACK_NAME: Record<SocialProvider, string> = ko.auth.socialFallbackName;

/** What the service needs. */
export interface OAuthServiceDeps {
  /** The operator's contact address, told to a suspended member (issue #31 item 6). */
  contactEmail: string;
  db: Database;
  tokens: TokenIssuer;
  now: Clock;
  log: FastifyBaseLogger;
  providers: Config['oauth'];
  publicUrl: string;
  /**
   * Stores a downloaded profile picture as one of our uploads (re-encoded); answers its URL. It
   * records no owner: `createMember` inserts the `uploads` row (issue #13) in the same transaction
   * as the member, since the member row does not exist yet when the picture is stored.
   */
  storeImage?: (bytes: Buffer) => Promise<{ url: string }>;
  fetchFn?: typeof fetch;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A provider `error` value safe to put back into our URL (RFC 6749 error codes are [a-z_]). */
function safeReason(raw: string): string {
  return /^[A-Za-z0-9_.-]{1,64}$/.test(raw) ? raw : 'provider_error';
}

/** Builds the social login service. */
export function createOAuthService(deps: OAuthServiceDeps) {
  const { db, tokens, now, log } = deps;
  const fetchFn = deps.fetchFn ?? fetch;

  const config = (provider: string) =>
    provider === 'kakao' || provider === 'naver' ? (deps.providers[provider] ? { provider: provider as SocialProvider, cfg: deps.providers[provider]! } : null) : null;
  const redirectUri = (provider: SocialProvider) => `${deps.publicUrl}${CALLBACK_PATH_PREFIX}${provider}`;
  const callbackUrl = (params: Record<string, string>) => `${deps.publicUrl}/oauth/callback?${new URLSearchParams(params).toString()}`;
  const fail = (reason: string) => callbackUrl({ error: reason });

  /** Downloads the provider's profile picture into our uploads; null when anything goes wrong. */
  async function importImage(url: string | null): Promise<string | null> {
    if (!url || !deps.storeImage) return null;
    try {
      const res = await fetchFn(url, { redirect: 'follow', signal: AbortSignal.timeout(5_000) });
      if (!res.ok) return null;
      const bytes = Buffer.from(await res.arrayBuffer());
      if (bytes.length === 0 || bytes.length > UPLOAD_MAX_BYTES) return null;
      return (await deps.storeImage(bytes)).url;
    } catch (error) {
      log.warn({ err: error }, 'social profile image not imported');
      return null;
    }
  }

  /** The member of (provider, provider id), if any. */
  async function findLinked(provider: SocialProvider, providerUserId: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select({ user: users })
      .from(socialAccounts)
      .innerJoin(users, eq(users.id, socialAccounts.userId))
      .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.providerUserId, providerUserId)));
    return row?.user;
  }

  /** Creates a new member for a first social login (see the e-mail policy above). */
  async function createMember(provider: SocialProvider, profile: ProviderProfile): Promise<UserRow> {
    const placeholder = `${provider}-${sha256(`${provider}:${profile.id}`).slice(0, 32)}@social.invalid`;
    const name = (profile.name ?? FALLBACK_NAME[provider]).slice(0, NAME_MAX);
    const profileImage = await importImage(profile.profileImage);
    const insert = async (email: string) => {
      const at = now();
      return db.transaction(async (tx) => {
        const [created] = await tx.insert(users).values({ email, name, passwordHash: null, profileImage, isNewUser: true, createdAt: at, updatedAt: at }).returning();
        await tx.insert(socialAccounts).values({ userId: created!.id, provider, providerUserId: profile.id, email: profile.email, createdAt: at });
        // The copied picture becomes the new member's upload (issue #13: profileImage names only own uploads).
        if (profileImage?.startsWith(UPLOADS_PREFIX)) {
          await tx.insert(uploads).values({ name: profileImage.slice(UPLOADS_PREFIX.length), ownerId: created!.id, createdAt: at });
        }
        return created!;
      });
    };
    let email = placeholder;
    if (profile.email) {
      const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, profile.email));
      if (!taken) email = profile.email;
    }
    try {
      return await insert(email);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Either the same provider account signed in twice at once, or the e-mail was taken meanwhile.
      const linked = await findLinked(provider, profile.id);
      if (linked) return linked;
      if (email !== placeholder) return insert(placeholder);
      throw error;
    }
  }

  /** Issues the one-time code (32 random bytes, base64url = 43 characters; only its hash is kept). */
  async function issueLoginCode(userId: number): Promise<string> {
    const code = randomBytes(32).toString('base64url');
    const at = now();
    await db.delete(oauthLoginCodes).where(lt(oauthLoginCodes.expiresAt, at));
    await db.insert(oauthLoginCodes).values({ codeHash: sha256(code), userId, expiresAt: new Date(at.getTime() + LOGIN_CODE_TTL_MS), createdAt: at });
    return code;
  }

  return {
    /**
     * `GET /oauth2/authorization/{provider}`: records a pending login and answers where to send the
     * browser plus the state for the cookie. Unknown or unconfigured provider → `{ error }` URL.
     */
    async start(provider: string): Promise<{ location: string; state: string | null }> {
      const p = config(provider);
      if (!p) return { location: fail('provider'), state: null };
      const state = generateState();
      const codeVerifier = USES_PKCE[p.provider] ? generateCodeVerifier() : null;
      const at = now();
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, at));
      await db.insert(oauthStates).values({ stateHash: sha256(state), provider: p.provider, codeVerifier, expiresAt: new Date(at.getTime() + OAUTH_STATE_TTL_MS), createdAt: at });
      return { location: authorizationUrl(p.provider, p.cfg, redirectUri(p.provider), state, codeVerifier).toString(), state };
    },

    /**
     * `GET /login/oauth2/code/{provider}`: answers the `/oauth/callback` URL to redirect to, with
     * `token` (one-time code) on success or `error` (see common/api/oauth.ts) on failure.
     */
    async finish(provider: string, query: { code?: string; state?: string; error?: string }, cookieState: string | undefined): Promise<string> {
      const p = config(provider);
      if (!p) return fail('provider');
      // The pending login is spent whatever happens next.
      const pending = query.state
        ? (await db.delete(oauthStates).where(and(eq(oauthStates.stateHash, sha256(query.state)), eq(oauthStates.provider, p.provider))).returning())[0]
        : undefined;
      if (query.error) return fail(safeReason(query.error));
      if (!query.state || !cookieState || !sameString(query.state, cookieState) || !pending || pending.expiresAt.getTime() <= now().getTime()) {
        return fail('state');
      }
      if (!query.code) return fail('token');
      try {
        const accessToken = await exchangeCode(
          p.provider,
          p.cfg,
          { code: query.code, redirectUri: redirectUri(p.provider), state: query.state, codeVerifier: pending.codeVerifier },
          fetchFn,
        );
        const profile = await fetchProfile(p.provider, p.cfg, accessToken, fetchFn);
        const member = (await findLinked(p.provider, profile.id)) ?? (await createMember(p.provider, profile));
        return callbackUrl({ token: await issueLoginCode(member.id) });
      } catch (error) {
        if (error instanceof ProviderError) {
          log.warn({ provider: p.provider, reason: error.reason, detail: error.message }, 'social login failed at the provider');
          return fail(error.reason);
        }
        log.error({ err: error }, 'social login failed');
        return fail('server');
      }
    },

    /**
     * `POST /api/auth/social`: trades a one-time code for an access token and the user (once).
     * @throws 401 SOCIAL_CODE_INVALID for an unknown, used or expired code.
     */
    async exchange(code: string): Promise<AuthResponse> {
      const at = now();
      const [row] = await db.delete(oauthLoginCodes).where(eq(oauthLoginCodes.codeHash, sha256(code))).returning();
      if (!row || row.expiresAt.getTime() <= at.getTime()) failWith('SOCIAL_CODE_INVALID');
      const [user] = await db.select().from(users).where(eq(users.id, row.userId));
      if (!user) failWith('SOCIAL_CODE_INVALID');
      // Issue #17: a suspended member cannot sign in socially either.
      assertNotSuspended(user, at, deps.contactEmail);
      return { accessToken: await tokens.sign(user), ...toUser(user, tokens.roleOf(user.email)) };
    },
  };
}

/** The social login service's operations. */
export type OAuthService = ReturnType<typeof createOAuthService>;
