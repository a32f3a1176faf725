/**
 * Issue #28 item 8, "a crash between commit and publish loses no notice": a real server process
 * (server/test/outbox-child.ts) accepts a match — the status change and its staged `match_accepted`
 * notice in one transaction — and is killed with SIGKILL after the commit, before the publish. A
 * new process on the same data has the notice in the guest's inbox (`GET /api/notifications`) and,
 * once its outbox sweep runs, delivers it live on `/topic/user/{id}/notifications` with the same id
 * — once. Runs on the embedded PGlite data directory (`node`) and on PostgreSQL (`node-postgres`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import type { NotificationItem } from '../../../common/api/notifications.ts';
import { userNotificationsTopic, type LiveNotification } from '../../../common/realtime.ts';
import { stompClient, waitFor, type TestStomp } from '../../realtime/test-clients.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const children: ChildProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  for (const clean of cleanups) await clean();
});

interface Child {
  child: ChildProcess;
  lines: Interface;
  /** The next JSON line the child prints (other lines are skipped). */
  next<T>(): Promise<T>;
}

/** Starts the child server on `env`. */
function start(env: Record<string, string>): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/test/outbox-child.ts'], { cwd: root, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(child);
  const lines = createInterface({ input: child.stdout! });
  const queue: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  lines.on('line', (line) => {
    if (!line.startsWith('{')) return; // the first start's "embedded database: first cluster created …"
    const w = waiting.shift();
    if (w) w(line);
    else queue.push(line);
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code, signal) => reject(new Error(`child exited ${code ?? signal}`))));
  exited.catch(() => {});
  return {
    child,
    lines,
    next: <T,>() => Promise.race([new Promise<string>((resolve) => (queue.length ? resolve(queue.shift()!) : waiting.push(resolve))), exited]).then((l) => JSON.parse(l) as T),
  };
}

/** The data of one run: a PGlite data directory, or a fresh PostgreSQL database. */
async function target(): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bs-outbox-crash-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = { DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex') };
  if (process.env.TEST_DATABASE === 'postgres') {
    const adminUrl = process.env.DATABASE_URL!;
    const name = `bs_outbox_${randomBytes(6).toString('hex')}`;
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

describe('a staged notice survives kill -9 between commit and publish (issue #28 item 8)', () => {
  it('commit → SIGKILL → restart → the notice is in the inbox and delivered live, once', { timeout: 240_000 }, async () => {
    const env = await target();
    const first = start({ ...env, CRASH_AFTER_COMMIT: '1' });
    const crashed = await first.next<{ port: number; guestId: number; guestToken: string; matchId: number; noticeId: number }>();
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;

    const second = start(env);
    const { port } = await second.next<{ port: number }>();
    const headers = { authorization: `Bearer ${crashed.guestToken}` };
    const res = await fetch(`http://127.0.0.1:${port}/api/notifications`, { headers });
    expect(res.status).toBe(200);
    const inbox = (await res.json()) as NotificationItem[];
    const item = inbox.find((i) => i.id === crashed.noticeId);
    expect(item).toMatchObject({ type: 'match_accepted', matchId: crashed.matchId, read: false, link: '/match-requests' });
    expect(item!.message).toMatch(/^김호스트님이 .* 광화문 국밥집 약속 신청을 수락했어요\.$/);

    const guest: TestStomp = stompClient(`ws://127.0.0.1:${port}/ws`, crashed.guestToken);
    try {
      await guest.connected;
      const live = guest.subscribe(userNotificationsTopic(crashed.guestId));
      await guest.sync();
      expect(live).toEqual([]);
      second.child.stdin!.write('sweep\n');
      expect(await second.next<{ swept: number }>()).toEqual({ swept: 1 });
      await waitFor(() => live.length === 1);
      const body = JSON.parse(live[0]!.body) as LiveNotification;
      expect(body).toEqual({
        type: 'match_accepted',
        matchId: crashed.matchId,
        scheduleId: item!.scheduleId,
        fromUser: item!.fromUser,
        message: item!.message,
        createdAt: item!.createdAt,
        id: crashed.noticeId,
        link: '/match-requests',
      });
      // Marked published: a second sweep has nothing left.
      second.child.stdin!.write('sweep\n');
      expect(await second.next<{ swept: number }>()).toEqual({ swept: 0 });
      await guest.sync();
      expect(live).toHaveLength(1);
    } finally {
      await guest.stop();
      second.child.kill('SIGKILL');
    }
  });
});
