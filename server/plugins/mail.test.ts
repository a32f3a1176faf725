import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';

/** A real SMTP server on a random loopback port; every message is parsed with mailparser. */
let smtp: SMTPServer;
const received: Array<{ envelopeTo: string[]; mail: ParsedMail }> = [];
const waiters: Array<() => void> = [];
let t: TestApp;

function waitForMail(to: string, timeoutMs = 10_000): Promise<ParsedMail> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const hit = [...received].reverse().find((r) => r.envelopeTo.includes(to));
      if (hit) {
        clearTimeout(timer);
        resolve(hit.mail);
        return true;
      }
      return false;
    };
    const timer = setTimeout(() => reject(new Error(`no mail to ${to}`)), timeoutMs);
    if (!check()) waiters.push(() => void check());
  });
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 500,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
          waiters.splice(0).forEach((w) => w());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ realMailer: true, env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: '밥상친구 <no-reply@bapsang.test>' } });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const codeIn = (mail: ParsedMail) => /([0-9]{6})/.exec(mail.text ?? '')?.[1];

describe('mail over SMTP', () => {
  it('delivers the verification code in Korean, and the code verifies the address', async () => {
    const email = 'smtp-user@example.com';
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email', payload: { email } });
    expect(res.statusCode).toBe(200);
    const mail = await waitForMail(email);
    expect(mail.subject).toBe('[밥상친구] 이메일 인증번호');
    expect(mail.from?.text).toContain('no-reply@bapsang.test');
    expect(mail.text).toContain('인증번호는');
    expect(mail.html || '').toContain('<strong>');
    const code = codeIn(mail);
    expect(code).toMatch(/^[0-9]{6}$/);
    const verify = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email, code } });
    expect(verify.statusCode).toBe(200);
    const reg = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, name: '메일', password: 'password-123', agreeTerms: true, agreePrivacy: true, ageConfirmed: true } });
    expect(reg.statusCode).toBe(201);
  });

  it('delivers the password-reset code in Korean, and it resets the password', async () => {
    const email = 'smtp-user@example.com';
    received.length = 0;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email } });
    expect(res.statusCode).toBe(200);
    const mail = await waitForMail(email);
    expect(mail.subject).toBe('[밥상친구] 비밀번호 재설정 코드');
    expect(mail.text).toContain('비밀번호 재설정 코드는');
    const code = codeIn(mail);
    const confirm = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { email, code, newPassword: 'changed-pass-1' } });
    expect(confirm.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'changed-pass-1' } });
    expect(login.statusCode).toBe(200);
  });

  it('answers 502 with a Korean message when the mail server is unreachable, and the code is not kept', async () => {
    const down = await createTestApp({ realMailer: true, env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const res = await down.app.inject({ method: 'POST', url: '/api/auth/send-verification-email', payload: { email: 'down@example.com' } });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: '인증번호 메일을 보내지 못했어요. 잠시 후 다시 시도해주세요.', code: 'MAIL_FAILED' });
      const verify = await down.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email: 'down@example.com', code: '123456' } });
      expect(verify.json().code).toBe('CODE_EXPIRED');
    } finally {
      await down.close();
    }
  });
});

describe('development mail transport', () => {
  it('logs the labelled line instead of sending', async () => {
    const { createDevLogMailer } = await import('./mail.ts');
    const lines: string[] = [];
    const log = { warn: (msg: string) => lines.push(msg) } as unknown as Parameters<typeof createDevLogMailer>[0];
    await createDevLogMailer(log).send({ to: 'a@example.com', subject: 's', text: 't', code: '123456' });
    expect(lines).toEqual(['[DEV MAIL — not sent] to=a@example.com code=123456 subject=s']);
  });
});
