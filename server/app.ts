/**
 * Builds the Fastify application from its plugins and modules (DESIGN.md server layout). `main.ts`
 * listens with it; tests call `buildApp(config, overrides)` and use `app.inject`.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import Fastify, { type FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config, RateLimits } from './config.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { requestValidatorCompiler } from './lib/validation.ts';
import { clientErrorResponse, errorBody } from './lib/errors.ts';
import { securityPlugin } from './plugins/security.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { dbPlugin } from './plugins/db.ts';
import type { DbTarget } from './db/database.ts';
import { authPlugin } from './plugins/auth.ts';
import { mailPlugin, type Mailer } from './plugins/mail.ts';
import { storagePlugin } from './plugins/storage.ts';
import { docsPlugin } from './plugins/docs.ts';
import { operationsPlugin } from './plugins/operations.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { pushPlugin, type PushMessaging, type PushSender } from './plugins/push.ts';
import { staticPlugin } from './plugins/static.ts';
import { loadMemberPageRenderer, type MemberPageRenderer } from './plugins/member-pages.ts';
import { ogTagsFor } from './lib/og.ts';
import { AppLogController, observabilityPlugin, requestIdOf } from './plugins/observability.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { oauthRoutes } from './modules/oauth/routes.ts';
import { requestLogSerializer } from './modules/oauth/log-redact.ts';
import { createImagesService } from './modules/images/service.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { imagesRoutes } from './modules/images/routes.ts';
import { featuredRoutes } from './modules/featured/routes.ts';
import { createFeaturedService, reviewCandidatesFrom } from './modules/featured/service.ts';
import { reviewsRoutes } from './modules/reviews/routes.ts';
import { combineNotifiers, notifierPlugin, type Notifier } from './plugins/notifier.ts';
import { brokerPlugin, stompPlugin } from './plugins/realtime.ts';
import type { StompOptions } from './realtime/stomp-server.ts';
import { chatEndingNotifier, chatLivePlugin } from './modules/chat/live.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { tableLivePlugin, tableNotifier } from './modules/chat/table-live.ts';
import { tableRoutes } from './modules/chat/table-routes.ts';
import { liveNotifier } from './modules/notifications/live-notifier.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import { outboxPlugin, stageNotices, type OutboxOptions } from './modules/notifications/outbox.ts';
import { blocksRoutes } from './modules/blocks/routes.ts';
import { shareRoutes } from './modules/share/routes.ts';
import { reportsRoutes } from './modules/reports/routes.ts';
import { closeSchedulesOf, markReviewed, setScheduleHidden, createMatchesService } from './modules/meals/matches/service.ts';
import { pushRoutes } from './modules/push/routes.ts';
import { schedulesRoutes } from './modules/meals/schedules/routes.ts';
import { matchesRoutes } from './modules/meals/matches/routes.ts';
import { calendarRoutes } from './modules/meals/matches/calendar-routes.ts';
import { remindersPlugin } from './modules/meals/reminders/plugin.ts';
import { memberStatsPlugin } from './modules/meals/member-stats-cache.ts';
import { venuesRoutes } from './modules/venues/routes.ts';
import { boardRoutes } from './modules/board/routes.ts';

/** What tests (and tools) may replace. Everything else comes from `Config`. */
export interface AppOverrides {
  /** Database to open; default: PostgreSQL when `databaseUrl` is set, else PGlite in `${dataDir}/pglite`. */
  database?: DbTarget;
  /** The clock services use (code expiry, token iat/exp). */
  now?: Clock;
  /** Replaces some rate limits (tests use small ones). */
  rateLimits?: Partial<RateLimits>;
  /** Key prefix of the rate-limit counters in Redis (default `bapsang:rl:`; tests use a random one per app). */
  rateLimitKeyPrefix?: string;
  /** Replaces the mail transport (tests capture mails). */
  mailer?: Mailer;
  /** `false` silences the log; `{ stream }` writes it there (tests read it); default: stdout at `config.logLevel`. */
  logger?: false | { stream: { write(line: string): void } };
  /** Also receives every match event, after the live notifier (issue #4) published it (tests record them). */
  notifier?: Notifier;
  /** Random source in [0, 1) for the random match's pick (default `Math.random`). */
  random?: () => number;
  /**
   * Seed the DEMO DATA venue catalogue. Default: only in the embedded default — a PGlite database
   * and no KAKAO_REST_API_KEY (DESIGN.md "Run modes").
   */
  demoVenues?: boolean;
  /** Replaces `fetch` for Kakao Local calls. */
  fetch?: typeof fetch;
  /** Live channel tunables (tests: short heart-beats, a private Redis channel, a push recorder replacing the whole push sender). */
  realtime?: { stomp?: Partial<StompOptions>; redisChannel?: string; pushSender?: PushSender };
  /**
   * Replaces firebase-admin's Messaging under the real FCM push sender (issue #7): tests pass a
   * local recording stand-in answering `BatchResponse`s. Ignored when `realtime.pushSender` is given.
   */
  pushMessaging?: PushMessaging;
  /** Renders members' pages with their data (issue #33 item 2); default: build/ssr/prerender.js beside the compiled server when it exists; null: none. */
  renderMemberPage?: MemberPageRenderer | null;
  /**
   * The notification outbox sweep (issue #28 item 8; server/modules/notifications/outbox.ts):
   * `intervalMs` (default 5000; 0 = no scheduler, tests call `app.outboxSweep()`), `graceMs`
   * (default 10000), `batch` (default 100).
   */
  outbox?: Omit<OutboxOptions, 'now'>;
}

