/**
 * Login that can't be used against a member (issue #17 item 8; OWASP "Slow Down Online Guessing
 * Attacks with Device Cookies"). Only failed logins count, and a successful one clears the failures of the client that
 * succeeded (its address for that account, its device):
 * - an unknown client (no valid device cookie for the account) is refused after
 *   `loginFailuresPerAccountIp` failures (5) for that account from its address, or
 *   `loginFailuresPerAccount` failures (20) for that account from all unknown clients, per window
 *   (15 min);
 * - a successful login sets a signed, HttpOnly device cookie for that account; a client presenting
 *   it is held only to its own failures (`loginFailuresPerDevice`, 5), so strangers guessing from
 *   anywhere never lock the owner out of a device they signed in on before;
 * - issue #32 item 4: past those thresholds an unknown client is not refused: it must add a one-time
 *   code mailed to the account (`gate` answers `code`), so strangers' failures never lock the owner
 *   out of a new device; a device past its own failures → 429 LOGIN_LOCKED "로그인 시도가 너무
 *   많아요. {n}분 뒤에 다시 시도해주세요." with `Retry-After` (seconds).
 * Counters live in Redis when REDIS_URL is set (every instance counts together; a sorted set of
 * failure times per key) and in memory otherwise.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RateLimitRule } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';

/** Failure times per key within a sliding window. */
export interface FailureCounter {
  /** Failures within the window and when the oldest of them leaves it (ms from now; 0 when none). */
  count(key: string, windowMs: number): Promise<{ count: number; freeInMs: number }>;
  add(key: string, windowMs: number): Promise<void>;
  clear(...keys: string[]): Promise<void>;
  close(): Promise<void>;
}

/** In-process counter (one instance). */
export function memoryFailureCounter(now: Clock): FailureCounter {
  const times = new Map<string, number[]>();
  const live = (key: string, windowMs: number) => {
    const t = now().getTime();
    const list = (times.get(key) ?? []).filter((at) => at > t - windowMs);
    if (list.length) times.set(key, list);
    else times.delete(key);
    return { list, t };
  };
  return {
    async count(key, windowMs) {
      const { list, t } = live(key, windowMs);
      return { count: list.length, freeInMs: list.length ? list[0]! + windowMs - t : 0 };
    },
    async add(key, windowMs) {
      const { list, t } = live(key, windowMs);
      times.set(key, [...list, t]);
    },
    async clear(...keys) {
      for (const k of keys) times.delete(k);
    },
    async close() {
      times.clear();
    },
  };
}

