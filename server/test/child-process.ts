/**
 * The parent's side of the crash tests' server processes (./child-server.ts): `childServers()`
 * gives `target()`, the data of one run (a fresh PGlite data directory, or a fresh PostgreSQL
 * database when the suite runs on PostgreSQL), and `start(env)`, a child server on it. Every child
 * is killed and every directory and database dropped after the file's tests (`afterAll`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A running child server. */
export interface ChildServer {
  child: ChildProcess;
  /** The next JSON line the child prints (other lines are skipped); rejects once it has exited. */
  next<T>(): Promise<T>;
  /** Asks for one outbox sweep; its answer is the next line `{ swept }`. */
  sweep(): void;
  /** SIGKILL, resolved once the process is gone. */
  kill(): Promise<void>;
}

/** `SEED` of ./child-server.ts (what it makes before it answers). */
export type ChildSeed = 'accepted' | 'accept-then-crash';

/** Child servers for one test file (see the module comment). */
export function childServers() {
  const children: ChildProcess[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    for (const clean of cleanups) await clean();
  });

  /** The data of one run: env for the child (`DATA_DIR`, `JWT_SECRET`, and `DATABASE_URL` on PostgreSQL). */
  async function target(): Promise<Record<string, string>> {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bs-child-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex') };
    if (process.env.TEST_DATABASE === 'postgres') {
      const adminUrl = process.env.DATABASE_URL!;
      const name = `bs_child_${randomBytes(6).toString('hex')}`;
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

  /** Starts a child server on `env` (from `target()`), seeded as `seed` says. */
  function start(env: Record<string, string>, seed?: ChildSeed): ChildServer {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/test/child-server.ts'], {
      cwd: root,
      env: { ...process.env, ...env, ...(seed ? { SEED: seed } : {}) },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    children.push(child);
    const queue: string[] = [];
    const waiting: Array<(line: string) => void> = [];
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('{')) return; // the first start's "embedded database: first cluster created …"
      const w = waiting.shift();
      if (w) w(line);
      else queue.push(line);
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const died = exited.then(() => Promise.reject(new Error(`child exited ${child.exitCode ?? child.signalCode}`)));
    died.catch(() => {});
    return {
      child,
      next: <T,>() => Promise.race([new Promise<string>((resolve) => (queue.length ? resolve(queue.shift()!) : waiting.push(resolve))), died]).then((l) => JSON.parse(l) as T),
      sweep: () => void child.stdin!.write('sweep\n'),
      kill: async () => {
        child.kill('SIGKILL');
        await exited;
      },
    };
  }

  return { target, start };
}
