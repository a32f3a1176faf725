/**
 * Issue #16 item 4, "RECEIPT only after commit": a chat SEND with a receipt is acknowledged; the
 * server process is then killed with SIGKILL (no shutdown of any kind) and started again on the
 * same data; the message is in the history. Runs on the embedded PGlite data directory (`node`)
 * and on PostgreSQL (`node-postgres`). The server runs as a child process (server/test/durable-child.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { chatSendDestination, type ChatMessage } from '../../common/realtime.ts';
import { stompClient, type TestStomp } from './test-clients.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const children: ChildProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  for (const clean of cleanups) await clean();
});

/** Starts the child server; answers it and its first JSON line. */
async function start(env: Record<string, string>): Promise<{ child: ChildProcess; info: { port: number; hostToken?: string; guestToken?: string; matchId?: number } }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/test/durable-child.ts'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const lines = createInterface({ input: child.stdout! });
  const line = await new Promise<string>((resolve, reject) => {
    // The first start also prints "embedded database: first cluster …": the child's answer is its first JSON line.
    lines.on('line', (l) => {
      if (l.startsWith('{')) resolve(l);
    });
    child.once('exit', (code) => reject(new Error(`child exited ${code}`)));
  });
  return { child, info: JSON.parse(line) };
}

/** The data of one run: a PGlite data directory, or a fresh PostgreSQL database. */
async function target(): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bs-durable-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = { DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex') };
  if (process.env.TEST_DATABASE === 'postgres') {
    const adminUrl = process.env.DATABASE_URL!;
    const name = `bs_durable_${randomBytes(6).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    });
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
  }
  return env;
}

describe('a receipted chat message survives kill -9 (issue #16)', () => {
  it('SEND with receipt → RECEIPT → SIGKILL → restart → the message is in the history', { timeout: 240_000 }, async () => {
    const env = await target();
    const first = await start({ ...env, SEED: '1' });
    const { port, guestToken, hostToken, matchId } = first.info;
    const guest: TestStomp = stompClient(`ws://127.0.0.1:${port}/ws`, guestToken!);
    await guest.connected;
    const content = `죽기 직전의 메시지 ${randomBytes(3).toString('hex')}`;
    await guest.sendWithReceipt(chatSendDestination(matchId!), { content });
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;
    await guest.stop();

    const second = await start(env);
    const res = await fetch(`http://127.0.0.1:${second.info.port}/api/chat/${matchId}/history`, { headers: { authorization: `Bearer ${hostToken}` } });
    expect(res.status).toBe(200);
    const history = (await res.json()) as ChatMessage[];
    expect(history.map((m) => m.content)).toEqual([content]);
    second.child.kill('SIGKILL');
  });
});