/** Redis counter (shared by every instance): one sorted set of failure times per key. */
export function redisFailureCounter(url: string, now: Clock, onError: (err: Error) => void, prefix = 'bapsang:login:'): FailureCounter {
  const redis = new Redis(url, { maxRetriesPerRequest: 3 });
  redis.on('error', onError);
  return {
    async count(key, windowMs) {
      const t = now().getTime();
      const k = prefix + key;
      const [, count, oldest] = (await redis
        .multi()
        .zremrangebyscore(k, 0, t - windowMs)
        .zcard(k)
        .zrange(k, 0, 0, 'WITHSCORES')
        .exec())!.map(([err, value]) => {
        if (err) throw err;
        return value;
      }) as [number, number, string[]];
      return { count, freeInMs: count > 0 && oldest[1] ? Number(oldest[1]) + windowMs - t : 0 };
    },
    async add(key, windowMs) {
      const t = now().getTime();
      const k = prefix + key;
      await redis.multi().zadd(k, t, `${t}-${randomBytes(4).toString('hex')}`).pexpire(k, windowMs).exec();
    },
    async clear(...keys) {
      if (keys.length) await redis.del(...keys.map((k) => prefix + k));
    },
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}

/** The three rules (config `rateLimits`). */
export interface LoginRules {
  loginFailuresPerAccountIp: RateLimitRule;
  loginFailuresPerAccount: RateLimitRule;
  loginFailuresPerDevice: RateLimitRule;
}

/** Name prefix of the device cookies: one per account (`bs_device_{account tag}`). */
export const DEVICE_COOKIE_PREFIX = 'bs_device_';
/** Device cookies live a year. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Who is trying: the account (normalised e-mail), the client address and the cookies it sent. */
export interface LoginAttempt {
  email: string;
  ip: string;
  cookie: (name: string) => string | undefined;
}

/**
 * The login guard. `mac` signs device cookies (server/plugins/auth.ts `tokens.mac`). Call
 * `check` before verifying the password, then `failed` or `succeeded`.
 */
export function createLoginGuard(deps: { counter: FailureCounter; rules: LoginRules; mac: (data: string) => string }) {
  const { counter, rules, mac } = deps;
  const cookieName = (email: string) => `${DEVICE_COOKIE_PREFIX}${mac(`account:${email}`).slice(0, 12)}`;
  /** The device id of a valid device cookie for this account, else null (absent, tampered, another account's). */
  const deviceOf = (a: LoginAttempt): string | null => {
    const value = a.cookie(cookieName(a.email));
    const m = value ? /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
    return m && mac(`device:${a.email}:${m[1]}`) === m[2] ? m[1]! : null;
  };
  const keys = (a: LoginAttempt) => ({ account: `acct:${a.email}`, accountIp: `acctip:${a.email}:${a.ip}`, device: (d: string) => `device:${d}` });

  const refuse = (freeInMs: number): never => {
    const seconds = Math.max(1, Math.ceil(freeInMs / 1000));
    return fail('LOGIN_LOCKED', { params: { minutes: Math.max(1, Math.ceil(seconds / 60)) }, headers: { 'retry-after': String(seconds) } });
  };

  return {
    /**
     * How this client may try this account now: `open` (the password alone), or — issue #32 item 4,
     * nobody can lock an owner out — `code` when it has no device cookie and the account is past
     * `loginFailuresPerAccountIp` failures from its address or `loginFailuresPerAccount` from all
     * unknown clients: it must add the one-time code mailed to the account. Throws 429 LOGIN_LOCKED
     * only for a device past its own `loginFailuresPerDevice` failures.
     */
    async gate(a: LoginAttempt): Promise<'open' | 'code'> {
      const k = keys(a);
      const device = deviceOf(a);
      if (device) {
        const d = await counter.count(k.device(device), rules.loginFailuresPerDevice.windowMs);
        if (d.count >= rules.loginFailuresPerDevice.max) refuse(d.freeInMs);
        return 'open';
      }
      const [pair, account] = await Promise.all([
        counter.count(k.accountIp, rules.loginFailuresPerAccountIp.windowMs),
        counter.count(k.account, rules.loginFailuresPerAccount.windowMs),
      ]);
      return pair.count >= rules.loginFailuresPerAccountIp.max || account.count >= rules.loginFailuresPerAccount.max ? 'code' : 'open';
    },
    /** Counts a failed attempt: on the device when it has a valid cookie, else on the account and the account+address. */
    async failed(a: LoginAttempt): Promise<void> {
      const k = keys(a);
      const device = deviceOf(a);
      if (device) return counter.add(k.device(device), rules.loginFailuresPerDevice.windowMs);
      await Promise.all([counter.add(k.accountIp, rules.loginFailuresPerAccountIp.windowMs), counter.add(k.account, rules.loginFailuresPerAccount.windowMs)]);
    },
    /**
     * Clears this client's failures (its address for this account, its device); answers the device
     * cookie to set (name, value). Strangers' failures on the account stay counted: a success
     * elsewhere does not give them a fresh 20.
     */
    async succeeded(a: LoginAttempt): Promise<{ name: string; value: string }> {
      const k = keys(a);
      const device = deviceOf(a) ?? randomBytes(16).toString('base64url');
      await counter.clear(k.accountIp, k.device(device));
      return { name: cookieName(a.email), value: `${device}.${mac(`device:${a.email}:${device}`)}` };
    },
  };
}
