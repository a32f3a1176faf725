/**
 * Starts the real server for the end-to-end run on a fresh, empty data directory (embedded PGlite),
 * serving the built client from dist/ and sending mail to the e2e mail sink.
 *
 * DATABASE_URL / REDIS_URL of the surrounding environment are NOT passed on, so every run starts
 * empty and does not write into a shared database; set E2E_DATABASE_URL / E2E_REDIS_URL to run the
 * app against those services instead.
 *
 * Run: node --import tsx e2e/support/start-server.ts   (playwright.config.ts does)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const port = process.env.E2E_APP_PORT ?? '4173';
const smtpPort = process.env.E2E_SMTP_PORT ?? '2526';
const dataDir = join(tmpdir(), `bapsang-e2e-${port}`);

/** The built client to serve; E2E_STATIC_DIR lets parallel runs use their own build. */
const staticDir = process.env.E2E_STATIC_DIR ?? join(root, 'dist');
if (!existsSync(join(staticDir, 'index.html'))) {
  console.error(`[e2e] ${staticDir}/index.html is missing: build the client first (npm run build).`);
  process.exit(1);
}

rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const env: NodeJS.ProcessEnv = { ...process.env };
delete env.DATABASE_URL;
delete env.REDIS_URL;
Object.assign(env, {
  NODE_ENV: 'production',
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  STATIC_DIR: staticDir,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: '밥상친구 <no-reply@bapsang.test>',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // The suite registers and signs in many members from 127.0.0.1 within minutes.
  RATE_LIMIT_SEND_CODE_PER_IP: '1000',
  RATE_LIMIT_LOGIN_PER_IP: '1000',
  RATE_LIMIT_REGISTER_PER_IP: '1000',
  RATE_LIMIT_VERIFY_PER_IP: '1000',
  // The moderation spec's reporters are members made minutes ago: every reporter counts (issue #32 item 1).
  REPORT_WEIGHT_MIN_AGE_HOURS: '0',
  // Issue #17 moderation: the admin account of e2e/moderation.spec.ts (e2e/support/members.ts ADMIN_EMAIL).
  ADMIN_EMAILS: 'e2e-admin@bapsang.test',
});
if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
if (process.env.E2E_REDIS_URL) env.REDIS_URL = process.env.E2E_REDIS_URL;

console.log(`[e2e] server on 127.0.0.1:${port}, DATA_DIR=${dataDir}`);
// The real app plus a loopback control port for test set-up (e2e/support/e2e-server.ts).
const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/e2e-server.ts'], { cwd: root, env, stdio: 'inherit' });

const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
process.on('SIGTERM', forward('SIGTERM'));
process.on('SIGINT', forward('SIGINT'));
child.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
