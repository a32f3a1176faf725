/**
 * The RabbitMQ Web-STOMP peer of `npm run bench:realtime -- --peer rabbitmq` (issue #16 item 9):
 * where it listens, whether it answers, and the `beam.smp` process whose RSS is measured. The bench
 * never enables the plugin itself; it only reads `/proc` (Linux) for RSS and open-file limits.
 */
import { readdir, readFile } from 'node:fs/promises';
import net from 'node:net';

/** Web-STOMP endpoint (BENCH_RABBITMQ_URL), default user guest/guest (accepted from localhost only). */
export const RABBITMQ_URL = process.env.BENCH_RABBITMQ_URL ?? 'ws://127.0.0.1:15674/ws';
export const RABBITMQ_LOGIN = process.env.BENCH_RABBITMQ_LOGIN ?? 'guest';
export const RABBITMQ_PASSCODE = process.env.BENCH_RABBITMQ_PASSCODE ?? 'guest';

/** `host:port` of a ws:// URL. */
export function hostPort(url: string): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port || (u.protocol === 'wss:' ? 443 : 80)) };
}

/** The message printed when Web-STOMP does not answer (the bench then prints our side only). */
export function unreachableMessage(url = RABBITMQ_URL): string {
  const { host, port } = hostPort(url);
  return `RabbitMQ Web-STOMP not reachable on ${host}:${port} — enable it with: rabbitmq-plugins enable rabbitmq_web_stomp`;
}

/** Whether a TCP connection to the Web-STOMP port opens within `timeoutMs`. */
export function reachable(url = RABBITMQ_URL, timeoutMs = 2000): Promise<boolean> {
  const { host, port } = hostPort(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The RabbitMQ node's `beam.smp` pid (BENCH_RABBITMQ_PID, else the first beam.smp running `rabbit`), or null. */
export async function findBeamPid(): Promise<number | null> {
  if (process.env.BENCH_RABBITMQ_PID) return Number(process.env.BENCH_RABBITMQ_PID);
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (!/^[0-9]+$/.test(entry)) continue;
    try {
      const comm = (await readFile(`/proc/${entry}/comm`, 'utf8')).trim();
      if (comm !== 'beam.smp') continue;
      const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8');
      if (/rabbit/i.test(cmdline)) return Number(entry);
    } catch {
      // The process ended, or it is not ours to read.
    }
  }
  return null;
}

/** Resident set size of a process in bytes (`VmRSS` of /proc/{pid}/status). */
export async function rssOfPid(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const m = /^VmRSS:\s+([0-9]+)\s+kB/m.exec(status);
  if (!m) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(m[1]) * 1024;
}

/** The soft "Max open files" limit of a process (`self` = this one), or null when unknown. */
export async function openFilesLimit(pid: number | 'self'): Promise<number | null> {
  try {
    const limits = await readFile(`/proc/${pid}/limits`, 'utf8');
    const m = /^Max open files\s+(\S+)/m.exec(limits);
    if (!m) return null;
    return m[1] === 'unlimited' ? Infinity : Number(m[1]);
  } catch {
    return null;
  }
}
