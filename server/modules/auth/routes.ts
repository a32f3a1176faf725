/**
 * Account routes (issue #2; SPEC §7 auth calls; DESIGN.md real password reset), registered from
 * the operations of common/api/auth.ts and common/api/auth-providers.ts.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  confirmPasswordReset,
  login,
  logoutAll,
  register,
  requestPasswordReset,
  sendVerificationEmail,
  verifyEmail,
  type AuthResponse,
} from '../../../common/api/auth.ts';
import { listAuthProviders } from '../../../common/api/auth-providers.ts';
import { cookieHeader, readCookie } from '../../lib/cookies.ts';
import { AppError } from '../../lib/errors.ts';
import { normalizeEmail } from '../../lib/user-view.ts';
import { route } from '../../plugins/operations.ts';
import { byIp } from '../../plugins/rate-limit.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Config } from '../../config.ts';
import { createLoginGuard, DEVICE_COOKIE_MAX_AGE_SECONDS, memoryFailureCounter, redisFailureCounter } from './login-guard.ts';
import { createAuthService } from './service.ts';

/** The e-mail of a validated JSON body, normalised (rate-limit key). */
const byBodyEmail = (request: FastifyRequest) => normalizeEmail((request.body as { email: string }).email);

/** Registers `/api/auth/*`. */
export const authRoutes: FastifyPluginAsync<{ now: Clock; oauth: Config['oauth']; publicUrl: string; redisUrl?: string; contactEmail: string }> = async (app, opts) => {
  const service = createAuthService({
    contactEmail: opts.contactEmail,
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

  route(app, sendVerificationEmail, async (request) => service.sendVerificationCode(request.body.email), {
    limiters: [codeMailPerIp, app.limiter('verify-mail-email', limits.sendCodePerEmail, byBodyEmail)],
  });

  route(app, verifyEmail, async (request) => service.verifyEmail(request.body.email, request.body.code), { limiters: [codeCheckPerIp] });

  route(app, register, async (request, reply) => reply.code(201).send(await service.register(request.body)), {
    limiters: [app.limiter('register-ip', limits.registerPerIp, byIp)],
  });

  // Issue #32 item 4: past the account's failure threshold a client without its device cookie needs
  // the mailed code; a success sets the device cookie (server/modules/auth/login-guard.ts).
  route(
    app,
    login,
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
    { limiters: [app.limiter('login-ip', limits.loginPerIp, byIp)] },
  );

  route(app, requestPasswordReset, async (request) => service.requestPasswordReset(request.body.email), {
    limiters: [codeMailPerIp, app.limiter('reset-mail-email', limits.resetPerEmail, byBodyEmail)],
  });

  route(app, confirmPasswordReset, async (request) => service.confirmPasswordReset(request.body), { limiters: [codeCheckPerIp] });

  route(app, logoutAll, async (request, reply) => {
    await service.logoutAll(request.member.id);
    return reply.code(204).send(null);
  });

  route(app, listAuthProviders, async () => ({ providers: service.providers() }));
};
