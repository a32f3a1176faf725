/**
 * Loopback ports of the end-to-end run (the app, the mail sink's SMTP and HTTP sides, and the
 * social login app + provider stand-in). Fixed defaults; `E2E_*_PORT` moves a run elsewhere.
 */
const port = (name: string, fallback: number): number => {
  const raw = process.env[name];
  return raw && /^[0-9]+$/.test(raw) ? Number(raw) : fallback;
};

export const APP_PORT = port('E2E_APP_PORT', 4173);
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
/** The e2e server's loopback control port is its app port plus this (e2e/support/e2e-server.ts). */
export const CONTROL_PORT_OFFSET = 10_000;
/** The control side of the app at APP_URL (e.g. `POST /meal-happened`). */
export const CONTROL_URL = `http://127.0.0.1:${APP_PORT + CONTROL_PORT_OFFSET}`;
export const MAIL_SMTP_PORT = port('E2E_SMTP_PORT', 2526);
export const MAIL_HTTP_PORT = port('E2E_MAIL_HTTP_PORT', 2527);
export const MAIL_URL = `http://127.0.0.1:${MAIL_HTTP_PORT}`;
/** A second app instance with Kakao and Naver configured against the stand-in (issue #8). */
export const SOCIAL_APP_PORT = port('E2E_SOCIAL_APP_PORT', 4174);
export const SOCIAL_APP_URL = `http://127.0.0.1:${SOCIAL_APP_PORT}`;
/** The Kakao/Naver stand-in (e2e/support/oauth-provider-server.ts). */
export const OAUTH_PORT = port('E2E_OAUTH_PORT', 2530);
export const OAUTH_URL = `http://127.0.0.1:${OAUTH_PORT}`;
