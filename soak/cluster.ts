/**
 * Two real instances (`node --import tsx server/main.ts`) on one fresh PostgreSQL database and one
 * Redis, behind Debian's nginx running the shipped `deploy/nginx.conf` (only its upstream addresses
 * and port are rewritten). Shared by `npm run test:cluster` (cluster/cluster.test.ts, issue #20) and
 * `npm run soak` (soak/run.ts, issue #32 item 8): start, stop (SIGTERM), kill (SIGKILL) and restart
 * an instance, and tear everything down (the database is dropped).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

const root = fileURLToPath(new URL('..', import.meta.url));

/** nginx's binary: `NGINX_PATH`, else Debian's. */
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Polls `check` every 100 ms until it answers true (a throw counts as false); throws after `ms`. */
export async function waitUntil(what: string, check: () => Promise<boolean> | boolean, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await Promise.resolve().then(check).catch(() => false))) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * What the cluster needs and this machine lacks (empty: nothing): DATABASE_URL, REDIS_URL, nginx.
 * `who` names the caller in the messages (e.g. "test:cluster", "soak").
 */
export async function missingRequirements(who: string): Promise<string[]> {
  const missing: string[] = [];
  if (!process.env.DATABASE_URL) missing.push(`${who} needs DATABASE_URL (PostgreSQL); .ci/run sets it when PostgreSQL answers on 127.0.0.1:5432`);
  if (!process.env.REDIS_URL) missing.push(`${who} needs REDIS_URL (Redis); .ci/run sets it when Redis answers on 127.0.0.1:6379`);
  try {
    await access(NGINX);
  } catch {
    missing.push(`${who} needs nginx at ${NGINX}: apt-get install -y nginx-light (or set NGINX_PATH)`);
  }
  return missing;
}

/** One app instance: its port, process and the last 500 chunks of its output. */
export interface Instance {
  name: string;
  port: number;
  dataDir: string;
  process?: ChildProcess;
  log: string[];
}

export interface ClusterOptions {
  /** Prefix of the database name and temp dir, e.g. `cluster`, `soak`. */
  prefix: string;
  /** Extra environment of both instances (rate limits, reminder settings…). */
  env?: Record<string, string>;
  /** Called with each complete output line of an instance (stdout and stderr). */
  onLine?: (instance: Instance, line: string) => void;
}

/** A running cluster; `close()` stops everything and drops the database. */
export interface Cluster {
  dbName: string;
  /** The fresh database's URL. */
  dbUrl: string;
  /** A small pool on that database. */
  db: postgres.Sql;
  proxyPort: number;
  /** `http://127.0.0.1:{proxyPort}`: nginx, the page's origin. */
  origin: string;
  workDir: string;
  /** The HS256 secret both instances sign with. */
  jwtSecret: string;
  instances: Instance[];
  /** nginx's URL for path `p`. */
  proxy(p: string): string;
  /** Starts (or restarts) an instance and waits for its /readyz (90 s at most). */
  start(instance: Instance): Promise<void>;
  /** SIGTERM and wait for the exit; answers the exit code. */
  stop(instance: Instance): Promise<number | null>;
  /** SIGKILL and wait for the exit. */
  kill(instance: Instance): Promise<void>;
  close(): Promise<void>;
}

/**
 * Creates a fresh database next to `DATABASE_URL`'s, starts two instances on it (at once:
 * migrations run under an advisory lock) and nginx in front. Throws when a requirement is missing.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const missing = await missingRequirements(options.prefix);
  if (missing.length > 0) throw new Error(missing.join('\n'));
  const DATABASE_URL = process.env.DATABASE_URL!;
  const REDIS_URL = process.env.REDIS_URL!;
  const jwtSecret = randomBytes(32).toString('hex');
  const workDir = await mkdtemp(path.join(tmpdir(), `bs-${options.prefix}-`));
  const dbName = `bapsang_${options.prefix}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${dbName}`);
  const u = new URL(DATABASE_URL);
  u.pathname = `/${dbName}`;
  const dbUrl = u.toString();
  const db = postgres(dbUrl, { max: 4, onnotice: () => {} });
  const proxyPort = await freePort();
  const origin = `http://127.0.0.1:${proxyPort}`;
  const instances: Instance[] = [];
  for (const name of ['app1', 'app2']) instances.push({ name, port: await freePort(), dataDir: await mkdtemp(path.join(workDir, `${name}-`)), log: [] });
  let nginx: ChildProcess | undefined;

  async function start(instance: Instance): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(instance.port),
        HOST: '127.0.0.1',
        DATA_DIR: instance.dataDir,
        DATABASE_URL: dbUrl,
        REDIS_URL,
        JWT_SECRET: jwtSecret,
        PUBLIC_URL: origin,
        TRUST_PROXY: '127.0.0.1',
        STATIC_DIR: path.join(workDir, 'no-client'),
        LOG_LEVEL: 'info',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    instance.process = child;
    let partial = '';
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      instance.log.push(text);
      if (instance.log.length > 500) instance.log.shift();
      if (!options.onLine) return;
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) options.onLine(instance, line);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    await waitUntil(`${instance.name} ready`, async () => child.exitCode === null && (await fetch(`http://127.0.0.1:${instance.port}/readyz`)).ok, 90_000);
  }

  async function stop(instance: Instance): Promise<number | null> {
    const child = instance.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    return exited;
  }

  async function kill(instance: Instance): Promise<void> {
    const child = instance.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }

  /** nginx with deploy/nginx.conf's server block, upstreams rewritten to the two instances. */
  async function startNginx(): Promise<void> {
    const shipped = await readFile(path.join(root, 'deploy/nginx.conf'), 'utf8');
    const site = shipped
      .replace(/server app1:8080/, `server 127.0.0.1:${instances[0]!.port}`)
      .replace(/server app2:8080/, `server 127.0.0.1:${instances[1]!.port}`)
      .replace(/listen 80;/, `listen 127.0.0.1:${proxyPort};`);
    if (/app[12]:8080|listen 80;/.test(site)) throw new Error('deploy/nginx.conf changed shape: its upstreams or listen line were not rewritten');
    const conf = [
      'daemon off;',
      'worker_processes 1;',
      `pid ${workDir}/nginx.pid;`,
      `error_log ${workDir}/nginx-error.log warn;`,
      'events { worker_connections 4096; }',
      'http {',
      `  access_log off;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `  ${k}_temp_path ${workDir}/${k};`),
      site,
      '}',
    ].join('\n');
    await writeFile(path.join(workDir, 'nginx.conf'), conf);
    nginx = spawn(NGINX, ['-p', workDir, '-c', path.join(workDir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    await waitUntil('nginx', async () => (await fetch(`${origin}/healthz`)).ok, 20_000);
  }

  async function close(): Promise<void> {
    await Promise.all(instances.map((i) => stop(i)));
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise<void>((resolve) => nginx!.once('exit', () => resolve()));
      nginx.kill('SIGTERM');
      await exited;
    }
    await db.end();
    await admin.unsafe(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
    await rm(workDir, { recursive: true, force: true });
  }

  try {
    await Promise.all(instances.map(start));
    await startNginx();
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
  return { dbName, dbUrl, db, proxyPort, origin, workDir, jwtSecret, instances, proxy: (p) => `${origin}${p}`, start, stop, kill, close };
}
