/**
 * `npm run bench:memory` (issue #19 item 7): the embedded default's first start and idle memory.
 *
 * Starts the server as a child process on a fresh temporary DATA_DIR (embedded PGlite, no
 * DATABASE_URL), times the start until `/healthz` answers, waits 10 s idle, and reads `VmRSS`
 * (resident now) and `VmHWM` (resident peak) from /proc/<pid>/status; then stops it and starts it
 * again on the same (now populated) directory. Also prints the CPU seconds the start used
 * (server and initdb child), which, unlike wall time, does not grow with the machine's load. Runs the compiled server (build/server/main.js,
 * `npm run build:server`) when it exists, else server/main.ts through tsx (which adds esbuild's
 * own memory: prefer the build). Options: `--idle <seconds>` (default 10), `--runs <n>` (default 2),
 * `--tsx` (force tsx).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const IDLE_S = opt('idle', 10);
const RUNS = opt('runs', 2);
const built = path.join(root, 'build/server/main.js');
const useTsx = args.includes('--tsx') || !existsSync(built);

/** A free TCP port on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * CPU seconds `pid` and its waited-for children (the initdb child) have used: utime + stime +
 * cutime + cstime of /proc/<pid>/stat, at 100 ticks per second (Linux's USER_HZ). Unlike wall time
 * it does not depend on what else the machine runs.
 */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100;
}

/** VmRSS and VmHWM of `pid`, in MiB. */
function memory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 };
}

async function waitHealthy(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('server did not become healthy');
}

async function run(dataDir: string, label: string): Promise<{ label: string; startS: number; cpuS: number; rss: number; hwm: number }> {
  const port = await freePort();
  const argv = useTsx ? ['--import', 'tsx', path.join(root, 'server/main.ts')] : [built];
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.RABBITMQ_URL;
  const t0 = performance.now();
  const child = spawn(process.execPath, argv, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitHealthy(port, child, 120_000);
    const startS = (performance.now() - t0) / 1000;
    const cpuS = cpuSeconds(child.pid!);
    await new Promise((r) => setTimeout(r, IDLE_S * 1000));
    const m = memory(child.pid!);
    return { label, startS, cpuS, ...m };
  } finally {
    const closed = new Promise((r) => child.once('close', r));
    child.kill('SIGTERM');
    await closed;
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bapsang-mem-'));
console.log(`server: ${useTsx ? 'server/main.ts via tsx' : 'build/server/main.js'}; DATA_DIR ${dataDir}; idle ${IDLE_S} s`);
const loadBefore = loadavg().map((l) => l.toFixed(2)).join(' ');
try {
  const rows = [];
  for (let i = 0; i < RUNS; i++) rows.push(await run(dataDir, i === 0 ? 'first start (empty dir)' : `start ${i + 1} (populated)`));
  console.log(`load average before: ${loadBefore}; after: ${loadavg().map((l) => l.toFixed(2)).join(' ')} (${availableParallelism()} CPUs)`);
  console.log('| run | start (s) | start CPU (s) | idle RSS (MiB) | peak RSS (MiB) |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.label} | ${r.startS.toFixed(2)} | ${r.cpuS.toFixed(2)} | ${r.rss.toFixed(0)} | ${r.hwm.toFixed(0)} |`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
