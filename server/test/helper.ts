/**
 * Test helper: builds the whole app on a fresh database per test file and talks to it through
 * `app.inject` (STYLE.md habit 8).
 * - default: an in-memory PGlite;
 * - `TEST_DATABASE=postgres` (vitest project `node-postgres`): a new PostgreSQL database named
 *   `bs_test_<random>` is created from `DATABASE_URL`, migrated, used, and dropped on close.
 * Mails are captured in `mails` (unless a real SMTP URL is given); the clock can be moved forward.
 */
import type { MemberPageRenderer } from '../plugins/member-pages.ts';
import { createHash, randomBytes } from 'node:crypto';
import { access, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { buildApp, type AppOverrides } from '../app.ts';
import { loadConfig, type RateLimits } from '../config.ts';
import { PGLITE_EXTENSIONS, pgliteStartParams, type DbTarget } from '../db/database.ts';
import type { MailMessage } from '../plugins/mail.ts';
import type { MatchEvent } from '../plugins/notifier.ts';
import { users } from '../db/schema.ts';

/** A movable clock: `now()` is real time plus `offsetMs`. */
export class TestClock {
  offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  /** Makes `now()` answer `at` (and move on in real time from there). */
  set(at: Date | number): void {
    this.offsetMs = new Date(at).getTime() - Date.now();
  }
  /** Back to real time. */
  reset(): void {
    this.offsetMs = 0;
  }
}

/** Options for `createTestApp`. */
export interface TestAppOptions {
  rateLimits?: Partial<RateLimits>;
  /** Renders members' pages (issue #33 item 2; default: none, the server run from its sources has no bundle). */
  renderMemberPage?: MemberPageRenderer | null;
  /** Extra environment for `loadConfig` (e.g. STATIC_DIR, SMTP_URL, TRUST_PROXY, KAKAO_*). */
  env?: Record<string, string>;
  /** Use the configured mail transport (SMTP_URL or dev log) instead of capturing. */
  realMailer?: boolean;
  /** Collect the JSON log lines (at `env.LOG_LEVEL`, default `silent` otherwise) into `logs`. */
  captureLogs?: boolean;
  /** Seed the DEMO DATA venue catalogue (default false, so both databases start empty). */
  demoVenues?: boolean;
  /** Random source for the random match (default `Math.random`). */
  random?: () => number;
  /** Replaces `fetch` for Kakao Local calls. */
  fetch?: typeof fetch;
  /** Live channel tunables (issue #4). */
  realtime?: AppOverrides['realtime'];
  /** A stand-in for firebase-admin's Messaging under the real FCM push sender (issue #7). */
  pushMessaging?: AppOverrides['pushMessaging'];
  /** The notification outbox sweep (issue #28 item 8): interval, grace, batch (see `AppOverrides.outbox`). */
  outbox?: AppOverrides['outbox'];
  /** Use this database (another test app's `dbTarget`) instead of a fresh one; it is not dropped on close. */
  sharedDatabase?: DbTarget;
  /**
   * Key prefix of the rate-limit counters when REDIS_URL is set: default a random one per app, so
   * runs on a shared Redis never collide; give two apps the same one to share their counters.
   */
  rateLimitKeyPrefix?: string;
}

/** What `createTestApp` answers: the app, captured mails and logs, the clock and helpers. */
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A migrated, empty PGlite database as a `dumpDataDir` file, made once per set of migrations and
 * PGlite version (in the OS temp dir, shared by every test worker): loading it takes about 0.4 s
 * where a new in-memory PGlite (initdb) and the migrations take 2–6 s on a loaded 2-core machine.
 */
let templatePath: Promise<string> | null = null;
function pgliteTemplate(): Promise<string> {
  templatePath ??= (async () => {
    const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
    const migrations = path.join(root, 'server', 'db', 'migrations');
    // The installed PGlite's package.json (its version) is part of the key.
    const hash = createHash('sha256').update(await readFile(path.join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
    for (const name of (await readdir(migrations, { recursive: true })).sort()) {
      const file = path.join(migrations, String(name));
      if ((await stat(file)).isFile()) hash.update(name).update(await readFile(file));
    }
    const file = path.join(tmpdir(), `bapsang-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
    try {
      await access(file);
      return file;
    } catch {
      // Not made yet: migrate a new database and dump it; write-then-rename, so a worker racing
      // this one never reads half a file.
    }
    const { close, dump } = await openTemplateSource();
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(tmp, Buffer.from(await (await dump()).arrayBuffer()));
    await close();
    await rename(tmp, file);
    return file;
  })();
  return templatePath;
}

/** A migrated in-memory PGlite and a way to dump it. */
async function openTemplateSource() {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // The app's own PGlite settings and extensions (cube, earthdistance: migration 0012).
  const client = new PGlite({ startParams: pgliteStartParams(), extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  await migrate(drizzle(client), { migrationsFolder: path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'db', 'migrations') });
  return { close: () => client.close(), dump: () => client.dumpDataDir('none') };
}

/** A fresh database target for this test file, and how to drop it afterwards. */
async function freshDatabase(): Promise<{ target: DbTarget; drop: () => Promise<void> }> {
  if (process.env.TEST_DATABASE !== 'postgres') return { target: { kind: 'pglite-memory', template: await pgliteTemplate() }, drop: async () => {} };
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const name = `bs_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString() },
    drop: async () => {
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** Builds the app for one test file. Call `close()` in `afterAll`. */
export async function createTestApp(options: TestAppOptions = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bs-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    STATIC_DIR: path.join(dataDir, 'no-client'),
    LOG_LEVEL: 'silent',
    // Fresh test members count as reporters (issue #32 item 1); the weighting's own test sets it.
    REPORT_WEIGHT_MIN_AGE_HOURS: '0',
    // One test file registers many members from one address.
    RATE_LIMIT_REGISTER_PER_IP: '10000',
    ...options.env,
  });
  const mails: MailMessage[] = [];
  const logs: string[] = [];
  /** Every match event the notifier received, in order. */
  const events: MatchEvent[] = [];
  const clock = new TestClock();
  const db = options.sharedDatabase ? { target: options.sharedDatabase, drop: async () => {} } : await freshDatabase();
  const app = await buildApp(config, {
    database: db.target,
    now: clock.now,
    rateLimits: options.rateLimits,
    rateLimitKeyPrefix: options.rateLimitKeyPrefix ?? `bapsang:test:rl:${randomBytes(6).toString('hex')}:`,
    mailer: options.realMailer ? undefined : { kind: 'custom', send: async (m) => void mails.push(m) },
    logger: options.captureLogs ? { stream: { write: (line: string) => void logs.push(line) } } : false,
    // Recorded as the event the service answered: the inbox row the outbox stored for it (`notice`,
    // issue #28 item 8) and the table chat's system lines (`table`, issue #30) are asserted by the
    // inbox, outbox and table chat tests, not by every event assertion.
    notifier: { notify: ({ notice: _notice, table: _table, ...e }) => void events.push(e) },
    demoVenues: options.demoVenues ?? false,
    random: options.random,
    fetch: options.fetch,
    realtime: options.realtime,
    pushMessaging: options.pushMessaging,
    outbox: options.outbox,
    renderMemberPage: options.renderMemberPage ?? null,
  });
  let seq = 0;

  /** The last mail sent to `email` (throws when none). */
  const lastMailTo = (email: string): MailMessage => {
    const m = [...mails].reverse().find((x) => x.to === email.toLowerCase());
    if (!m) throw new Error(`no mail to ${email}`);
    return m;
  };

  /** Registers a verified member through the public API; answers the token and user. */
  const registerMember = async (overrides: { email?: string; name?: string; password?: string } = {}) => {
    seq += 1;
    const email = overrides.email ?? `member${seq}-${randomBytes(3).toString('hex')}@example.com`;
    const password = overrides.password ?? 'password-123';
    const sent = await app.inject({ method: 'POST', url: '/api/auth/send-verification-email', payload: { email } });
    if (sent.statusCode !== 200) throw new Error(`send code: ${sent.statusCode} ${sent.body}`);
    const verified = await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email, code: lastMailTo(email).code } });
    if (verified.statusCode !== 200) throw new Error(`verify: ${verified.statusCode} ${verified.body}`);
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: overrides.name ?? `회원${seq}`, email, password, agreeTerms: true, agreePrivacy: true, ageConfirmed: true } });
    if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
    const body = res.json() as { accessToken: string; id: number; email: string };
    return { token: body.accessToken, id: body.id, email: body.email, password, headers: { authorization: `Bearer ${body.accessToken}` } };
  };

  /**
   * Inserts a ready member directly (no mail round trip — for tests that need many members) and
   * signs a token for them. Cannot log in with a password.
   */
  const quickMember = async (values: { name?: string; preferences?: Record<string, boolean>; profileImage?: string | null } = {}) => {
    seq += 1;
    const email = `quick${seq}-${randomBytes(3).toString('hex')}@example.com`;
    const [row] = await app.db
      .insert(users)
      .values({
        email,
        name: values.name ?? `회원${seq}`,
        passwordHash: 'not-a-password',
        preferences: values.preferences ?? {},
        profileImage: values.profileImage ?? null,
        isNewUser: false,
      })
      .returning();
    const token = await app.tokens.sign({ id: row!.id, tokenVersion: row!.tokenVersion });
    return { token, id: row!.id, email, name: row!.name, headers: { authorization: `Bearer ${token}` } };
  };

  return {
    app,
    config,
    mails,
    logs,
    events,
    quickMember,
    clock,
    dataDir,
    /** The database this app uses (pass as `sharedDatabase` to a second instance). */
    dbTarget: db.target,
    lastMailTo,
    registerMember,
    async close() {
      await app.close();
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** `Authorization: Bearer <token>` headers. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
