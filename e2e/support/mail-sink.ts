/**
 * A mail sink for the end-to-end run: an SMTP server on loopback that keeps every message it
 * receives in memory (parsed with mailparser), and a small HTTP API on loopback to read them.
 *
 *   GET    /healthz              → 200 "ok"
 *   GET    /messages?to=addr     → [{ to, subject, text, receivedAt }] oldest first (all when `to` is absent)
 *   DELETE /messages             → 204, forgets every message
 *
 * Run: node --import tsx e2e/support/mail-sink.ts   (ports from MAIL_SMTP_PORT / MAIL_HTTP_PORT)
 */
import { createServer } from 'node:http';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { MAIL_HTTP_PORT, MAIL_SMTP_PORT } from './ports.ts';

export interface SunkMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: number;
}

const smtpPort = Number(process.env.MAIL_SMTP_PORT ?? MAIL_SMTP_PORT);
const httpPort = Number(process.env.MAIL_HTTP_PORT ?? MAIL_HTTP_PORT);
const messages: SunkMail[] = [];

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((a) => a.value)
    .map((a) => (a.address ?? '').toLowerCase())
    .filter(Boolean);

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  banner: '밥상친구 e2e mail sink',
  logger: false,
  size: 5 * 1024 * 1024,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const envelope = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        messages.push({
          to: [...new Set([...envelope, ...addresses(mail.to)])],
          subject: mail.subject ?? '',
          text: mail.text ?? (typeof mail.html === 'string' ? mail.html.replace(/<[^>]+>/g, ' ') : ''),
          receivedAt: Date.now(),
        });
        callback();
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
  },
});
smtp.on('error', (error) => console.error('[mail-sink] smtp error:', error.message));

const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${httpPort}`);
  if (url.pathname === '/healthz' && req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (url.pathname === '/messages' && req.method === 'GET') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to ? messages.filter((m) => m.to.includes(to)) : messages;
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(found));
    return;
  }
  if (url.pathname === '/messages' && req.method === 'DELETE') {
    messages.length = 0;
    res.writeHead(204).end();
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
});

smtp.listen(smtpPort, '127.0.0.1', () => {
  http.listen(httpPort, '127.0.0.1', () => {
    console.log(`[mail-sink] SMTP on 127.0.0.1:${smtpPort}, HTTP on 127.0.0.1:${httpPort}`);
  });
});

const stop = () => {
  http.close();
  smtp.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2_000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
