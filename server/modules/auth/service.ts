/**
 * Accounts (issue #2; SPEC §2 auth card, §4 registration, §5, §7, §8; DESIGN.md "forgot password
 * for real"): e-mail verification codes, registration, login, password reset, logout everywhere.
 * Every rule here is observable through the routes in ./routes.ts.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CODE_LENGTH, CODE_MAX_ATTEMPTS, CODE_TTL_MS } from '../../../common/domain/account.ts';
import { missingConsents, PRIVACY_VERSION, TERMS_VERSION } from '../../../common/domain/legal.ts';
import type { AuthResponse, LoginBody, PasswordResetBody, RegisterBody } from '../../../common/api/auth.ts';
import type { SocialProvider } from '../../../common/api/auth-providers.ts';
import { emailCodes, users } from '../../db/schema.ts';
import type { Database } from '../../db/database.ts';
import { accountExistsMail, codeMail, type Mailer } from '../../plugins/mail.ts';
import type { TokenIssuer } from '../../plugins/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import { MESSAGES } from '../../../common/i18n/messages.ts';
import { assertNotSuspended, isSuspended } from '../reports/public.ts';
import { isUniqueViolation, normalizeEmail, toUser } from '../../lib/user-view.ts';

/** After a correct code, registration stays allowed for 30 minutes. */
export const VERIFICATION_VALID_MS = 30 * 60 * 1000;

type Purpose = 'verify' | 'reset' | 'login';

/** What the auth service needs. `now` is injectable so tests can expire codes. */
export interface AuthServiceDeps {
  /** The operator's contact address, told to a suspended member (issue #31 item 6). */
  contactEmail: string;
  db: Database;
  mailer: Mailer;
  tokens: TokenIssuer;
  now: Clock;
  log: FastifyBaseLogger;
  oauth: Partial<Record<SocialProvider, { clientId: string; clientSecret: string } | undefined>>;
  /** The public origin (`PUBLIC_URL`) for links in mails, e.g. the password-reset form. */
  publicUrl: string;
  /**
   * Called after a token-version bump committed (logout everywhere, password reset) with the
   * member and the version now in force; ends their live sessions (issue #13:
   * `app.revokeLiveSessions`, server/plugins/realtime.ts). Must not reject.
   */
  onTokensRevoked?: (userId: number, tokenVersion: number) => Promise<void>;
}

/** Argon2id parameters (OWASP 2023 minimum: 19 MiB, 2 iterations, 1 lane). */
const ARGON = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return argonHash(password, ARGON);
}

/** A 6-digit code from the CSPRNG, zero-padded. */
export function generateCode(): string {
  return randomInt(0, 10 ** CODE_LENGTH).toString().padStart(CODE_LENGTH, '0');
}

