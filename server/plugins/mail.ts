/**
 * Mail plugin: `app.mailer.send(message)`.
 * - With `SMTP_URL`: nodemailer over SMTP.
 * - Without: a clearly labelled development transport that writes
 *   `[DEV MAIL — not sent] to=… code=…` to the log and sends nothing. This is the only place a code
 *   may ever be logged.
 */
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { format, ko } from '../../common/i18n/ko.ts';

/** One outgoing mail. `code` is the one-time code inside it (for the development log line only). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  code?: string;
}

/** The auth page's password-reset form (src/routes/_anonymous/auth.tsx `?mode=forgotPassword`). */
export const RESET_FORM_PATH = '/auth?mode=forgotPassword';

/** A mail's subject and plain-text and HTML bodies. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A mail of the catalogue (common/i18n/ko.ts `ko.mail`, issue #29 item 4): the subject, the text
 * part (one paragraph a line) and the HTML part (one `<p>` a paragraph, the `{code}` in bold,
 * every value escaped).
 */
export function renderMail(subject: string, lines: readonly string[], values: Record<string, string | number> = {}): RenderedMail {
  const htmlValues = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, k === 'code' ? `<strong>${escapeHtml(String(v))}</strong>` : escapeHtml(String(v))]));
  return {
    subject,
    text: lines.map((line) => format(line, values)).join('\n'),
    html: lines.map((line) => `<p>${format(escapeHtml(line), htmlValues)}</p>`).join(''),
  };
}

/** The mail that carries a one-time code: sign-up (`verify`), password reset or a new device's login. */
export function codeMail(purpose: 'verify' | 'reset' | 'login', code: string, minutes: number): RenderedMail {
  const mail = ko.mail[purpose];
  return renderMail(mail.subject, mail.lines, { code, minutes });
}

/**
 * The mail a registered address receives when someone asks for a sign-up code (issue #13: the
 * answer is the same as for a new address, so the account's existence shows only in its own
 * mailbox). No code: it points to the password reset (`{publicUrl}/auth?mode=forgotPassword`), or
 * to the social login buttons for a member without a password (Kakao/Naver only).
 */
export function accountExistsMail(publicUrl: string, hasPassword: boolean): RenderedMail {
  const resetUrl = `${publicUrl.replace(/\/+$/, '')}${RESET_FORM_PATH}`;
  const text = ko.mail.accountExists;
  const mail = hasPassword
    ? renderMail(text.subject, [text.taken, text.withPassword, '{url}', text.ignore], { url: resetUrl })
    : renderMail(text.subject, [text.taken, text.socialOnly, text.ignore]);
  const escapedUrl = escapeHtml(resetUrl);
  return { ...mail, html: mail.html.replace(`<p>${escapedUrl}</p>`, `<p><a href="${escapedUrl}">${escapedUrl}</a></p>`) };
}

/** Sends mail; rejects when the mail server refuses or cannot be reached. */
export interface Mailer {
  readonly kind: 'smtp' | 'dev-log' | 'custom';
  send(message: MailMessage): Promise<void>;
  close?(): void | Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** nodemailer over the given SMTP URL, from `from`. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(m) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
    close: () => transport.close(),
  };
}

/** The development transport: logs recipient and code, sends nothing. */
export function createDevLogMailer(log: FastifyBaseLogger): Mailer {
  return {
    kind: 'dev-log',
    async send(m) {
      log.warn(`[DEV MAIL — not sent] to=${m.to} code=${m.code ?? '-'} subject=${m.subject}`);
    },
  };
}

/** Registers `app.mailer`: `custom` when given (tests), else SMTP when configured, else the dev log. */
export const mailPlugin = fp<{ smtpUrl: string | undefined; from: string; custom?: Mailer }>(
  async (app, opts) => {
    const mailer = opts.custom ?? (opts.smtpUrl ? createSmtpMailer(opts.smtpUrl, opts.from) : createDevLogMailer(app.log));
    if (mailer.kind === 'dev-log') app.log.warn('SMTP_URL is not set: mails are NOT sent, codes are printed to this log ([DEV MAIL — not sent])');
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      await mailer.close?.();
    });
  },
  { name: 'mail' },
);
