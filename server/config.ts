/**
 * Server configuration: the ONLY place that reads `process.env` (STYLE.md habit 1; an ESLint rule
 * enforces it). Every variable is validated once with TypeBox and turned into a typed `Config`.
 * `CONFIG_DOC` lists the variables for the README.
 */
import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';

/** Rate limits (per time window). `windowMs` in milliseconds. */
export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/** Every rate-limited action; each is counted per key (e-mail, account or IP) independently. */
export interface RateLimits {
  /** `POST /api/auth/send-verification-email` per e-mail address. */
  sendCodePerEmail: RateLimitRule;
  /** `POST /api/auth/send-verification-email` and `/password-reset/request` per client IP. */
  sendCodePerIp: RateLimitRule;
  /** `POST /api/auth/password-reset/request` per e-mail address. */
  resetPerEmail: RateLimitRule;
  /** `POST /api/auth/verify-email` and `/password-reset/confirm` per client IP (codes have their own 5-try lock). */
  verifyPerIp: RateLimitRule;
  /**
   * Issue #17 login rules (server/modules/auth/login-guard.ts): failed logins of one account from
   * unknown clients (no device cookie), from all their addresses…
   */
  loginFailuresPerAccount: RateLimitRule;
  /** …and from one address; */
  loginFailuresPerAccountIp: RateLimitRule;
  /** failed logins of a client holding the account's device cookie. */
  loginFailuresPerDevice: RateLimitRule;
  /** `POST /api/auth/login` (every attempt) and the social login routes per client IP: a coarse guard against one address trying many accounts. */
  loginPerIp: RateLimitRule;
  /** `POST /api/auth/register` per client IP. */
  registerPerIp: RateLimitRule;
  /** `POST /api/images/upload` per member. */
  uploadPerUser: RateLimitRule;
  /**
   * Chat messages per member per minute, over HTTP (`POST /api/chat/{matchId}/messages`) and the
   * live channel (SEND `/app/chat/{matchId}`) together (issues #7, #32 item 3).
   */
  chatSendPerUser: RateLimitRule;
  /** Chat messages per member per 10 s, both ways together (issue #32 item 3): a burst guard a fast typist never meets. */
  chatSendBurst: RateLimitRule;
}

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

/**
 * Defaults: generous enough that an end-to-end suite registering ~30 members from 127.0.0.1
 * within minutes never trips a per-IP limit, strict enough per e-mail / account.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  sendCodePerEmail: { max: 5, windowMs: HOUR },
  sendCodePerIp: { max: 60, windowMs: HOUR },
  resetPerEmail: { max: 5, windowMs: HOUR },
  verifyPerIp: { max: 120, windowMs: 15 * MINUTE },
  loginFailuresPerAccount: { max: 20, windowMs: 15 * MINUTE },
  loginFailuresPerAccountIp: { max: 5, windowMs: 15 * MINUTE },
  loginFailuresPerDevice: { max: 5, windowMs: 15 * MINUTE },
  loginPerIp: { max: 200, windowMs: 15 * MINUTE },
  // Issue #32 item 1: what a household needs; one address cannot farm accounts to outvote others.
  registerPerIp: { max: 5, windowMs: HOUR },
  uploadPerUser: { max: 60, windowMs: HOUR },
  chatSendPerUser: { max: 60, windowMs: MINUTE },
  chatSendBurst: { max: 30, windowMs: 10_000 },
};

/** One social login provider: client credentials and its endpoints (real ones by default). */
export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
}

/** The providers' real endpoints (overridable by `{KAKAO,NAVER}_{AUTH,TOKEN,USERINFO}_URL`). */
export const OAUTH_DEFAULT_ENDPOINTS = {
  kakao: {
    authUrl: 'https://kauth.kakao.com/oauth/authorize',
    tokenUrl: 'https://kauth.kakao.com/oauth/token',
    userInfoUrl: 'https://kapi.kakao.com/v2/user/me',
  },
  naver: {
    authUrl: 'https://nid.naver.com/oauth2.0/authorize',
    tokenUrl: 'https://nid.naver.com/oauth2.0/token',
    userInfoUrl: 'https://openapi.naver.com/v1/nid/me',
  },
} as const;

