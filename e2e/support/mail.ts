/**
 * Reading the code mails the server sent to the e2e mail sink (e2e/support/mail-sink.ts).
 */
import { MAIL_URL } from './ports.ts';
import type { SunkMail } from './mail-sink.ts';

/** Every message the sink holds for `to` (oldest first). */
export async function messagesFor(to: string): Promise<SunkMail[]> {
  const res = await fetch(`${MAIL_URL}/messages?to=${encodeURIComponent(to.toLowerCase())}`);
  if (!res.ok) throw new Error(`mail sink answered ${res.status}`);
  return (await res.json()) as SunkMail[];
}

export interface ReadCodeOptions {
  /** Only messages received at or after this time (ms since the epoch) count. */
  since?: number;
  /** How long to poll before giving up (ms). */
  timeout?: number;
}

/**
 * The 6-digit code of the latest mail to `email` (received since `since`), polling the sink
 * until one arrives.
 */
export async function readCode(email: string, { since = 0, timeout = 15_000 }: ReadCodeOptions = {}): Promise<string> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const mails = (await messagesFor(email)).filter((m) => m.receivedAt >= since);
    const latest = mails.at(-1);
    const code = latest && /(?<!\d)(\d{6})(?!\d)/.exec(`${latest.subject}\n${latest.text}`)?.[1];
    if (code) return code;
    if (Date.now() > deadline) {
      throw new Error(`no mail with a 6-digit code reached ${email} within ${timeout} ms (${mails.length} mail(s) seen)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
