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

/** The auth page's password-reset form (src/routes/_anonymous/auth.tsx `?mode=forgotPassword`). */
export const RESET_FORM_PATH = '/auth?mode=forgotPassword';

/**
 * The mail a registered address receives when someone asks for a sign-up code (issue #13: the
 * answer is the same as for a new address, so the account's existence shows only in its own
 * mailbox). No code: it points to the password reset (`{publicUrl}/auth?mode=forgotPassword`), or
 * to the social login buttons for a member without a password (Kakao/Naver only).
 */
export function accountExistsMail(publicUrl: string, hasPassword: boolean): { subject: string; text: string; html: string } {
  const resetUrl = `${publicUrl.replace(/\/+$/, '')}${RESET_FORM_PATH}`;
  const lines = hasPassword
    ? [
        '이 이메일로 이미 가입된 밥상친구 계정이 있어 인증번호를 보내지 않았습니다.',
        '비밀번호가 기억나지 않으면 아래 주소에서 비밀번호를 재설정해주세요.',
      ]
    : [
        '이 이메일로 이미 가입된 밥상친구 계정이 있어 인증번호를 보내지 않았습니다.',
        '카카오 또는 네이버 로그인으로 가입한 계정입니다. 로그인 화면의 소셜 로그인 버튼으로 로그인해주세요.',
      ];
  const ignore = '본인이 요청하지 않았다면 이 메일을 무시해주세요. 계정에는 아무 변화가 없습니다.';
  const escapedUrl = resetUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return {
    subject: '[밥상친구] 이미 가입된 이메일입니다',
    text: [...lines, ...(hasPassword ? [resetUrl] : []), ignore].join('\n'),
    html: [...lines.map((l) => `<p>${l}</p>`), ...(hasPassword ? [`<p><a href="${escapedUrl}">${escapedUrl}</a></p>`] : []), `<p>${ignore}</p>`].join(''),
  };
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
