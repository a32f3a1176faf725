/**
 * Rate-limit plugin: @fastify/rate-limit (not global) plus `app.limiter(...)`, which builds a
 * preHandler counting requests per key (an e-mail, an account, a member or `request.ip`).
 * Several limiters can guard one route (e.g. per e-mail AND per IP): each has its own counter.
 * Over the limit the request gets 429 `RATE_LIMITED` (common/errors.ts)
 * and `Retry-After` (seconds). `request.ip` honours X-Forwarded-For only when TRUST_PROXY is set.
 * With `redisUrl` (REDIS_URL) the counters live in Redis (@fastify/rate-limit's Redis store, one
 * ioredis client closed with the app), so every instance counts together; keys start with the
 * prefix (default `bapsang:rl:`), then the library's route part (`undefinedundefined-` for
 * `createRateLimit`, which has no route), then `{limiter name}:{key}`. Without it they live in memory.
 */
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { FastifyRequest } from 'fastify';
import type { RateLimitRule, RateLimits } from '../config.ts';
import { fail } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The effective limits (config with test overrides applied). */
    rateLimits: RateLimits;
    /**
     * A preHandler allowing `rule.max` requests per `rule.windowMs` for each value of `key(request)`;
     * `name` separates the counters of different limiters.
     */
    limiter: (name: string, rule: RateLimitRule, key: (request: FastifyRequest) => string) => (request: FastifyRequest) => Promise<void>;
    /**
     * The same counter outside an HTTP request (issue #32 item 3: a STOMP SEND): a function that
     * counts one use for `key` under limiter `name` and throws 429 RATE_LIMITED (with
     * `Retry-After`) over `rule.max` per `rule.windowMs`. A `limiter` of the same name and key
     * shares its counter.
     */
    budget: (name: string, rule: RateLimitRule) => (key: string) => Promise<void>;
  }
}

/** The client IP as Fastify resolved it (X-Forwarded-For only behind a trusted proxy). */
export const byIp = (request: FastifyRequest): string => request.ip;

/** Namespace of the counters in Redis (tests use a random one per app). */
export const RATE_LIMIT_KEY_PREFIX = 'bapsang:rl:';

/** Options: the limits; REDIS_URL to share the counters between instances; their key prefix there. */
export interface RateLimitPluginOptions {
  limits: RateLimits;
  redisUrl?: string;
  keyPrefix?: string;
}

/** Registers the limiter factory with the given limits. */
export const rateLimitPlugin = fp<RateLimitPluginOptions>(
  async (app, opts) => {
    let redis: Redis | undefined;
    if (opts.redisUrl) {
      redis = new Redis(opts.redisUrl, { maxRetriesPerRequest: 3 });
      redis.on('error', (err) => app.log.error({ err }, 'rate limit redis error'));
      const client = redis;
      app.addHook('onClose', async () => {
        await client.quit().catch(() => undefined);
      });
    }
    await app.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: opts.keyPrefix ?? RATE_LIMIT_KEY_PREFIX } : {}) });
    app.decorate('rateLimits', opts.limits);
    app.decorate('limiter', (name: string, rule: RateLimitRule, key: (request: FastifyRequest) => string) => {
      const check = app.createRateLimit({
        max: rule.max,
        timeWindow: rule.windowMs,
        keyGenerator: (request) => `${name}:${key(request)}`,
      });
      return async (request: FastifyRequest) => {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          fail('RATE_LIMITED', { headers: { 'retry-after': String(result.ttlInSeconds) } });
        }
      };
    });
    app.decorate('budget', (name: string, rule: RateLimitRule) => {
      // The library counts per request; outside one, a request-shaped value carries the key.
      const limit = app.limiter(name, rule, (request) => (request as unknown as { budgetKey: string }).budgetKey);
      return (key: string) => limit({ budgetKey: key, routeOptions: { config: {} } } as unknown as FastifyRequest);
    });
  },
  { name: 'rate-limit' },
);
