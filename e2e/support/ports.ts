/** Fixed loopback ports of the end-to-end run (the app, and the mail sink's SMTP and HTTP sides). */
export const APP_PORT = 4173;
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
export const MAIL_SMTP_PORT = 2526;
export const MAIL_HTTP_PORT = 2527;
export const MAIL_URL = `http://127.0.0.1:${MAIL_HTTP_PORT}`;