/** pino paths never written to the log (tokens, passwords, codes, device tokens, credentials). */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'authorization',
  'password',
  'newPassword',
  'passwordHash',
  'accessToken',
  'token',
  '*.password',
  '*.newPassword',
  '*.passwordHash',
  '*.accessToken',
  '*.token',
  'body.code',
  '*.body.code',
  // Push (issue #7): device tokens and the Firebase service account never reach the log.
  'tokens',
  '*.tokens',
  'privateKey',
  '*.privateKey',
  'private_key',
  '*.private_key',
  'firebase',
  '*.firebase',
];

/** Trust the nearest `hops` proxies (TRUST_PROXY=<n>). */
function trustHops(hops: number) {
  return (_address: string, index: number) => index < hops;
}

/** Default database for a configuration: PostgreSQL when DATABASE_URL is set, else PGlite on disk. */
export function defaultDatabase(config: Config): DbTarget {
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite-dir', dir: path.join(config.dataDir, 'pglite') };
}

/**
 * Whether the DEMO DATA venue catalogue is seeded: only in the embedded default — PGlite (no
 * DATABASE_URL) and no KAKAO_REST_API_KEY (DESIGN.md "Run modes"; issue #3).
 */
export function seedsDemoVenues(dbKind: DbTarget['kind'], config: Pick<Config, 'kakaoLocal'>): boolean {
  return dbKind !== 'postgres' && !config.kakaoLocal;
}

