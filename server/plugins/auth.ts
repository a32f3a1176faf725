/**
 * Auth plugin: HS256 access tokens with jose (issue #2).
 * - `app.tokens.sign(user)` issues a token with `sub` (user id), `ver` (the user's token version),
 *   `iat` and `exp` (7 days).
 * - `app.requireAuth` is a preHandler: it accepts only `Authorization: Bearer <jwt>` signed with
 *   HS256 (explicit allowlist — `alg: none` and every other algorithm are refused), not expired,
 *   not before its `nbf`, for an existing user whose current `tokenVersion` equals `ver`. Any
 *   failure answers 401 (NO_TOKEN, INVALID_TOKEN, TOKEN_EXPIRED, TOKEN_REVOKED), never 5xx. On success `request.user` is set.
 * - Issue #17 moderation: members whose e-mail is in `ADMIN_EMAILS` have `role: "admin"` (a `role`
 *   claim in their tokens; `request.user.role`, read again from the stored e-mail on every request
 *   so removing an address takes effect at once). `app.requireAdmin` answers 403 FORBIDDEN to members.
 * - The secret is `JWT_SECRET`, or one generated once into `${DATA_DIR}/jwt-secret` (mode 0600).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { users } from '../db/schema.ts';
import { appError, fail } from '../lib/errors.ts';
import { isSuspended, suspensionParams } from '../modules/reports/public.ts';
import type { Clock } from '../lib/clock.ts';

/** Access-token lifetime: 7 days, in seconds. */
export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

/** How long a member's token version is trusted from memory (see `accountOf` in `authPlugin`). */
export const ACCOUNT_CACHE_TTL_MS = 60_000;
/** At most this many members' versions are kept in memory. */
export const ACCOUNT_CACHE_MAX = 10_000;
/** At most this many verified tokens are remembered (issue #33 item 5; see `claimsOf` in `authPlugin`). */
export const VERIFIED_TOKEN_CACHE_MAX = 10_000;
/** The only algorithm we sign with and accept. */
export const JWT_ALGORITHMS = ['HS256'] as const;

/** The signed-in member as the auth plugin knows it. */
export interface AuthUser {
  id: number;
  /** Issue #17: `admin` when the member's e-mail is listed in `ADMIN_EMAILS`. */
  role: Role;
}

/** A member's role (issue #17 moderation). */
export type Role = 'admin' | 'member';

/** A verified access token: the member, its expiry (`exp`, seconds since the epoch) and `ver` claim. */
export interface VerifiedToken extends AuthUser {
  exp: number;
  ver: number;
}

/** Issues access tokens. */
export interface TokenIssuer {
  /** Signs a 7-day HS256 token for the user at their current token version (with their `role` claim). */
  sign(user: { id: number; tokenVersion: number; email?: string | null }): Promise<string>;
  /** The role of a member with this e-mail: `admin` when it is listed in `ADMIN_EMAILS` (case-insensitive). */
  roleOf(email: string | null | undefined): Role;
  /**
   * HMAC-SHA256 (base64url) of `data` under a key derived from the JWT secret (issue #17: the
   * signed device cookies of the login rules). Never the JWT key itself.
   */
  mac(data: string): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenIssuer;
    /** preHandler: 401 unless the request carries a valid, unrevoked access token. */
    requireAuth: (request: FastifyRequest) => Promise<void>;
    /** preHandler (issue #17): like `requireAuth`, then 403 FORBIDDEN unless the member is an admin. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /**
     * Verifies a bare access token exactly like `requireAuth` (HS256, not expired, current token
     * version). Answers the member id, the token's `exp` (seconds) and its `ver` (the token
     * version it was signed at; issue #13: the live channel keeps both to re-check every frame
     * without a query); throws a 401 AppError. Used by the live channel's CONNECT
     * (server/realtime/stomp-server.ts).
     */
    verifyToken: (token: string) => Promise<VerifiedToken>;
  }
  interface FastifyRequest {
    /** Set by `requireAuth`; `null` on routes without it. */
    user: AuthUser | null;
    /**
     * The signed-in member of a route registered from an operation (server/plugins/operations.ts):
     * typed non-null in the handlers of `member` and `admin` operations; `null` elsewhere.
     */
    member: AuthUser | null;
  }
}