/**
 * The three fields of a Firebase service-account key the push sender needs (issue #7). Never
 * logged: `privateKey` is a secret.
 */
export interface FirebaseCredentials {
  projectId: string;
  clientEmail: string;
  privateKey: string;
}

/** Fastify `trustProxy`: off, on (any hop), a hop count, or a list of trusted addresses / CIDRs. */
export type TrustProxy = boolean | number | string[];

/** The validated, typed configuration. */
export interface Config {
  port: number;
  host: string;
  /** Absolute path; holds `pglite/`, `uploads/` and `jwt-secret`. */
  dataDir: string;
  /** PostgreSQL connection string; when absent the embedded PGlite in `${dataDir}/pglite` is used. */
  databaseUrl: string | undefined;
  /** Redis for the live channel's fan-out between instances (issue #4); unset → in-process. */
  redisUrl: string | undefined;
  /**
   * Extra origins (besides PUBLIC_URL and the request's own scheme+Host) allowed to open the `/ws`
   * live channel from a browser (`ALLOWED_ORIGINS`, issue #16; `WS_ALLOWED_ORIGINS` is read too).
   */
  wsAllowedOrigins: string[];
  /** SMTP connection URL for nodemailer; when absent the labelled development transport logs codes. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** HS256 secret; when absent one is generated once and kept in `${dataDir}/jwt-secret`. */
  jwtSecret: string | undefined;
  /** Public origin, e.g. `https://bapsang.example` (mail links, CSP `connect-src` for WebSockets). */
  publicUrl: string;
  trustProxy: TrustProxy;
  /** Absolute path of the built client; served when it exists. */
  staticDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Bearer token `GET /metrics` requires (issue #20); unset → the endpoint is open. */
  metricsToken: string | undefined;
  /** The operator's published contact address (issue #17: /terms, /privacy, the footer; App Store 1.2). */
  contactEmail: string;
  /** Issue #17 moderation: lower-cased e-mails of the members with the admin role (`ADMIN_EMAILS`). */
  adminEmails: string[];
  /** Social login providers (issue #8); a provider is configured only with both id and secret. */
  oauth: {
    kakao: OAuthProviderConfig | undefined;
    naver: OAuthProviderConfig | undefined;
  };
  rateLimits: RateLimits;
  /**
   * Kakao Local keyword search for `GET /api/venues` (server side; the key never reaches the
   * browser). Absent → the server's own venue catalogue.
   */
  kakaoLocal: { restApiKey: string; baseUrl: string } | undefined;
  /**
   * Which Kakao browser SDKs the built client uses (issue #18): read from the same
   * `VITE_KAKAO_MAP_KEY` / `VITE_KAKAO_JS_KEY` as the client build, so the CSP allows the Kakao
   * hosts only when the client will load them.
   */
  kakaoBrowser: { map: boolean; share: boolean };
  /**
   * OpenAI-compatible chat-completions endpoint that chooses the featured reviews (issue #5); set
   * only when AI_BASE_URL, AI_API_KEY and AI_MODEL are all given. Absent → the rule alone.
   */
  ai: { baseUrl: string; apiKey: string; model: string } | undefined;
  /** Time limit of one model call in ms (AI_TIMEOUT_MS, default 3000). */
  aiTimeoutMs: number;
  /**
   * Firebase service account for FCM push (FIREBASE_CREDENTIALS: a file path or the JSON itself;
   * issue #7). Absent → push is off (DESIGN.md "Run modes").
   */
  firebase: FirebaseCredentials | undefined;
  /**
   * Meal reminders (issue #15 item 8): each side of a CONFIRMED match is told `leadMinutes`
   * (REMINDER_LEAD_MINUTES, default 180, 1–1440) before the start; the scheduler looks every
   * `checkSeconds` (REMINDER_CHECK_SECONDS, default 30, 1–60: "at least every minute").
   */
  reminders: { leadMinutes: number; checkSeconds: number };
  /**
   * The meal's clock (issue #28 items 1 and 6): "안 나왔어요" opens `noShowGraceMinutes` after the
   * start (NO_SHOW_GRACE_MINUTES, default 30, 0–240); a meal lasts `mealMinutes` (MEAL_MINUTES,
   * default 90, 30–360): reviews open at its end and the calendar export spans it.
   */
  meal: { noShowGraceMinutes: number; mealMinutes: number };
  /**
   * Issue #32 item 1: a report counts toward hiding content only when its reporter's account is at
   * least this many hours old (REPORT_WEIGHT_MIN_AGE_HOURS, default 72, 0–8760) and they had a meal
   * that happened or wrote a post or comment at least that old; 0 counts every reporter.
   */
  reportWeightMinAgeHours: number;
}

const Optional = (schema: ReturnType<typeof Type.String>) => Type.Optional(schema);
const NonEmpty = (description: string) => Type.String({ minLength: 1, description });
const Int = '^[0-9]+$';

/** The raw environment as TypeBox checks it (all strings; empty strings count as unset). */
const EnvSchema = Type.Object({
  PORT: Optional(Type.String({ pattern: Int })),
  HOST: Optional(NonEmpty('listen address')),
  DATA_DIR: Optional(NonEmpty('data directory')),
  DATABASE_URL: Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  REDIS_URL: Optional(Type.String({ pattern: '^rediss?://' })),
  WS_ALLOWED_ORIGINS: Optional(Type.String({ pattern: '^https?://[^/,\\s]+(,\\s*https?://[^/,\\s]+)*$' })),
  ALLOWED_ORIGINS: Optional(Type.String({ pattern: '^https?://[^/,\\s]+(,\\s*https?://[^/,\\s]+)*$' })),
  SMTP_URL: Optional(Type.String({ pattern: '^smtps?://' })),
  MAIL_FROM: Optional(NonEmpty('sender address')),
  JWT_SECRET: Optional(Type.String({ minLength: 32 })),
  PUBLIC_URL: Optional(Type.String({ pattern: '^https?://[^/]+$' })),
  TRUST_PROXY: Optional(NonEmpty('trust proxy')),
  STATIC_DIR: Optional(NonEmpty('static dir')),
  LOG_LEVEL: Optional(Type.String({ pattern: '^(fatal|error|warn|info|debug|trace|silent)$' })),
  METRICS_TOKEN: Optional(Type.String({ minLength: 16 })),
  CONTACT_EMAIL: Optional(Type.String({ pattern: '^[^@\\s]+@[^@\\s]+$', maxLength: 254, description: 'an e-mail address' })),
  ADMIN_EMAILS: Optional(NonEmpty('admin e-mails')),
  KAKAO_CLIENT_ID: Optional(NonEmpty('kakao id')),
  KAKAO_CLIENT_SECRET: Optional(NonEmpty('kakao secret')),
  NAVER_CLIENT_ID: Optional(NonEmpty('naver id')),
  NAVER_CLIENT_SECRET: Optional(NonEmpty('naver secret')),
  KAKAO_AUTH_URL: Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  KAKAO_TOKEN_URL: Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  KAKAO_USERINFO_URL: Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  NAVER_AUTH_URL: Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  NAVER_TOKEN_URL: Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  NAVER_USERINFO_URL: Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  KAKAO_REST_API_KEY: Optional(NonEmpty('kakao rest api key')),
  VITE_KAKAO_MAP_KEY: Optional(Type.String()),
  VITE_KAKAO_JS_KEY: Optional(Type.String()),
  KAKAO_LOCAL_BASE_URL: Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  AI_BASE_URL: Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  AI_API_KEY: Optional(NonEmpty('ai api key')),
  AI_MODEL: Optional(NonEmpty('ai model')),
  AI_TIMEOUT_MS: Optional(Type.String({ pattern: Int })),
  FIREBASE_CREDENTIALS: Optional(NonEmpty('firebase service account')),
  RATE_LIMIT_SEND_CODE_PER_EMAIL: Optional(Type.String({ pattern: Int })),
  RATE_LIMIT_SEND_CODE_PER_IP: Optional(Type.String({ pattern: Int })),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: Optional(Type.String({ pattern: Int })),
  RATE_LIMIT_LOGIN_PER_IP: Optional(Type.String({ pattern: Int })),
  RATE_LIMIT_REGISTER_PER_IP: Optional(Type.String({ pattern: Int })),
  RATE_LIMIT_VERIFY_PER_IP: Optional(Type.String({ pattern: Int })),
  RATE_LIMIT_CHAT_PER_MINUTE: Optional(Type.String({ pattern: Int })),
  RATE_LIMIT_CHAT_PER_10S: Optional(Type.String({ pattern: Int })),
  REMINDER_LEAD_MINUTES: Optional(Type.String({ pattern: Int })),
  REMINDER_CHECK_SECONDS: Optional(Type.String({ pattern: Int })),
  NO_SHOW_GRACE_MINUTES: Optional(Type.String({ pattern: Int })),
  MEAL_MINUTES: Optional(Type.String({ pattern: Int })),
  REPORT_WEIGHT_MIN_AGE_HOURS: Optional(Type.String({ pattern: Int })),
});
type Env = Static<typeof EnvSchema>;

/** One row of the configuration table (README). */
export interface ConfigDocRow {
  name: keyof Env;
  default: string;
  meaning: string;
}

/** Every environment variable the server reads, its default and meaning (copy into README). */
export const CONFIG_DOC: readonly ConfigDocRow[] = [
  { name: 'PORT', default: '8080', meaning: 'HTTP port (API, client, uploads on one port)' },
  { name: 'HOST', default: '0.0.0.0', meaning: 'listen address' },
  { name: 'DATA_DIR', default: './data', meaning: 'embedded database (`pglite/`), uploads (`uploads/`) and the generated `jwt-secret`' },
  { name: 'DATABASE_URL', default: '(unset → PGlite in DATA_DIR)', meaning: 'PostgreSQL connection string, e.g. postgres://user:pw@host:5432/db' },
  { name: 'REDIS_URL', default: '(unset → in-process)', meaning: 'Redis for several instances: pub/sub for the live channel (`/ws`: every instance delivers to the others\' clients) and the shared counters of the rate limits and login rules (counted once across instances)' },
  {
    name: 'ALLOWED_ORIGINS',
    default: '(unset → same origin and PUBLIC_URL)',
    meaning: 'comma-separated extra browser origins allowed to open the `/ws` live channel, e.g. http://localhost:5173 (WS_ALLOWED_ORIGINS is read too)',
  },
  { name: 'WS_ALLOWED_ORIGINS', default: '(unset)', meaning: 'the older name of ALLOWED_ORIGINS; both lists are used' },
  { name: 'SMTP_URL', default: '(unset → dev mail log)', meaning: 'SMTP server for codes, e.g. smtp://user:pw@mail:587; unset prints `[DEV MAIL — not sent]` lines to the log' },
  { name: 'MAIL_FROM', default: '밥상친구 <no-reply@localhost>', meaning: 'sender of code mails' },
  { name: 'JWT_SECRET', default: '(unset → generated once into DATA_DIR/jwt-secret, mode 0600)', meaning: 'HS256 signing secret, at least 32 characters; set it (same value) on every instance' },
  { name: 'PUBLIC_URL', default: 'http://localhost:PORT', meaning: 'public origin (no path); used for the CSP WebSocket source' },
  { name: 'TRUST_PROXY', default: 'false', meaning: 'honour X-Forwarded-For: `true`, a hop count, or comma-separated proxy addresses/CIDRs' },
  { name: 'STATIC_DIR', default: './dist', meaning: 'built client served with SPA fallback (skipped when missing)' },
  { name: 'LOG_LEVEL', default: 'info', meaning: 'pino level: fatal, error, warn, info, debug, trace, silent' },
  { name: 'CONTACT_EMAIL', default: 'contact@localhost', meaning: 'the operator\'s contact address shown on /terms, /privacy and in the footer (set it in production)' },
  { name: 'METRICS_TOKEN', default: '(unset → /metrics open)', meaning: 'at least 16 characters; `GET /metrics` (Prometheus) then needs `Authorization: Bearer {METRICS_TOKEN}`' },
  {
    name: 'ADMIN_EMAILS',
    default: '(unset → no admins)',
    meaning: 'comma-separated e-mails (case-insensitive) of the members with the admin role: the reports queue, hiding content and suspensions at /admin',
  },
  { name: 'KAKAO_CLIENT_ID', default: '(unset)', meaning: 'Kakao login; listed by /api/auth/providers only with KAKAO_CLIENT_SECRET' },
  { name: 'KAKAO_CLIENT_SECRET', default: '(unset)', meaning: 'see KAKAO_CLIENT_ID' },
  { name: 'NAVER_CLIENT_ID', default: '(unset)', meaning: 'Naver login; listed by /api/auth/providers only with NAVER_CLIENT_SECRET' },
  { name: 'NAVER_CLIENT_SECRET', default: '(unset)', meaning: 'see NAVER_CLIENT_ID' },
  { name: 'KAKAO_AUTH_URL', default: OAUTH_DEFAULT_ENDPOINTS.kakao.authUrl, meaning: 'Kakao authorization endpoint (tests point the three Kakao URLs at a local stand-in)' },
  { name: 'KAKAO_TOKEN_URL', default: OAUTH_DEFAULT_ENDPOINTS.kakao.tokenUrl, meaning: 'Kakao token endpoint' },
  { name: 'KAKAO_USERINFO_URL', default: OAUTH_DEFAULT_ENDPOINTS.kakao.userInfoUrl, meaning: 'Kakao user info endpoint' },
  { name: 'NAVER_AUTH_URL', default: OAUTH_DEFAULT_ENDPOINTS.naver.authUrl, meaning: 'Naver authorization endpoint (tests point the three Naver URLs at a local stand-in)' },
  { name: 'NAVER_TOKEN_URL', default: OAUTH_DEFAULT_ENDPOINTS.naver.tokenUrl, meaning: 'Naver token endpoint' },
  { name: 'NAVER_USERINFO_URL', default: OAUTH_DEFAULT_ENDPOINTS.naver.userInfoUrl, meaning: 'Naver user info endpoint' },
  { name: 'KAKAO_REST_API_KEY', default: '(unset → own venue catalogue)', meaning: 'Kakao Local REST key: GET /api/venues searches Kakao (keyword search, answers cached 60 s) from the server; the key is sent only to Kakao' },
  { name: 'KAKAO_LOCAL_BASE_URL', default: 'https://dapi.kakao.com', meaning: 'Kakao Local API origin (tests point it at a local stand-in)' },
  { name: 'VITE_KAKAO_MAP_KEY', default: '(unset → Leaflet + OpenStreetMap)', meaning: 'Kakao Maps JavaScript key, read by the client build (maps, Kakao clusterer, geocoding) and by the server (the CSP then allows dapi.kakao.com and *.daumcdn.net); set it for both' },
  { name: 'VITE_KAKAO_JS_KEY', default: '(unset → no KakaoTalk share)', meaning: 'Kakao JavaScript key, read by the client build (공유하기 offers KakaoTalk share, SDK from t1.kakaocdn.net on demand) and by the server (the CSP then allows t1.kakaocdn.net); set it for both' },
  { name: 'AI_BASE_URL', default: '(unset → the rule alone)', meaning: 'OpenAI-compatible API root (e.g. https://api.openai.com/v1); with AI_API_KEY and AI_MODEL a model chooses the featured reviews among the rule\'s top candidates' },
  { name: 'AI_API_KEY', default: '(unset)', meaning: 'bearer key for AI_BASE_URL (sent only there)' },
  { name: 'AI_MODEL', default: '(unset)', meaning: 'model name for the chat-completions call' },
  { name: 'AI_TIMEOUT_MS', default: '3000', meaning: 'time limit of the model call; on time-out, error or an invalid answer the rule\'s order is used' },
  {
    name: 'FIREBASE_CREDENTIALS',
    default: '(unset → push off)',
    meaning:
      'Firebase service-account key for FCM push: a path to the JSON file or the JSON itself (needs `project_id`, `client_email`, `private_key`); checked at start-up. Unset: no push, said once in the start-up log',
  },
  { name: 'RATE_LIMIT_SEND_CODE_PER_EMAIL', default: '5', meaning: 'verification mails per e-mail per hour' },
  { name: 'RATE_LIMIT_SEND_CODE_PER_IP', default: '60', meaning: 'code mails (verification + reset) per IP per hour' },
  { name: 'RATE_LIMIT_LOGIN_PER_ACCOUNT', default: '20', meaning: 'failed logins of one account from clients without its device cookie, per 15 minutes after which such clients need a code mailed to the account (5 per address; a signed-in device counts only its own 5)' },
  { name: 'RATE_LIMIT_LOGIN_PER_IP', default: '200', meaning: 'login attempts per IP per 15 minutes' },
  { name: 'RATE_LIMIT_REGISTER_PER_IP', default: '5', meaning: 'registrations per IP per hour (a household; issue #32 item 1)' },
  { name: 'RATE_LIMIT_VERIFY_PER_IP', default: '120', meaning: 'code checks (e-mail verification, password reset) per IP per 15 minutes' },
  { name: 'RATE_LIMIT_CHAT_PER_MINUTE', default: '60', meaning: 'chat messages per member per minute, over HTTP and the live channel together' },
  { name: 'RATE_LIMIT_CHAT_PER_10S', default: '30', meaning: 'chat messages per member per 10 seconds, over HTTP and the live channel together' },
  { name: 'REMINDER_LEAD_MINUTES', default: '180', meaning: 'minutes before a confirmed meal\'s start when both members get the `meal_reminder` notification (1–1440; a match confirmed later than that is reminded at once)' },
  { name: 'REMINDER_CHECK_SECONDS', default: '30', meaning: 'how often each instance looks for meals to remind (1–60 seconds); each reminder is claimed in the database, so it goes out once whatever the number of instances' },
  { name: 'NO_SHOW_GRACE_MINUTES', default: '30', meaning: 'minutes after a meal\'s start from which a member may say the partner did not come (0–240; before that 409 TOO_EARLY)' },
  { name: 'REPORT_WEIGHT_MIN_AGE_HOURS', default: '72', meaning: 'a report counts toward hiding content only when its reporter\'s account is this many hours old and they had a meal that happened or wrote a post or comment that old (0–8760; 0 counts every reporter); other reports still reach the admin queue' },
  { name: 'MEAL_MINUTES', default: '90', meaning: 'how long a meal lasts, in minutes (30–360): reviews open at its end and the calendar export spans it' },
];

/** The names of every environment variable the server reads (the keys of its schema). */
export const ENV_NAMES = Object.keys(EnvSchema.properties) as (keyof Env)[];

/**
 * The text of `.env.example` (issue #20 item 1): every variable of `CONFIG_DOC`, commented out,
 * with its meaning and default. `npm run env:example` writes it; a test keeps the file in step.
 */
export function envExample(): string {
  const lines = [
    '# 밥상친구 server configuration. Generated from server/config.ts (CONFIG_DOC) by `npm run env:example`;',
    '# do not edit by hand. Every variable is optional: uncomment and set what differs from the default.',
  ];
  for (const row of CONFIG_DOC) lines.push('', `# ${row.meaning}`, `# Default: ${row.default}`, `# ${row.name}=`);
  return `${lines.join('\n')}\n`;
}

/** Thrown when the environment is invalid; lists every offending variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads FIREBASE_CREDENTIALS: the service-account JSON itself (when it starts with `{` or `[`) or the path
 * of its file. Checks that `project_id`, `client_email` and `private_key` are non-empty strings and
 * that the key is a readable PEM private key. Error messages never quote the file's contents.
 *
 * @throws ConfigError naming FIREBASE_CREDENTIALS and what is wrong.
 */
export function parseFirebaseCredentials(raw: string): FirebaseCredentials {
  const fail = (why: string) => new ConfigError(`Invalid environment:\n  FIREBASE_CREDENTIALS: ${why}`);
  let text = raw.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) {
    const file = path.resolve(text);
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw fail(`cannot read the service-account file ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'}); give its path or the JSON itself`);
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw fail('not valid JSON (expected a Firebase service-account key: a JSON object)');
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw fail('not a JSON object (expected a Firebase service-account key)');
  const fields = json as Record<string, unknown>;
  const missing = ['project_id', 'client_email', 'private_key'].filter((k) => typeof fields[k] !== 'string' || !(fields[k] as string).trim());
  if (missing.length > 0) throw fail(`the service-account key lacks ${missing.join(', ')}`);
  const privateKey = fields.private_key as string;
  try {
    createPrivateKey(privateKey);
  } catch {
    throw fail('private_key is not a PEM private key');
  }
  return { projectId: fields.project_id as string, clientEmail: fields.client_email as string, privateKey };
}

function parseTrustProxy(raw: string | undefined): TrustProxy {
  if (raw === undefined) return false;
  const v = raw.trim().toLowerCase();
  if (v === 'false' || v === '0' || v === 'off' || v === 'no') return false;
  if (v === 'true' || v === 'on' || v === 'yes') return true;
  if (/^[0-9]+$/.test(v)) return Number(v);
  return raw.split(',').map((s) => s.trim()).filter(Boolean);
}

/**
 * Reads and validates the environment (default: `process.env`) once.
 * Empty strings are treated as unset. Relative paths resolve against the working directory.
 *
 * @throws ConfigError listing every invalid variable (the process should exit).
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.properties)) {
    const value = source[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  if (!Value.Check(EnvSchema, raw)) {
    const problems = [...Value.Errors(EnvSchema, raw)].map((e) => `${e.instancePath.slice(1) || '(env)'}: ${e.message}`);
    throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const env = raw as Env;
  const port = env.PORT ? Number(env.PORT) : 8080;
  if (port < 1 || port > 65535) throw new ConfigError('Invalid environment:\n  PORT: must be 1–65535');
  const reminderLead = env.REMINDER_LEAD_MINUTES ? Number(env.REMINDER_LEAD_MINUTES) : 180;
  if (reminderLead < 1 || reminderLead > 1440) throw new ConfigError('Invalid environment:\n  REMINDER_LEAD_MINUTES: must be 1–1440');
  const reminderCheck = env.REMINDER_CHECK_SECONDS ? Number(env.REMINDER_CHECK_SECONDS) : 30;
  if (reminderCheck < 1 || reminderCheck > 60) throw new ConfigError('Invalid environment:\n  REMINDER_CHECK_SECONDS: must be 1–60 (at least every minute)');
  const noShowGrace = env.NO_SHOW_GRACE_MINUTES ? Number(env.NO_SHOW_GRACE_MINUTES) : 30;
  if (noShowGrace > 240) throw new ConfigError('Invalid environment:\n  NO_SHOW_GRACE_MINUTES: must be 0–240');
  const mealMinutes = env.MEAL_MINUTES ? Number(env.MEAL_MINUTES) : 90;
  const reportWeightHours = env.REPORT_WEIGHT_MIN_AGE_HOURS ? Number(env.REPORT_WEIGHT_MIN_AGE_HOURS) : 72;
  if (reportWeightHours > 8760) throw new ConfigError('Invalid environment:\n  REPORT_WEIGHT_MIN_AGE_HOURS: must be 0–8760');
  if (mealMinutes < 30 || mealMinutes > 360) throw new ConfigError('Invalid environment:\n  MEAL_MINUTES: must be 30–360');
  const provider = (
    id: string | undefined,
    secret: string | undefined,
    defaults: { authUrl: string; tokenUrl: string; userInfoUrl: string },
    urls: { authUrl?: string; tokenUrl?: string; userInfoUrl?: string },
  ): OAuthProviderConfig | undefined =>
    id && secret
      ? {
          clientId: id,
          clientSecret: secret,
          authUrl: urls.authUrl ?? defaults.authUrl,
          tokenUrl: urls.tokenUrl ?? defaults.tokenUrl,
          userInfoUrl: urls.userInfoUrl ?? defaults.userInfoUrl,
        }
      : undefined;
  const perHour = (v: string | undefined, rule: RateLimitRule): RateLimitRule => (v ? { ...rule, max: Number(v) } : rule);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    wsAllowedOrigins: [env.ALLOWED_ORIGINS, env.WS_ALLOWED_ORIGINS].flatMap((list) => (list ?? '').split(',')).map((o) => o.trim()).filter(Boolean),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? '밥상친구 <no-reply@localhost>',
    jwtSecret: env.JWT_SECRET,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    staticDir: path.resolve(env.STATIC_DIR ?? './dist'),
    logLevel: (env.LOG_LEVEL as Config['logLevel'] | undefined) ?? 'info',
    metricsToken: env.METRICS_TOKEN,
    contactEmail: env.CONTACT_EMAIL ?? 'contact@localhost',
    adminEmails: (env.ADMIN_EMAILS ?? '').split(',').map((e) => e.trim().toLowerCase()).filter(Boolean),
    oauth: {
      kakao: provider(env.KAKAO_CLIENT_ID, env.KAKAO_CLIENT_SECRET, OAUTH_DEFAULT_ENDPOINTS.kakao, {
        authUrl: env.KAKAO_AUTH_URL,
        tokenUrl: env.KAKAO_TOKEN_URL,
        userInfoUrl: env.KAKAO_USERINFO_URL,
      }),
      naver: provider(env.NAVER_CLIENT_ID, env.NAVER_CLIENT_SECRET, OAUTH_DEFAULT_ENDPOINTS.naver, {
        authUrl: env.NAVER_AUTH_URL,
        tokenUrl: env.NAVER_TOKEN_URL,
        userInfoUrl: env.NAVER_USERINFO_URL,
      }),
    },
    kakaoBrowser: { map: Boolean(env.VITE_KAKAO_MAP_KEY?.trim()), share: Boolean(env.VITE_KAKAO_JS_KEY?.trim()) },
    kakaoLocal: env.KAKAO_REST_API_KEY
      ? { restApiKey: env.KAKAO_REST_API_KEY, baseUrl: (env.KAKAO_LOCAL_BASE_URL ?? 'https://dapi.kakao.com').replace(/\/+$/, '') }
      : undefined,
    ai:
      env.AI_BASE_URL && env.AI_API_KEY && env.AI_MODEL
        ? { baseUrl: env.AI_BASE_URL.replace(/\/+$/, ''), apiKey: env.AI_API_KEY, model: env.AI_MODEL }
        : undefined,
    aiTimeoutMs: env.AI_TIMEOUT_MS ? Number(env.AI_TIMEOUT_MS) : 3000,
    firebase: env.FIREBASE_CREDENTIALS ? parseFirebaseCredentials(env.FIREBASE_CREDENTIALS) : undefined,
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      sendCodePerEmail: perHour(env.RATE_LIMIT_SEND_CODE_PER_EMAIL, DEFAULT_RATE_LIMITS.sendCodePerEmail),
      sendCodePerIp: perHour(env.RATE_LIMIT_SEND_CODE_PER_IP, DEFAULT_RATE_LIMITS.sendCodePerIp),
      loginFailuresPerAccount: perHour(env.RATE_LIMIT_LOGIN_PER_ACCOUNT, DEFAULT_RATE_LIMITS.loginFailuresPerAccount),
      loginPerIp: perHour(env.RATE_LIMIT_LOGIN_PER_IP, DEFAULT_RATE_LIMITS.loginPerIp),
      registerPerIp: perHour(env.RATE_LIMIT_REGISTER_PER_IP, DEFAULT_RATE_LIMITS.registerPerIp),
      verifyPerIp: perHour(env.RATE_LIMIT_VERIFY_PER_IP, DEFAULT_RATE_LIMITS.verifyPerIp),
      chatSendPerUser: perHour(env.RATE_LIMIT_CHAT_PER_MINUTE, DEFAULT_RATE_LIMITS.chatSendPerUser),
      chatSendBurst: perHour(env.RATE_LIMIT_CHAT_PER_10S, DEFAULT_RATE_LIMITS.chatSendBurst),
    },
    reminders: { leadMinutes: reminderLead, checkSeconds: reminderCheck },
    meal: { noShowGraceMinutes: noShowGrace, mealMinutes },
    reportWeightMinAgeHours: reportWeightHours,
  };
}