/** The application instance (Fastify with the TypeBox type provider and our decorators). */
export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Builds (but does not start) the app: plugins first (errors, security + compression, rate
 * limits, db + migrations, auth, mail, storage, Idempotency-Key, push, broker, match notifier (with
 * `app.stageNotices`) and the notification outbox sweep (issue #28 item 8),
 * OpenAPI), then the modules, then static serving
 * with the SPA fallback and JSON 404s. Resolves when everything is ready.
 */
export async function buildApp(config: Config, overrides: AppOverrides = {}) {
  const now = overrides.now ?? systemClock;
  const app = Fastify({
    logger:
      overrides.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: LOG_REDACT, censor: '[redacted]' },
            // Query values of code/state/token (social login URLs) are redacted too.
            serializers: { req: requestLogSerializer },
            ...(overrides.logger ? { stream: overrides.logger.stream } : {}),
          },
    // A hop count becomes proxy-addr's `(addr, i) => i < n`.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Malformed percent-encoding (400) and over-long path parameters (414) are answered by Fastify
    // before any hook: give them our Korean error body too (found by the edge property tests, issue #13).
    frameworkErrors: (error, _request, reply) => {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      void (reply as unknown as FastifyReply).code(status).send(errorBody(status === 414 ? 'URI_TOO_LONG' : 'BAD_URL'));
    },
    // Issue #32 item 9: what Node's HTTP parser refuses (431 headers too large, 408, 400) is answered in Korean JSON too.
    clientErrorHandler: (err: NodeJS.ErrnoException, socket) => {
      if (socket.writable) socket.end(clientErrorResponse(err.code));
      else socket.destroy(err);
    },
    pluginTimeout: 120_000,
    // Issue #20: one log line per request (none for probes), with this id (server/plugins/observability.ts).
    logController: new AppLogController(),
    genReqId: requestIdOf,
  }).withTypeProvider<TypeBoxTypeProvider>();
  // issue #13: JSON bodies are never coerced; path/query values only to finite numbers.
  app.setValidatorCompiler(requestValidatorCompiler());

  await app.register(errorsPlugin);
  await app.register(observabilityPlugin, { metricsToken: config.metricsToken });
  await app.register(securityPlugin, { publicUrl: config.publicUrl, kakao: config.kakaoBrowser });
  // Issue #20: counted once across instances (Redis) when REDIS_URL is set.
  await app.register(rateLimitPlugin, { limits: { ...config.rateLimits, ...overrides.rateLimits }, redisUrl: config.redisUrl, keyPrefix: overrides.rateLimitKeyPrefix });
  const database = overrides.database ?? defaultDatabase(config);
  await app.register(dbPlugin, { target: database });
  await app.register(memberStatsPlugin, { target: database }); // issue #33 item 5: members' figures cached, dropped by every write
  const realtime = {
    redisUrl: config.redisUrl,
    redisChannel: overrides.realtime?.redisChannel,
    now,
    stomp: { allowedOrigins: [config.publicUrl, ...config.wsAllowedOrigins], ...overrides.realtime?.stomp },
  };
  // The broker and the live revocations, before auth (which drops a revoked member's cached account).
  await app.register(brokerPlugin, realtime);
  await app.register(authPlugin, { jwtSecret: config.jwtSecret, dataDir: config.dataDir, now, adminEmails: config.adminEmails, contactEmail: config.contactEmail });
  await app.register(mailPlugin, { smtpUrl: config.smtpUrl, from: config.mailFrom, custom: overrides.mailer });
  await app.register(storagePlugin, { dir: path.join(config.dataDir, 'uploads') });
  // Every authenticated POST under /api honours Idempotency-Key (issue #7); before the modules.
  await app.register(idempotencyPlugin, { now });
  await app.register(pushPlugin, { firebase: config.firebase, publicUrl: config.publicUrl, sender: overrides.realtime?.pushSender, messaging: overrides.pushMessaging });
  // Issue #28 item 8: `app.stageNotices` stores notices in the change's transaction (needs only the
  // transaction, so it is ready before any module); the sweep publishes what a crash left unpublished.
  await app.register(notifierPlugin, { notifier: combineNotifiers(chatEndingNotifier(app), tableNotifier(app), liveNotifier(app, now), overrides.notifier), stageNotices: stageNotices(now) });
  await app.register(outboxPlugin, { now, ...overrides.outbox });
  await app.register(docsPlugin);
  await app.register(operationsPlugin); // app.registeredRoutes: the contract test's view of the routes

  await app.register(healthRoutes);
  await app.register(authRoutes, { now, oauth: config.oauth, publicUrl: config.publicUrl, redisUrl: config.redisUrl, contactEmail: config.contactEmail });
  await app.register(oauthRoutes, { now, oauth: config.oauth, publicUrl: config.publicUrl, storeImage: createImagesService({ storage: app.storage }).store, contactEmail: config.contactEmail });
  // Issue #28 item 8: one meals service, the one writer of match requests and seats; account
  // deletion, blocks and suspensions call it. Its notices are stored in each change's transaction.
  const meals = () => createMatchesService({ db: app.db, now, rules: config.meal, stage: (tx, events) => app.stageNotices(tx, events) });
  await app.register(usersRoutes, {
    now,
    contactEmail: config.contactEmail,
    // Issue #17 account deletion cancels the member's open matches through the matches service.
    cancelMatchesOf: (userId) => meals().cancelAllOf(userId),
    closeSchedulesOf,
  });
  await app.register(imagesRoutes);
  // One featured-reviews service (and cache) shared with the review routes, which invalidate it.
  const featured = createFeaturedService({ loadReviews: reviewCandidatesFrom(app.db), ai: config.ai, aiTimeoutMs: config.aiTimeoutMs });
  await app.register(featuredRoutes, { service: featured });
  await app.register(reviewsRoutes, { now, onChange: featured.invalidate, mealMinutes: config.meal.mealMinutes, markReviewed });
  await app.register(schedulesRoutes, { now, random: overrides.random ?? Math.random });
  // Meal reminders (issue #15): `app.remindersSweep()` and the scheduler.
  await app.register(remindersPlugin, { now, ...config.reminders });
  // A match confirmed inside the reminder lead time is reminded at once (issue #15).
  await app.register(matchesRoutes, { now, rules: config.meal, remindNow: () => app.remindersSweep() });
  await app.register(calendarRoutes, { now, publicUrl: config.publicUrl, mealMinutes: config.meal.mealMinutes });
  await app.register(tableLivePlugin, { now }); // the table chat, reads and the chat list's live side (issue #30)
  await app.register(chatLivePlugin); // app.publishChat and the chat's live destinations (issue #16 item 8)
  await app.register(chatRoutes);
  await app.register(tableRoutes, { now });
  await app.register(notificationsRoutes, { now }); // the inbox + app.notificationStore (issue #16)
  await app.register(pushRoutes);
  // Issue #17: blocks (cancelling the open matches between the two members through the matches service).
  await app.register(blocksRoutes, { now, cancelBetween: (a, b) => meals().cancelBetween(a, b) });
  await app.register(shareRoutes, { now, publicUrl: config.publicUrl }); // 안전 공유 (issue #17 item 9)
  // Issue #17: reports (hiding at 3 reporters) and moderation (/api/admin/*, ADMIN_EMAILS).
  // A suspension cancels the member's open matches through the matches service, like a deletion.
  await app.register(reportsRoutes, { now, cancelMatchesOf: (userId) => meals().cancelAllOf(userId), setScheduleHidden, weightMinAgeHours: config.reportWeightMinAgeHours });
  await app.register(stompPlugin, realtime);
  await app.register(venuesRoutes, {
    now,
    kakao: config.kakaoLocal,
    seedDemo: overrides.demoVenues ?? seedsDemoVenues(app.dbKind, config),
    fetchFn: overrides.fetch,
  });

  await app.register(boardRoutes, { now, publicUrl: config.publicUrl });

  // Issue #18 item 6: shared links of a post or a schedule get Open Graph tags for link previews.
  // Issue #33 item 2: members' 게시판 and 채팅 sent with their data, by the renderer `npm run build`
  // bundles beside the compiled server (build/ssr/prerender.js), which the server run from its
  // sources (the e2e suite's) finds there too; none without a build.
  const renderMemberPage =
    overrides.renderMemberPage !== undefined
      ? overrides.renderMemberPage
      : ((await loadMemberPageRenderer(fileURLToPath(new URL('../ssr/prerender.js', import.meta.url)))) ?? (await loadMemberPageRenderer(fileURLToPath(new URL('../build/ssr/prerender.js', import.meta.url)))));
  await app.register(staticPlugin, { dir: config.staticDir, og: (url) => ogTagsFor(app.db, url, config.publicUrl), renderMemberPage });
  await app.ready();
  return app;
}