function hashCode(code: string, salt: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Builds the auth service. */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, mailer, tokens, now, log } = deps;
  // A real argon2id hash to verify against for unknown e-mails, so both failures take as long.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'));

  async function findUserByEmail(email: string) {
    const [row] = await db.select().from(users).where(eq(users.email, email));
    return row;
  }

  /** Replaces any earlier code of this purpose with a new one (valid 10 minutes) and returns it. */
  async function issueCode(email: string, purpose: Purpose): Promise<{ id: number; code: string }> {
    const code = generateCode();
    const salt = randomBytes(16).toString('hex');
    const id = await db.transaction(async (tx) => {
      await tx.delete(emailCodes).where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)));
      const [row] = await tx
        .insert(emailCodes)
        .values({ email, purpose, codeHash: hashCode(code, salt), salt, expiresAt: new Date(now().getTime() + CODE_TTL_MS), createdAt: now() })
        .returning({ id: emailCodes.id });
      return row!.id;
    });
    return { id, code };
  }

  /**
   * Checks `code` against the live code of `email`/`purpose`. Every try (right or wrong) first
   * reserves one of the CODE_MAX_ATTEMPTS tries atomically, so parallel guesses cannot exceed the
   * limit; after 5 wrong tries the code is dead. Returns the row id of a correct, live code; the
   * caller then claims it atomically with `claimCondition`.
   */
  async function checkCode(email: string, purpose: Purpose, code: string): Promise<number> {
    const [row] = await db
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.verifiedAt), isNull(emailCodes.consumedAt)))
      .orderBy(desc(emailCodes.id))
      .limit(1);
    if (!row) fail('CODE_EXPIRED', { params: { purpose } });
    if (row.attempts >= CODE_MAX_ATTEMPTS) fail('CODE_LOCKED', { params: { purpose } });
    if (row.expiresAt.getTime() <= now().getTime()) fail('CODE_EXPIRED', { params: { purpose } });
    const reserved = await db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(and(eq(emailCodes.id, row.id), lt(emailCodes.attempts, CODE_MAX_ATTEMPTS)))
      .returning({ id: emailCodes.id });
    if (reserved.length === 0) fail('CODE_LOCKED', { params: { purpose } });
    if (!sameHash(hashCode(code, row.salt), row.codeHash)) fail('CODE_MISMATCH', { params: { purpose } });
    return row.id;
  }

  /** The row is still live at `at`: not verified, not consumed, not expired. */
  const claimCondition = (id: number, at: Date) =>
    and(eq(emailCodes.id, id), isNull(emailCodes.verifiedAt), isNull(emailCodes.consumedAt), gt(emailCodes.expiresAt, at));

  async function authResponse(row: typeof users.$inferSelect): Promise<AuthResponse> {
    return { accessToken: await tokens.sign(row), ...toUser(row, tokens.roleOf(row.email)) };
  }

  const service = {
    /**
     * SPEC §7 `POST /api/auth/send-verification-email`: mails a new 6-digit code (earlier codes die).
     * No account enumeration (issue #13): a registered address gets the same answer after the same
     * work — the same lookup, a code issued the same way (never mailed, so it cannot be verified
     * except by guessing, and a wrong guess answers exactly as for a new address), the mail handed
     * to the transport and awaited the same way — but its mail says the address already has an
     * account and links the password reset (`accountExistsMail`), with no code.
     * @throws 502 MAIL_FAILED when the mail cannot be sent (for either kind of address).
     */
    async sendVerificationCode(rawEmail: string): Promise<{ message: string }> {
      const email = normalizeEmail(rawEmail);
      const existing = await findUserByEmail(email);
      const { id, code } = await issueCode(email, 'verify');
      const mail = existing
        ? { to: email, ...accountExistsMail(deps.publicUrl, existing.passwordHash !== null) }
        : { to: email, code, ...codeMail('verify', code, CODE_TTL_MS / 60_000) };
      try {
        await mailer.send(mail);
      } catch (error) {
        await db.delete(emailCodes).where(eq(emailCodes.id, id));
        log.error({ err: error }, 'verification mail failed');
        fail('MAIL_FAILED');
      }
      return { message: MESSAGES.codeSent };
    },

    /**
     * SPEC §7 `POST /api/auth/verify-email`: a correct live code marks the address verified for
     * 30 minutes (single use).
     * @throws 400 CODE_MISMATCH (wrong), CODE_LOCKED (5 wrong tries), CODE_EXPIRED (expired, used or none).
     */
    async verifyEmail(rawEmail: string, code: string): Promise<{ message: string }> {
      const email = normalizeEmail(rawEmail);
      const id = await checkCode(email, 'verify', code);
      const at = now();
      const claimed = await db.update(emailCodes).set({ verifiedAt: at }).where(claimCondition(id, at)).returning({ id: emailCodes.id });
      if (claimed.length === 0) fail('CODE_EXPIRED', { params: { purpose: 'verify' } });
      return { message: MESSAGES.emailVerified };
    },

    /**
     * SPEC §7 `POST /api/auth/register`: creates the member (argon2id) for an address verified in
     * the last 30 minutes and signs them in; `isNewUser` is true until the first profile save.
     * Issue #17 item 1: the three agreements are required and stored with the versions in force.
     * @throws 400 CONSENT_REQUIRED naming the missing agreements ('필수 동의 항목을 확인해주세요: …');
     *   400 EMAIL_NOT_VERIFIED; 409 EMAIL_TAKEN; 400 VALIDATION for a blank name.
     */
    async register(body: RegisterBody): Promise<AuthResponse> {
      const missing = missingConsents(body);
      if (missing.length > 0) fail('CONSENT_REQUIRED', { params: { missing } });
      const email = normalizeEmail(body.email);
      const name = body.name.trim();
      if (!name) fail('NAME_REQUIRED');
      const passwordHash = await hashPassword(body.password);
      const at = now();
      const row = await db
        .transaction(async (tx) => {
          const [verified] = await tx
            .select({ id: emailCodes.id })
            .from(emailCodes)
            .where(
              and(
                eq(emailCodes.email, email),
                eq(emailCodes.purpose, 'verify'),
                isNotNull(emailCodes.verifiedAt),
                isNull(emailCodes.consumedAt),
                gt(emailCodes.verifiedAt, new Date(at.getTime() - VERIFICATION_VALID_MS)),
              ),
            )
            .limit(1);
          if (!verified) fail('EMAIL_NOT_VERIFIED');
          const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
          if (existing) fail('EMAIL_TAKEN');
          const consent = { termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION, consentedAt: at };
          const [created] = await tx.insert(users).values({ email, name, passwordHash, ...consent, createdAt: at, updatedAt: at }).returning();
          await tx.delete(emailCodes).where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, 'verify')));
          return created!;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) fail('EMAIL_TAKEN');
          throw error;
        });
      return authResponse(row);
    },

    /**
     * SPEC §7 `POST /api/auth/login`. Unknown e-mail and wrong password give the same 401 and take
     * the same time (a dummy argon2 verify).
     * @throws 401 LOGIN_FAILED '로그인에 실패했습니다. 이메일과 비밀번호를 확인해주세요.'
     */
    async login(body: LoginBody): Promise<AuthResponse> {
      const row = await findUserByEmail(normalizeEmail(body.email));
      // A social-only member (no password hash) cannot sign in with a password: same answer, same time.
      const ok = row?.passwordHash ? await argonVerify(row.passwordHash, body.password) : (await argonVerify(await dummyHash, body.password), false);
      if (!row || !ok) fail('LOGIN_FAILED');
      // Issue #17: a suspended member is told so (only after the right password, so it reveals nothing).
      assertNotSuspended(row, now(), deps.contactEmail);
      return authResponse(row);
    },

    /**
     * Issue #32 item 4, a new device past the account's failure threshold, first step: answers 401
     * LOGIN_CODE_REQUIRED whatever the password (no oracle for guessers) and, only when the e-mail
     * and password are right (and the member not suspended), mails a one-time code (10 minutes, 5
     * tries) to the account's address.
     * @throws always 401 LOGIN_CODE_REQUIRED '새 기기에서 로그인하려면 이메일로 보낸 인증번호를 입력해주세요.'
     */
    async requireLoginCode(body: LoginBody): Promise<never> {
      const email = normalizeEmail(body.email);
      const row = await findUserByEmail(email);
      const ok = row?.passwordHash ? await argonVerify(row.passwordHash, body.password) : (await argonVerify(await dummyHash, body.password), false);
      if (row && ok && !isSuspended(row, now())) {
        const { code } = await issueCode(email, 'login');
        mailer.send({ to: email, code, ...codeMail('login', code, CODE_TTL_MS / 60_000) }).catch((error: unknown) => log.error({ err: error }, 'login code mail failed'));
      }
      fail('LOGIN_CODE_REQUIRED');
    },

    /**
     * Issue #32 item 4, second step: the code from that mail with the right password signs in (the
     * code is used up). Strangers' failures on the account never stop this.
     * @throws 400 CODE_MISMATCH / CODE_LOCKED / CODE_EXPIRED as for verification; 401 LOGIN_FAILED.
     */
    async loginWithCode(body: LoginBody & { code: string }): Promise<AuthResponse> {
      const email = normalizeEmail(body.email);
      const id = await checkCode(email, 'login', body.code);
      const answer = await service.login(body);
      const at = now();
      await db.update(emailCodes).set({ consumedAt: at }).where(claimCondition(id, at));
      return answer;
    },

    /**
     * DESIGN.md real password reset, step 1. Always the same answer (no account enumeration); the
     * code is mailed only when the account exists, without waiting for the mail server.
     */
    async requestPasswordReset(rawEmail: string): Promise<{ message: string }> {
      const email = normalizeEmail(rawEmail);
      const user = await findUserByEmail(email);
      // Social-only members have no password to reset (issue #8: no linking through the e-mail).
      if (user?.passwordHash) {
        const { code } = await issueCode(email, 'reset');
        mailer.send({ to: email, code, ...codeMail('reset', code, CODE_TTL_MS / 60_000) }).catch((error: unknown) => log.error({ err: error }, 'reset mail failed'));
      }
      return { message: MESSAGES.resetSent };
    },

    /**
     * DESIGN.md real password reset, step 2: with a live code, sets the new password and bumps the
     * token version so every earlier token stops working (one transaction).
     * @throws 400 CODE_MISMATCH / CODE_LOCKED / CODE_EXPIRED as for verification.
     */
    async confirmPasswordReset(body: PasswordResetBody): Promise<{ message: string }> {
      const email = normalizeEmail(body.email);
      const id = await checkCode(email, 'reset', body.code);
      const passwordHash = await hashPassword(body.newPassword);
      const at = now();
      const member = await db.transaction(async (tx) => {
        const claimed = await tx.update(emailCodes).set({ consumedAt: at }).where(claimCondition(id, at)).returning({ id: emailCodes.id });
        if (claimed.length === 0) fail('CODE_EXPIRED', { params: { purpose: 'reset' } });
        const updated = await tx
          .update(users)
          .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: at })
          .where(and(eq(users.email, email), isNotNull(users.passwordHash)))
          .returning({ id: users.id, tokenVersion: users.tokenVersion });
        if (updated.length === 0) fail('CODE_EXPIRED', { params: { purpose: 'reset' } });
        await tx.delete(emailCodes).where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, 'reset')));
        return updated[0]!;
      });
      // Issue #13: open live sessions end too, once the bump committed.
      await deps.onTokensRevoked?.(member.id, member.tokenVersion);
      return { message: MESSAGES.passwordChanged };
    },

    /**
     * `POST /api/auth/logout-all`: bumps the token version; every token issued so far is revoked,
     * and the member's open live sessions end (issue #13).
     */
    async logoutAll(userId: number): Promise<void> {
      const [row] = await db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now() })
        .where(eq(users.id, userId))
        .returning({ tokenVersion: users.tokenVersion });
      if (row) await deps.onTokensRevoked?.(userId, row.tokenVersion);
    },

    /** `GET /api/auth/providers`: providers with both client id and secret configured. */
    providers(): SocialProvider[] {
      return (Object.keys(deps.oauth) as SocialProvider[]).filter((p) => deps.oauth[p]);
    },
  };
  return service;
}

/** The auth service's operations. */
export type AuthService = ReturnType<typeof createAuthService>;