/**
 * The HS256 key: `configured` when given, else the contents of `${dataDir}/jwt-secret`, created
 * once with 48 random bytes (base64url) and mode 0600.
 */
export async function loadJwtSecret(configured: string | undefined, dataDir: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return new TextEncoder().encode((await readFile(file, 'utf8')).trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return new TextEncoder().encode((await readFile(file, 'utf8')).trim());
    throw error;
  }
  return new TextEncoder().encode(secret);
}


/** Registers `app.tokens`, `app.requireAuth` and `request.user`. Depends on `db` and `broker` (the live revocations). */
export const authPlugin = fp<{ jwtSecret: string | undefined; dataDir: string; now: Clock; adminEmails?: readonly string[]; contactEmail?: string }>(
  async (app, opts) => {
    const key = await loadJwtSecret(opts.jwtSecret, opts.dataDir);
    // A separate key for MACs, derived from the JWT secret (HKDF-style: HMAC(secret, label)).
    const macKey = createHmac('sha256', key).update('bapsang:device-cookie:v1').digest();
    // Issue #19 item 6: imported once. Given the raw bytes, jose imports a WebCrypto key on every
    // sign and verify (a measurable share of each signed-in request).
    const jwtKey = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    const nowSeconds = () => Math.floor(opts.now().getTime() / 1000);
    const admins = new Set((opts.adminEmails ?? []).map((e) => e.trim().toLowerCase()));
    const roleOf = (email: string | null | undefined): Role => (email && admins.has(email.trim().toLowerCase()) ? 'admin' : 'member');

    app.decorate('tokens', {
      async sign(user) {
        const iat = nowSeconds();
        return new SignJWT({ ver: user.tokenVersion, role: roleOf(user.email) })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(String(user.id))
          .setIssuedAt(iat)
          .setExpirationTime(iat + TOKEN_TTL_SECONDS)
          .sign(jwtKey);
      },
      roleOf,
      mac(data) {
        return createHmac('sha256', macKey).update(data).digest('base64url');
      },
    } satisfies TokenIssuer);

    app.decorateRequest('user', null);
    app.decorateRequest('member', null);

    /**
     * Issue #33 item 5: tokens whose signature and claims were already verified, so a member's
     * next requests skip the HMAC (a WebCrypto job on the thread pool per request). Only a token
     * that passed `jwtVerify` is kept, with the claims it carried; its time claims are checked again
     * on every use (`exp`, `nbf` against `opts.now()`), and the token version is checked against the
     * account on every use as before, so a revocation still takes effect at once. Bounded: the oldest
     * entries go beyond `VERIFIED_TOKEN_CACHE_MAX`; an entry is dropped when its token expires.
     */
    const verified = new Map<string, { sub: string | undefined; ver: unknown; exp: number; nbf: number }>();
    const claimsOf = async (token: string) => {
      const at = nowSeconds();
      const cached = verified.get(token);
      if (cached) {
        if (cached.exp <= at) {
          verified.delete(token);
          throw appError('TOKEN_EXPIRED');
        }
        if (cached.nbf <= at) return cached;
      }
      try {
        const { payload } = await jwtVerify(token, jwtKey, {
          algorithms: [...JWT_ALGORITHMS],
          requiredClaims: ['sub', 'iat', 'exp'],
          currentDate: opts.now(),
        });
        const claims = { sub: payload.sub, ver: payload.ver, exp: payload.exp ?? 0, nbf: payload.nbf ?? 0 };
        verified.set(token, claims);
        if (verified.size > VERIFIED_TOKEN_CACHE_MAX) verified.delete(verified.keys().next().value!);
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw appError('TOKEN_EXPIRED');
        throw appError('INVALID_TOKEN');
      }
    };

    /** Verifies a bearer token (see `FastifyInstance.verifyToken`). */
    const verifyToken = async (token: string): Promise<VerifiedToken> => {
      const { sub, ver, exp } = await claimsOf(token);
      if (!sub || !/^[1-9][0-9]{0,9}$/.test(sub) || typeof ver !== 'number' || !Number.isInteger(ver)) {
        throw appError('INVALID_TOKEN');
      }
      const id = Number(sub);
      if (id > 2_147_483_647) throw appError('INVALID_TOKEN');
      const row = await accountOf(id);
      if (!row || row.tokenVersion !== ver || revocations.isRevoked(id, ver)) throw await revokedError(id);
      return { id, exp, ver, role: roleOf(row.email) };
    };

    /**
     * Why a token no longer works (issue #31 item 6), read only on that rare path: the account was
     * deleted (401 ACCOUNT_DELETED "탈퇴가 완료되었어요."), is suspended (401 ACCOUNT_SUSPENDED: until
     * when, why, whom to ask), or the member signed out everywhere / changed the password (401 TOKEN_REVOKED).
     */
    const revokedError = async (id: number) => {
      const [account] = await app.db
        .select({ deletedAt: users.deletedAt, suspendedAt: users.suspendedAt, suspendedUntil: users.suspendedUntil, suspensionReason: users.suspensionReason })
        .from(users)
        .where(eq(users.id, id));
      if (account?.deletedAt) return appError('ACCOUNT_DELETED');
      if (account && isSuspended(account, opts.now())) return appError('ACCOUNT_SUSPENDED', { params: suspensionParams(account, opts.contactEmail ?? '') });
      return appError('TOKEN_REVOKED');
    };

    /**
     * Issue #19 item 6: the token version (and e-mail, for the role) of a member without a database
     * round trip per request. Entries live `ACCOUNT_CACHE_TTL_MS` at most and are dropped as soon as
     * this instance learns of a revocation (logout everywhere, password change, deletion, suspension
     * all bump the version and call `app.revokeLiveSessions`, which every instance hears through the
     * broker), so a revoked token is refused at once everywhere; only with the broker down can an
     * instance accept one for up to the TTL. Bounded: the oldest entries go beyond `ACCOUNT_CACHE_MAX`.
     */
    const accounts = new Map<number, { tokenVersion: number; email: string | null; until: number }>();
    const accountOf = async (id: number): Promise<{ tokenVersion: number; email: string | null } | undefined> => {
      const cached = accounts.get(id);
      if (cached && cached.until > performance.now()) return cached;
      const [row] = await app.db.select({ tokenVersion: users.tokenVersion, email: users.email }).from(users).where(eq(users.id, id));
      if (!row) return undefined;
      accounts.delete(id);
      accounts.set(id, { ...row, until: performance.now() + ACCOUNT_CACHE_TTL_MS });
      if (accounts.size > ACCOUNT_CACHE_MAX) accounts.delete(accounts.keys().next().value!);
      return row;
    };
    // The live channel's revocation list (server/realtime/revocations.ts, from the `broker` plugin,
    // a declared dependency): a revocation drops the cached account at once. `isRevoked` (above)
    // also closes the race of a read that started before a revocation and cached the old version after it.
    const revocations = app.liveRevocations;
    const stopListening = revocations.onRevoked((userId) => accounts.delete(userId));
    app.addHook('onClose', async () => stopListening());
    app.decorate('verifyToken', verifyToken);

    const requireAuth = async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match?.[1]) throw appError('NO_TOKEN');
      const { id, role } = await verifyToken(match[1]);
      request.user = { id, role };
    };
    app.decorate('requireAuth', requireAuth);
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await requireAuth(request);
      if (request.user?.role !== 'admin') fail('FORBIDDEN');
    });
  },
  { name: 'auth', dependencies: ['db', 'broker'] },
);
