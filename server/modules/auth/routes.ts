/**
 * Account routes (issue #2; SPEC §7 auth calls; DESIGN.md real password reset).
 * All bodies are JSON and validated against common/api/auth.ts; errors are `{ message, code }`.
 */
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AuthResponse, EmailBody, LoginBody, MessageBody, PasswordResetBody, RegisterBody, VerifyEmailBody } from '../../../common/api/auth.ts';
import { AuthProvidersResponse } from '../../../common/api/auth-providers.ts';
import { cookieHeader, readCookie } from '../../lib/cookies.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/http.ts';
import { normalizeEmail } from '../../lib/user-view.ts';
import { byIp } from '../../plugins/rate-limit.ts';
import { BEARER } from '../../plugins/docs.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Config } from '../../config.ts';
import { createLoginGuard, DEVICE_COOKIE_MAX_AGE_SECONDS, DEVICE_COOKIE_PREFIX, memoryFailureCounter, redisFailureCounter } from './login-guard.ts';
import { createAuthService } from './service.ts';

const tags = ['auth'];
/** The e-mail of a validated JSON body, normalised (rate-limit key). */
const byBodyEmail = (request: FastifyRequest) => normalizeEmail((request.body as { email: string }).email);

/** Registers `/api/auth/*`. */
export const authRoutes: FastifyPluginAsyncTypebox<{ now: Clock; oauth: Config['oauth']; publicUrl: string; redisUrl?: string }> = async (app, opts) => {
  const service = createAuthService({
    db: app.db,
    mailer: app.mailer,
    tokens: app.tokens,
    now: opts.now,
    log: app.log,
    oauth: opts.oauth,
    publicUrl: opts.publicUrl,
    // Issue #13: logout everywhere and password reset end the member's live sessions too.
    onTokensRevoked: app.revokeLiveSessions,
  });
  const limits = app.rateLimits;
  // Issue #17 item 8: only failed logins count, per account / account+address / device cookie.
  const counter = opts.redisUrl
    ? redisFailureCounter(opts.redisUrl, opts.now, (err) => app.log.error({ err }, 'login counter redis error'))
    : memoryFailureCounter(opts.now);
  app.addHook('onClose', () => counter.close());
  const guard = createLoginGuard({ counter, rules: limits, mac: app.tokens.mac });
  const secureCookies = opts.publicUrl.startsWith('https://');
  const codeMailPerIp = app.limiter('code-mail-ip', limits.sendCodePerIp, byIp);
  const codeCheckPerIp = app.limiter('code-check-ip', limits.verifyPerIp, byIp);

  app.post(
    '/api/auth/send-verification-email',
    {
      preHandler: [codeMailPerIp, app.limiter('verify-mail-email', limits.sendCodePerEmail, byBodyEmail)],
      schema: {
        tags,
        security: [],
        summary: '회원가입 인증번호 메일 보내기',
        description:
          'Mails a 6-digit code (valid 10 minutes, single use, 5 wrong tries) to a not-yet-registered address; earlier codes die. ' +
          "A registered address gets the same 200 `{ message: '인증번호를 이메일로 보냈습니다.' }` after the same work (no account enumeration, issue #13), " +
          'but its mail says it already has an account and links the password reset (`{PUBLIC_URL}/auth?mode=forgotPassword`) instead of a code. ' +
          'SPEC §2 register, §7. 429 per e-mail (5/h) or per IP (60/h), for both kinds of address alike; 502 when the mail server fails.',
        body: EmailBody,
        response: { 200: MessageBody, ...errorResponses(400, 429, 502) },
      },
    },
    async (request) => service.sendVerificationCode(request.body.email),
  );

  app.post(
    '/api/auth/verify-email',
    {
      preHandler: [codeCheckPerIp],
      schema: {
        tags,
        security: [],
        summary: '인증번호 확인',
        description:
          "Checks the code. 200 `{ message: '이메일 인증이 완료되었습니다.' }` and registration is allowed for 30 minutes. " +
          "400 CODE_MISMATCH '인증번호가 올바르지 않습니다.'; 400 CODE_LOCKED after 5 wrong tries; 400 CODE_EXPIRED when expired, used or never sent (request a new code).",
        body: VerifyEmailBody,
        response: { 200: MessageBody, ...errorResponses(400, 429) },
      },
    },
    async (request) => service.verifyEmail(request.body.email, request.body.code),
  );

  app.post(
    '/api/auth/register',
    {
      preHandler: [app.limiter('register-ip', limits.registerPerIp, byIp)],
      schema: {
        tags,
        security: [],
        summary: '회원가입',
        description:
          "Creates the member for a verified e-mail and signs them in (201, `isNewUser: true`). `agreeTerms`, `agreePrivacy` and `ageConfirmed` (14 or older) must be true " +
          "(issue #17; stored with the versions of /terms and /privacy in force) → else 400 CONSENT_REQUIRED '필수 동의 항목을 확인해주세요: …' naming what is missing. 400 EMAIL_NOT_VERIFIED '이메일 인증을 먼저 완료해주세요.'; " +
          "409 EMAIL_TAKEN '이미 가입된 이메일입니다.'. SPEC §4 registration, §7.",
        body: RegisterBody,
        response: { 201: AuthResponse, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.register(request.body)),
  );

  app.post(
    '/api/auth/login',
    {
      preHandler: [app.limiter('login-ip', limits.loginPerIp, byIp)],
      schema: {
        tags,
        security: [],
        summary: '로그인',
        description:
          "Access token (HS256, 7 days) plus the user fields. Unknown e-mail and wrong password both answer 401 LOGIN_FAILED '로그인에 실패했습니다. 이메일과 비밀번호를 확인해주세요.'. " +
          `Issue #17: only failures count and a success clears them. Issue #32 item 4: a client without the account's device cookie, after ${limits.loginFailuresPerAccountIp.max} failures for the account from its address or ${limits.loginFailuresPerAccount.max} from all such clients per ${limits.loginFailuresPerAccount.windowMs / 60_000} min, is not refused: ` +
          "whatever the password it gets 401 LOGIN_CODE_REQUIRED '새 기기에서 로그인하려면 이메일로 보낸 인증번호를 입력해주세요.', and with the right password a 6-digit code is mailed to the account (10 min, 5 tries); the same body with `code` then signs in (400 CODE_MISMATCH / CODE_LOCKED / CODE_EXPIRED otherwise). " +
          `a success sets an HttpOnly device cookie (\`${DEVICE_COOKIE_PREFIX}…\`, path /api/auth/login, a year) and a client presenting it is held only to its own ${limits.loginFailuresPerDevice.max} failures (then 429 LOGIN_LOCKED '로그인 시도가 너무 많아요. {n}분 뒤에 다시 시도해주세요.' with Retry-After). ` +
          `429 RATE_LIMITED per IP (${limits.loginPerIp.max} attempts / ${limits.loginPerIp.windowMs / 60_000} min). ` +
          "403 SUSPENDED '이용이 정지된 계정이에요. ({date}까지)' (KST; without the parenthesis when suspended until lifted) for a suspended member with the right password (issue #17 item 6). SPEC §7, §8.",
        body: LoginBody,
        response: { 200: AuthResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const attempt = { email: normalizeEmail(request.body.email), ip: request.ip, cookie: (name: string) => readCookie(request, name) };
      const gate = await guard.gate(attempt);
      let answer: AuthResponse;
      try {
        const { code } = request.body;
        if (gate === 'open') answer = await service.login(request.body);
        else answer = code ? await service.loginWithCode({ ...request.body, code }) : await service.requireLoginCode(request.body);
      } catch (error) {
        if (error instanceof AppError && error.code === 'LOGIN_FAILED') await guard.failed(attempt);
        throw error;
      }
      const device = await guard.succeeded(attempt);
      reply.header('set-cookie', cookieHeader(device.name, device.value, { path: '/api/auth/login', maxAgeSeconds: DEVICE_COOKIE_MAX_AGE_SECONDS, secure: secureCookies }));
      return answer;
    },
  );

  app.post(
    '/api/auth/password-reset/request',
    {
      preHandler: [codeMailPerIp, app.limiter('reset-mail-email', limits.resetPerEmail, byBodyEmail)],
      schema: {
        tags,
        security: [],
        summary: '비밀번호 재설정 코드 요청',
        description:
          "Always 200 `{ message: '비밀번호 재설정 코드를 이메일로 보냈습니다.' }` (no account enumeration); the code is mailed only when the account exists. DESIGN.md.",
        body: EmailBody,
        response: { 200: MessageBody, ...errorResponses(400, 429) },
      },
    },
    async (request) => service.requestPasswordReset(request.body.email),
  );

  app.post(
    '/api/auth/password-reset/confirm',
    {
      preHandler: [codeCheckPerIp],
      schema: {
        tags,
        security: [],
        summary: '비밀번호 재설정',
        description:
          "Sets the new password with the mailed code; every earlier token stops working. 200 `{ message: '비밀번호가 변경되었습니다. 새 비밀번호로 로그인해주세요.' }`; " +
          '400 CODE_MISMATCH / CODE_LOCKED / CODE_EXPIRED.',
        body: PasswordResetBody,
        response: { 200: MessageBody, ...errorResponses(400, 429) },
      },
    },
    async (request) => service.confirmPasswordReset(request.body),
  );

  app.post(
    '/api/auth/logout-all',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '모든 기기에서 로그아웃',
        description: 'Revokes every access token of the caller (token version bump). 204; 401 without a valid token.',
        security: BEARER,
        response: { 204: Type.Null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await service.logoutAll(request.user!.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/auth/providers',
    {
      schema: {
        tags,
        security: [],
        summary: '사용 가능한 소셜 로그인',
        description: 'Providers with a configured client id and secret (none by default); the login card shows only these buttons.',
        response: { 200: AuthProvidersResponse },
      },
    },
    async () => ({ providers: service.providers() }),
  );
};
