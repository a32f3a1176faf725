import { defineConfig, devices } from '@playwright/test';
import { APP_PORT, APP_URL, MAIL_HTTP_PORT, MAIL_SMTP_PORT, OAUTH_PORT, OAUTH_URL, SOCIAL_APP_PORT, SOCIAL_APP_URL } from './e2e/support/ports.ts';
import { standInAppEnv } from './e2e/support/oauth-provider.ts';

/**
 * End-to-end tests: Debian's Chromium (never a downloaded browser) against the built client
 * (`dist/`, built by `npm run test:e2e`) served by the real server on a fresh embedded database,
 * with a local SMTP sink that receives the code mails.
 */
const isCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'e2e',
  // `npm run screenshots` (SCREENSHOTS=1) is a tool, not a test: the suite never lists it.
  testMatch: process.env.SCREENSHOTS === '1' ? ['**/screenshots.tool.ts'] : ['**/*.spec.ts'],
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./e2e/support/summary-reporter.ts']],
  use: {
    baseURL: APP_URL,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        headless: true,
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  // E2E_NO_SERVER=1: use a mail sink and app already running on the same ports (debugging).
  webServer: process.env.E2E_NO_SERVER ? [] : [
    {
      name: 'mail-sink',
      command: 'node --import tsx e2e/support/mail-sink.ts',
      url: `http://127.0.0.1:${MAIL_HTTP_PORT}/healthz`,
      env: { MAIL_SMTP_PORT: String(MAIL_SMTP_PORT), MAIL_HTTP_PORT: String(MAIL_HTTP_PORT) },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      name: 'app',
      command: 'node --import tsx e2e/support/start-server.ts',
      url: `${APP_URL}/healthz`,
      env: { E2E_APP_PORT: String(APP_PORT), E2E_SMTP_PORT: String(MAIL_SMTP_PORT) },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    // Social login (issue #8): a Kakao/Naver stand-in and a second app configured against it (own
    // port and DATA_DIR), so the first app keeps having no providers.
    {
      name: 'oauth-stand-in',
      command: 'node --import tsx e2e/support/oauth-provider-server.ts',
      url: `${OAUTH_URL}/__control/health`,
      env: { E2E_OAUTH_PORT: String(OAUTH_PORT) },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      name: 'social-app',
      command: 'node --import tsx e2e/support/start-server.ts',
      url: `${SOCIAL_APP_URL}/healthz`,
      env: { E2E_APP_PORT: String(SOCIAL_APP_PORT), E2E_SMTP_PORT: String(MAIL_SMTP_PORT), ...standInAppEnv(OAUTH_URL) },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
  ],
});
