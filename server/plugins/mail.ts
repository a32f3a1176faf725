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

/** One outgoing mail. `code` is the one-time code inside it (for the development log line only). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  code?: string;
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
