/**
 * `npm run bench:realtime [-- --peer rabbitmq]` (issues #4 and #16 item 9; not a test). Prints, in
 * one table, our live channel's figures and — with `--peer rabbitmq` — RabbitMQ Web-STOMP's, both
 * driven by the same client code (@stomp/stompjs over `ws`, in a separate client process):
 *
 * - **Load** ("1000 subscribers × 20 msg/s"): N = 1000 connections, in N/2 pairs sharing one topic
 *   (our chat pairs: an ACCEPTED match, both members subscribed to `/topic/chat/{matchId}`). One
 *   member of each pair SENDs 20 messages/s to its topic, so every one of the N subscribers receives
 *   20 messages/s (its own and its partner's): 10,000 SEND/s and 20,000 MESSAGE/s in total, spread
 *   evenly over the pairs, for 10 s. Prints delivery % (MESSAGEs received / SENDs × 2, waiting up
 *   to 10 s after the last SEND), p50/p99 latency (SEND → MESSAGE, one clock), delivered
 *   messages/s and connections closed during the run. Ours: the bench starts the server in this
 *   process (in-process broker, embedded PGlite) and each SEND goes to `/app/chat/{matchId}` — the
 *   real chat path: authorised, stored (with the inbox notification of the other member) and then
 *   published. RabbitMQ: SEND to `/topic/bench.{run}.{pair}` (amq.topic, one auto-delete queue per
 *   subscription); nothing is stored, so that column shows our whole chat path against a bare
 *   broker. A third column, "ours, fan-out only", drives the same load through our server to a
 *   bench destination that publishes straight to the broker (nothing stored): the like-for-like
 *   comparison of the live channel itself.
 * - **Table of 8** (issue #30 item 7, column "ours, table of 8"): the same N connections seated at
 *   N/8 tables (the host and 7 accepted guests, all subscribed to `/topic/table/{scheduleId}`);
 *   every member SENDs in turn to `/app/table/{scheduleId}` — the real table chat path: authorised,
 *   stored, the sender's read position moved, published, and each member's chat list told
 *   (`/topic/user/{id}/chats`) — at the rate that makes each subscriber receive the same messages/s
 *   as in the 1:1 load. Each SEND reaches 8 subscribers (its sender's own copy included). Prints
 *   the same rows (p50/p99 SEND → MESSAGE) beside the 1:1 chat. BENCH_TABLE=0 skips it.
 * - **Stored chat ramp** (issue #33 item 3; runs first, BENCH_RAMP=0 skips it, BENCH_RAMP=only runs
 *   nothing else): BENCH_RAMP_N (default 100) connections, in pairs on the 1:1 chat and at tables of
 *   8, EVERY connection SENDing in turn; rising total rates of stored SENDs/s (BENCH_RAMP_RATES,
 *   default 50,100,250,500,1000,1500,2000,3000,4000), BENCH_RAMP_SECONDS (default 5) each, on the
 *   same connections after a 2 s warm-up, until the first step whose p99 (SEND → MESSAGE) is
 *   ≥ 500 ms or that loses a message (sent < scheduled: a connection closed; or not all delivered
 *   10 s after) — twice: a failed step is run once more (a shared machine spoils single steps). Once on
 *   embedded PGlite and, with DATABASE_URL, once on a fresh PostgreSQL database (BENCH_RAMP_DB:
 *   pglite,postgres). Prints each step's p50/p99 and delivery, and the maximum sustained rate, for
 *   the 1:1 chat beside the table of 8 on both databases. Each step's progress line also tells
 *   whether the bench itself starves: the client process's and the server's (this process's)
 *   event-loop utilisation and CPU (cores) over the step, and the load average — on a shared
 *   2-core machine a busy loop with little CPU means the process waited for a core. Load runs use a
 *   lean STOMP client (`leanConnection`: @stomp/stompjs cost the client as much CPU as the server
 *   at 2,000 table SENDs/s); idle runs keep @stomp/stompjs for its heart-beats. BENCH_LOG=warn
 *   (a pino level) shows the server's log, e.g. why sessions were closed.
 * - **Idle**: 5000 authenticated connections, each holding one subscription (ours: the member's
 *   `/topic/user/{id}/notifications`; RabbitMQ: `/topic/bench.{run}.idle.{i}`) and 10 s heart-beats
 *   both ways as the app's client does; prints the RSS growth per connection of the server process
 *   (ours: this process, after a GC; RabbitMQ: the `beam.smp` process, from /proc) between before
 *   the client process starts and 1.5 s after the last subscription is confirmed.
 *
 * Every connection counts as up once the RECEIPT of its SUBSCRIBE arrived. The RabbitMQ side is
 * skipped with a message when Web-STOMP does not answer (the bench never enables it).
 *
 * Environment: BENCH_N (load connections, comma list, default 1000), BENCH_RATE (messages/s each
 * subscriber receives, default 20), BENCH_SECONDS (default 10), BENCH_IDLE (idle connections,
 * default 5000; 0 skips), BENCH_PEER (= --peer), BENCH_RABBITMQ_URL (default
 * ws://127.0.0.1:15674/ws), BENCH_RABBITMQ_LOGIN / BENCH_RABBITMQ_PASSCODE (guest/guest),
 * BENCH_RABBITMQ_PID (the beam.smp to measure; found in /proc otherwise). 5000 sockets need an
 * open-file limit above 5000 in this shell (`ulimit -n`) and for RabbitMQ's beam.smp.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, type IMessage } from '@stomp/stompjs';
import WebSocket from 'ws';
import { chatSendDestination, chatTopic, tableSendDestination, tableTopic, userNotificationsTopic } from '../common/realtime.ts';
import type { buildApp as BuildApp } from '../server/app.ts';
import type { DbTarget } from '../server/db/database.ts';
import { findBeamPid, openFilesLimit, RABBITMQ_LOGIN, RABBITMQ_PASSCODE, RABBITMQ_URL, reachable, rssOfPid, unreachableMessage } from './rabbitmq.ts';

/** One client connection: CONNECT headers, the destination it subscribes to, where it SENDs (senders only). */
interface ConnSpec {
  headers: Record<string, string>;
  subscribe: string;
  send?: string;
}

interface Plan {
  mode: 'load' | 'idle';
  url: string;
  protocols: string[];
  conns: ConnSpec[];
  /** Heart-beat both ways, ms (0 = none). */
  heartbeatMs: number;
  /** SENDs per second in total (spread over the senders in turn). */
  rate: number;
  seconds: number;
  /** Subscribers that receive each SEND. */
  fanout: number;
}

/** What the client process reports once every connection is up (or failed). */
interface ConnectReport {
  connected: number;
  failed: number;
  firstError?: string;
  /** The CONNECTED frame's `server` header. */
  server?: string;
}

/** One step of a ramp: its rate (SENDs/s), its figures, and which try at that rate it was (1 or 2). */
interface RampStep {
  rate: number;
  result: LoadResult;
  tries: number;
}

interface LoadResult {
  sent: number;
  scheduled: number;
  delivered: number;
  expected: number;
  p50: number;
  p99: number;
  elapsedMs: number;
  /** Connections that closed after they were up, before the end. */
  dropped: number;
  /**
   * How busy the client process was over the step (issue #33 item 3: does the bench itself starve?):
   * its event loop's utilisation (0–1) and its CPU time over the step's wall time (cores).
   */
  clientElu?: number;
  clientCpu?: number;
  /** Why the first connection that dropped did (its ERROR's message, or the close code). */
  firstDrop?: string;
  /** The same for the server's process (this one; set by `drive`), and the 1-minute load average at the step's end. */
  serverElu?: number;
  serverCpu?: number;
  /**
   * The server process's CPU time per SEND sent (µs) over the step: its cost, which the other work
   * on a shared machine changes far less than the latency (a starved server takes longer, not more CPU).
   */
  serverUsPerSend?: number;
  load?: number;
}

const CONNECT_TIMEOUT_MS = 15_000;
const BATCH = 200;
const APP_HEARTBEAT_MS = 10_000;
const SETTLE_MS = 1500;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);
const errorText = (ev: unknown): string => {
  const e = ev as { message?: unknown; error?: { message?: unknown; code?: unknown } } | undefined;
  return String(e?.error?.code ?? e?.error?.message ?? e?.message ?? 'WebSocket error');
};
const line = (o: object) => process.stdout.write(`${JSON.stringify(o)}\n`);

/** One client connection as the load loop uses it. */
interface BenchConn {
  readonly connected: boolean;
  /** SENDs `body` (JSON) to `destination`, without a receipt. */
  publish(destination: string, body: string): void;
  deactivate(): Promise<void>;
}

/** What a connection tells the client process. */
interface ConnHooks {
  /** CONNECTED arrived (its `server` header). */
  onConnected(server: string | undefined): void;
  /** The SUBSCRIBE's RECEIPT arrived: the subscription is active. */
  onReady(): void;
  /** An ERROR frame or a socket error. */
  onError(why: string): void;
  onClose(code: number): void;
}

/** A connection through @stomp/stompjs (idle runs: it keeps the heart-beats both ways). */
function stompjsConnection(plan: Plan, spec: ConnSpec, receipt: string, onMessage: (m: IMessage) => void, hooks: ConnHooks): BenchConn {
  const c = new Client({
    webSocketFactory: () => new WebSocket(plan.url, plan.protocols),
    connectHeaders: spec.headers,
    reconnectDelay: 0,
    heartbeatIncoming: plan.heartbeatMs,
    heartbeatOutgoing: plan.heartbeatMs,
    debug: () => {},
    onConnect: (frame) => {
      hooks.onConnected(frame.headers.server);
      c.watchForReceipt(receipt, () => hooks.onReady());
      c.subscribe(spec.subscribe, onMessage, { receipt });
    },
    onStompError: (frame) => hooks.onError(`ERROR ${frame.headers.message ?? ''}`.trim()),
    onWebSocketError: (ev) => hooks.onError(errorText(ev)),
    onWebSocketClose: (ev) => hooks.onClose((ev as { code?: number }).code ?? 0),
  });
  c.activate();
  return {
    get connected() {
      return c.connected;
    },
    publish: (destination, body) => c.publish({ destination, body }),
    deactivate: () => c.deactivate(),
  };
}

/**
 * A lean STOMP 1.2 connection for load runs (issue #33 item 3): at 2,000 SENDs/s to tables of 8
 * the client process receives 16,000 MESSAGEs/s, and @stomp/stompjs's byte-wise parser with its
 * header unescaping took as much CPU as the server under test (cpu profile: ~0.35 cores each on
 * a 2-core machine). This one writes SEND frames as text and reads each WebSocket message as
 * whole frames (our server and RabbitMQ Web-STOMP send one frame per message; a message holding
 * several NUL-terminated frames is split), taking a MESSAGE's `content` straight from its JSON
 * body. No heart-beats (load runs ask for none), no receipts but the SUBSCRIBE's.
 */
function leanConnection(url: string, protocols: string[], spec: ConnSpec, receipt: string, hooks: ConnHooks & { onContent: (content: string) => void }): BenchConn {
  const ws = new WebSocket(url, protocols);
  let connected = false;
  ws.on('open', () => {
    const headers = Object.entries({ 'accept-version': '1.2', 'heart-beat': '0,0', ...spec.headers }).map(([k, v]) => `${k}:${v}\n`);
    ws.send(`CONNECT\n${headers.join('')}\n\0`);
  });
  const onFrame = (frame: string) => {
    const start = frame.search(/[^\r\n]/);
    if (start < 0) return; // heart-beat
    const f = start ? frame.slice(start) : frame;
    if (f.startsWith('MESSAGE\n')) {
      // The body is a ChatMessage/TableMessage's JSON; `content` holds no escapes (digits and colons).
      const at = f.indexOf('"content":"', f.indexOf('\n\n'));
      if (at >= 0) hooks.onContent(f.slice(at + 11, f.indexOf('"', at + 11)));
    } else if (f.startsWith('RECEIPT\n')) {
      if (f.includes(`receipt-id:${receipt}\n`)) hooks.onReady();
    } else if (f.startsWith('CONNECTED\n')) {
      connected = true;
      hooks.onConnected(/\nserver:([^\n]*)/.exec(f)?.[1]);
      ws.send(`SUBSCRIBE\nid:sub-0\ndestination:${spec.subscribe}\nack:auto\nreceipt:${receipt}\n\n\0`);
    } else if (f.startsWith('ERROR\n')) hooks.onError(`ERROR ${/\nmessage:([^\n]*)/.exec(f)?.[1] ?? ''}`.trim());
  };
  ws.on('message', (data: Buffer) => {
    const text = data.toString();
    let from = 0;
    for (let nul = text.indexOf('\0'); nul >= 0; nul = text.indexOf('\0', from)) {
      onFrame(text.slice(from, nul));
      from = nul + 1;
    }
  });
  ws.on('error', (err) => hooks.onError(err.message));
  ws.on('close', (code) => {
    connected = false;
    hooks.onClose(code);
  });
  return {
    get connected() {
      return connected && ws.readyState === ws.OPEN;
    },
    publish(destination, body) {
      ws.send(`SEND\ndestination:${destination}\ncontent-type:application/json\n\n${body}\0`);
    },
    deactivate() {
      return new Promise<void>((resolve) => {
        if (ws.readyState === ws.CLOSED) return resolve();
        ws.once('close', () => resolve());
        if (ws.readyState === ws.OPEN) ws.send('DISCONNECT\n\n\0');
        ws.close();
      });
    },
  };
}

/** Client process: connects and subscribes everything, reports, then sends (load) or just holds (idle). */
async function runClients(planFile: string): Promise<void> {
  const plan = JSON.parse(await readFile(planFile, 'utf8')) as Plan;
  const clients: BenchConn[] = [];
  const report: ConnectReport = { connected: 0, failed: 0 };
  let stopping = false;
  let dropped = 0;
  let firstDrop: string | undefined;
  const latencies: number[] = [];
  let delivered = 0;
  let currentStep = 0;
  /** A delivered message's `content` (`{sentAt}:{step}:{n}`): counted when it belongs to the running step. */
  const onContent = (content: string) => {
    const [sentAt, step] = content.split(':').map(Number);
    if (step !== currentStep) return;
    latencies.push(Date.now() - sentAt!);
    delivered += 1;
  };
  const onMessage = (m: IMessage) => onContent((JSON.parse(m.body) as { content: string }).content);
  const connectOne = (spec: ConnSpec, index: number) =>
    new Promise<BenchConn | null>((resolve) => {
      let settled = false;
      let up = false;
      const receipt = `ready-${index}`;
      const settle = (ok: boolean, why?: string) => {
        if (settled) return;
        settled = true;
        up = ok;
        clearTimeout(timer);
        if (ok) report.connected += 1;
        else {
          report.failed += 1;
          report.firstError ??= why;
          void conn.deactivate();
        }
        resolve(ok ? conn : null);
      };
      const lost = (why: string) => {
        if (!settled) settle(false, why);
        else if (up && !stopping) {
          dropped += 1;
          firstDrop ??= why;
        }
      };
      const timer = setTimeout(() => settle(false, 'timeout'), CONNECT_TIMEOUT_MS);
      // Load runs (no heart-beats) use the lean client; idle runs keep @stomp/stompjs for its heart-beats.
      const conn: BenchConn =
        plan.heartbeatMs === 0
          ? leanConnection(plan.url, plan.protocols, spec, receipt, {
              onConnected: (server) => (report.server ??= server),
              onReady: () => settle(true),
              onContent,
              onError: (why) => (settled ? lost(why) : settle(false, why)),
              onClose: (code) => lost(`closed ${code}`),
            })
          : stompjsConnection(plan, spec, receipt, onMessage, {
              onConnected: (server) => (report.server ??= server),
              onReady: () => settle(true),
              onError: (why) => (settled ? lost(why) : settle(false, why)),
              onClose: (code) => lost(`closed ${code}`),
            });
      clients.push(conn);
    });
  const senders: Array<[BenchConn, string]> = [];
  for (let i = 0; i < plan.conns.length; i += BATCH) {
    const batch = plan.conns.slice(i, i + BATCH);
    const made = await Promise.all(batch.map((spec, k) => connectOne(spec, i + k)));
    made.forEach((c, k) => c && batch[k]!.send && senders.push([c, batch[k]!.send]));
  }
  line({ report });
  const stdinLines: string[] = [];
  const waiters: Array<(l: string) => void> = [];
  process.stdin.on('data', (chunk: Buffer) => {
    for (const l of chunk.toString().split('\n').filter(Boolean)) {
      const w = waiters.shift();
      if (w) w(l);
      else stdinLines.push(l);
    }
  });
  const nextCommand = () => new Promise<string>((resolve) => (stdinLines.length ? resolve(stdinLines.shift()!) : waiters.push(resolve)));
  // One or more load steps on the same connections (`go` = the plan's rate; `go {rate} {seconds}`:
  // a ramp step). Each step tags its messages, so a late delivery of one step never counts in the next.
  let command = await nextCommand();
  let step = 0;
  while (command.startsWith('go') && plan.mode === 'load') {
    const [, stepRate, stepSeconds] = command.split(' ');
    const rate = stepRate ? Number(stepRate) : plan.rate;
    const seconds = stepSeconds ? Number(stepSeconds) : plan.seconds;
    step += 1;
    currentStep = step;
    latencies.length = 0;
    delivered = 0;
    const start = Date.now();
    const elu0 = performance.eventLoopUtilization();
    const cpu0 = process.cpuUsage();
    let sent = 0;
    let next = 0;
    const scheduled = Math.floor(rate * seconds);
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const elapsed = Date.now() - start;
        // Catch up with the schedule even when ticks arrive late.
        const due = Math.min(scheduled, Math.floor((rate * elapsed) / 1000));
        while (next < due && senders.length) {
          const [c, destination] = senders[next % senders.length]!;
          next += 1;
          if (!c.connected) continue;
          c.publish(destination, JSON.stringify({ content: `${Date.now()}:${step}:${sent}` }));
          sent += 1;
        }
        if (elapsed >= seconds * 1000) {
          clearInterval(timer);
          resolve();
        }
      }, 10);
    });
    const expected = sent * plan.fanout;
    const until = Date.now() + 10_000;
    while (delivered < expected && Date.now() < until) await sleep(50);
    const elapsedMs = Date.now() - start;
    latencies.sort((a, b) => a - b);
    const cpu = process.cpuUsage(cpu0);
    const clientElu = performance.eventLoopUtilization(elu0).utilization;
    const clientCpu = (cpu.user + cpu.system) / 1000 / elapsedMs;
    const result: LoadResult = { sent, scheduled, delivered, expected, p50: percentile(latencies, 50), p99: percentile(latencies, 99), elapsedMs, dropped, clientElu, clientCpu, ...(firstDrop ? { firstDrop } : {}) };
    line({ result });
    command = await nextCommand();
  }
  stopping = true;
  await Promise.race([Promise.all(clients.map((c) => c.deactivate())), sleep(5000)]);
  process.exit(0);
}

/**
 * Runs one client process on `plan`: RSS (by `measure`) before it starts and once all are up. A
 * load runs once at the plan's rate, or with `ramp` as a ramp on the same connections: each of
 * `ramp.rates` (SENDs/s in total) for `ramp.seconds`, after an unrecorded warm-up (`ramp.rates[0]`
 * for 2 s: code paths compiled, caches filled). A step `ramp.ok` refuses is run once more (other
 * work on a shared machine can spoil one step); refused twice, the ramp stops there.
 */
async function drive(
  plan: Plan,
  dir: string,
  measure: () => Promise<number>,
  ramp?: { rates: number[]; seconds: number; ok: (r: LoadResult) => boolean; onStep?: (rate: number, r: LoadResult) => void },
): Promise<{ report: ConnectReport; result?: LoadResult; steps: RampStep[]; rssBefore: number; rssAfter: number }> {
  const planFile = path.join(dir, `plan-${plan.mode}-${Date.now()}.json`);
  await writeFile(planFile, JSON.stringify(plan));
  const rssBefore = await measure();
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--clients', planFile], { stdio: ['pipe', 'pipe', 'inherit'] });
  let report: ConnectReport | undefined;
  let result: LoadResult | undefined;
  const steps: RampStep[] = [];
  let warmedUp = false;
  let index = 0;
  let tries = 0;
  const nextStep = () => (ramp && index < ramp.rates.length ? `go ${ramp.rates[index]} ${ramp.seconds}\n` : 'stop\n');
  const warmUp = () => (ramp ? `go ${ramp.rates[0]} 2\n` : 'stop\n');
  let rssAfter = NaN;
  // This process's (the server's) event loop and CPU from each command to its result.
  let mark = { elu: performance.eventLoopUtilization(), cpu: process.cpuUsage(), at: Date.now() };
  const write = (command: string) => {
    mark = { elu: performance.eventLoopUtilization(), cpu: process.cpuUsage(), at: Date.now() };
    child.stdin.write(command);
  };
  await new Promise<void>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const text = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        const msg = JSON.parse(text) as { report?: ConnectReport; result?: LoadResult };
        if (msg.report) {
          report = msg.report;
          void measure().then((rss) => {
            rssAfter = rss;
            write(plan.mode === 'load' ? (ramp ? warmUp() : 'go\n') : 'stop\n');
          }, reject);
        }
        if (msg.result) {
          result = msg.result;
          const cpu = process.cpuUsage(mark.cpu);
          result.serverElu = performance.eventLoopUtilization(mark.elu).utilization;
          result.serverCpu = (cpu.user + cpu.system) / 1000 / Math.max(1, Date.now() - mark.at);
          result.serverUsPerSend = Math.round((cpu.user + cpu.system) / Math.max(1, result.sent));
          result.load = loadavg()[0];
          if (ramp) {
            if (!warmedUp) {
              warmedUp = true;
              write(nextStep());
              continue;
            }
            const rate = ramp.rates[index]!;
            tries += 1;
            steps.push({ rate, result, tries });
            ramp.onStep?.(rate, result);
            if (ramp.ok(result)) {
              index += 1;
              tries = 0;
              write(nextStep());
            } else write(tries < 2 ? nextStep() : 'stop\n');
          } else write('stop\n');
        }
      }
    });
    child.on('close', (code) => (report && (plan.mode === 'idle' || result) ? resolve() : reject(new Error(`client process exited ${code} before reporting`))));
  });
  return { report: report!, result, steps, rssBefore, rssAfter };
}

interface LoadFigures {
  n: number;
  report: ConnectReport;
  result: LoadResult;
}
interface IdleFigures {
  n: number;
  report: ConnectReport;
  rssBefore: number;
  rssAfter: number;
}
interface SideFigures {
  name: string;
  server?: string;
  loads: LoadFigures[];
  idle?: IdleFigures;
  note?: string;
}

type App = Awaited<ReturnType<typeof BuildApp>>;

/** The database our server runs on in a phase: embedded PGlite, or a fresh database on `DATABASE_URL`'s PostgreSQL. */
type BenchDb = 'pglite' | 'postgres';

/** Our server, started in this process (in-process broker; embedded PGlite or a fresh PostgreSQL database) for one phase. */
async function withOurServer<T>(run: (ctx: { url: string; app: App; dir: string }) => Promise<T>, db: BenchDb = 'pglite'): Promise<T> {
  const { buildApp } = await import('../server/app.ts');
  const { loadConfig } = await import('../server/config.ts');
  const dir = await mkdtemp(path.join(tmpdir(), 'bs-bench-'));
  const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: process.env.BENCH_LOG ?? 'silent', STATIC_DIR: path.join(dir, 'none'), RATE_LIMIT_CHAT_PER_MINUTE: '1000000', RATE_LIMIT_CHAT_PER_10S: '1000000' });
  let dropDatabase = async () => {};
  let database: DbTarget = { kind: 'pglite-memory' };
  if (db === 'postgres') {
    const adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) throw new Error('DATABASE_URL is not set');
    const { default: postgres } = await import('postgres');
    const name = `bs_bench_${randomBytes(6).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = { kind: 'postgres', url: url.toString() };
    dropDatabase = async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const app = await buildApp(config, { database, logger: process.env.BENCH_LOG ? { stream: process.stderr } : false, demoVenues: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return await run({ url: `ws://127.0.0.1:${address.port}/ws`, app, dir });
  } finally {
    // Overloaded, our server may still be working off SENDs or half-open upgrades: do not wait for
    // ever (the process exits at the end anyway).
    const closing = Date.now();
    let closed = false;
    await Promise.race([
      app.close().then(() => {
        closed = true;
        console.error(`· our server closed in ${((Date.now() - closing) / 1000).toFixed(1)} s`);
      }),
      sleep(15_000).then(() => {
        if (!closed) console.error('· our server did not close within 15 s; going on');
      }),
    ]);
    await rm(dir, { recursive: true, force: true });
    await dropDatabase();
  }
}

const ourRss = async () => {
  await sleep(SETTLE_MS);
  global.gc?.();
  return process.memoryUsage().rss;
};

async function seedUsers(app: App, n: number) {
  const { users } = await import('../server/db/schema.ts');
  const rows = [];
  for (let i = 0; i < n; i += 2000) {
    const size = Math.min(2000, n - i);
    rows.push(
      ...(await app.db
        .insert(users)
        .values(Array.from({ length: size }, (_, k) => ({ email: `bench${i + k}-${randomBytes(3).toString('hex')}@example.com`, name: `회원${i + k}`, passwordHash: 'x', isNewUser: false })))
        .returning({ id: users.id, tokenVersion: users.tokenVersion })),
    );
  }
  return rows;
}

/** Drives our server with connections in pairs (each SEND reaches both of a pair) and answers the figures. */
async function ourPairsLoad(o: { n: number; url: string; dir: string; conns: ConnSpec[]; ratePerSubscriber: number; seconds: number }): Promise<LoadFigures> {
  const pairs = o.conns.length / 2;
  const { report, result } = await drive(
    { mode: 'load', url: o.url, protocols: ['v12.stomp'], conns: o.conns, heartbeatMs: 0, rate: o.ratePerSubscriber * pairs, seconds: o.seconds, fanout: 2 },
    o.dir,
    async () => 0,
  );
  return { n: o.n, report, result: result! };
}

/**
 * Seeds N/2 accepted matches (schedule, request, the two member rows as the meals service writes
 * them) and answers one connection per member, subscribed to the chat; the host SENDs, and with
 * `bothSend` the guest too.
 */
async function seedPairs(app: App, n: number, bothSend = false): Promise<ConnSpec[]> {
  const { schedules, matchRequests, matchMembers } = await import('../server/db/schema.ts');
  const rows = await seedUsers(app, n);
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000 + 9 * 3600 * 1000).toISOString().slice(0, 10);
  const conns: ConnSpec[] = [];
  for (let i = 0; i + 1 < rows.length; i += 2) {
    const [s] = await app.db
      .insert(schedules)
      .values({ userId: rows[i]!.id, date: tomorrow, hour: 12, text: 'bench', placeName: 'bench', placeCategory: '한식', participants: 2, currentParticipants: 2 })
      .returning({ id: schedules.id });
    const [m] = await app.db.insert(matchRequests).values({ scheduleId: s!.id, requesterId: rows[i + 1]!.id, hostId: rows[i]!.id, status: 'ACCEPTED' }).returning({ id: matchRequests.id });
    const matchId = m!.id;
    // Issue #28 item 8: the request's two member rows, as the meals service writes them.
    await app.db.insert(matchMembers).values([
      { matchId, scheduleId: s!.id, userId: rows[i]!.id, partnerId: rows[i + 1]!.id, role: 'host' },
      { matchId, scheduleId: s!.id, userId: rows[i + 1]!.id, partnerId: rows[i]!.id, role: 'guest' },
    ]);
    conns.push({ headers: { Authorization: `Bearer ${await app.tokens.sign(rows[i]!)}` }, subscribe: chatTopic(matchId), send: chatSendDestination(matchId) });
    conns.push({ headers: { Authorization: `Bearer ${await app.tokens.sign(rows[i + 1]!)}` }, subscribe: chatTopic(matchId), ...(bothSend ? { send: chatSendDestination(matchId) } : {}) });
  }
  return conns;
}

/** Ours, load: N/2 accepted matches, both members subscribed to the chat, the host SENDs. */
async function ourLoad(n: number, ratePerSubscriber: number, seconds: number): Promise<LoadFigures> {
  return withOurServer(async ({ url, app, dir }) => ourPairsLoad({ n, url, dir, conns: await seedPairs(app, n), ratePerSubscriber, seconds }));
}

/**
 * Seeds N/8 meals of 8 (host + 7 accepted guests, their member rows and table chat members written
 * as the meals service writes them) and answers one connection per member, subscribed to the
 * table's topic and SENDing to `/app/table/{scheduleId}`.
 */
async function seedTables(app: App, n: number): Promise<ConnSpec[]> {
  const { schedules, matchRequests, matchMembers, tableMembers } = await import('../server/db/schema.ts');
  const rows = await seedUsers(app, n);
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000 + 9 * 3600 * 1000).toISOString().slice(0, 10);
  const conns: ConnSpec[] = [];
  for (let i = 0; i + 8 <= rows.length; i += 8) {
    const host = rows[i]!;
    const guests = rows.slice(i + 1, i + 8);
    const [s] = await app.db
      .insert(schedules)
      .values({ userId: host.id, date: tomorrow, hour: 12, text: 'bench', placeName: 'bench', placeCategory: '한식', participants: 8, currentParticipants: 8 })
      .returning({ id: schedules.id });
    const scheduleId = s!.id;
    for (const g of guests) {
      const [m] = await app.db.insert(matchRequests).values({ scheduleId, requesterId: g.id, hostId: host.id, status: 'ACCEPTED' }).returning({ id: matchRequests.id });
      await app.db.insert(matchMembers).values([
        { matchId: m!.id, scheduleId, userId: host.id, partnerId: g.id, role: 'host' },
        { matchId: m!.id, scheduleId, userId: g.id, partnerId: host.id, role: 'guest' },
      ]);
    }
    await app.db.insert(tableMembers).values([{ scheduleId, userId: host.id, role: 'host' as const }, ...guests.map((g) => ({ scheduleId, userId: g.id, role: 'guest' as const }))]);
    for (const member of [host, ...guests]) {
      conns.push({ headers: { Authorization: `Bearer ${await app.tokens.sign(member)}` }, subscribe: tableTopic(scheduleId), send: tableSendDestination(scheduleId) });
    }
  }
  return conns;
}

/**
 * Ours, table of 8 (issue #30 item 7): N/8 meals of 8; every member subscribes to the table's
 * topic and SENDs to `/app/table/{scheduleId}` in turn.
 */
async function ourTableLoad(n: number, ratePerSubscriber: number, seconds: number): Promise<LoadFigures> {
  return withOurServer(async ({ url, app, dir }) => {
    const conns = await seedTables(app, n);
    const tables = conns.length / 8;
    const { report, result } = await drive(
      { mode: 'load', url, protocols: ['v12.stomp'], conns, heartbeatMs: 0, rate: ratePerSubscriber * tables, seconds, fanout: 8 },
      dir,
      async () => 0,
    );
    return { n, report, result: result! };
  });
}

const pct = (x: number | undefined) => (x === undefined ? '?' : `${Math.round(x * 100)}%`);
const cores = (x: number | undefined) => (x === undefined ? '?' : x.toFixed(2));

/** The p99 the stored chat must stay under (issue #33 item 3) for a ramp step to count as sustained. */
const RAMP_P99_MS = 500;

/** One ramp (issue #33 item 3): its steps in order, up to and including the first that failed. */
interface RampFigures {
  name: string;
  n: number;
  report: ConnectReport;
  steps: RampStep[];
}

/** A ramp step is sustained when every message arrived and p99 (SEND → MESSAGE) < RAMP_P99_MS. */
const sustained = (r: LoadResult) => r.sent === r.scheduled && r.delivered >= r.expected && r.p99 < RAMP_P99_MS && r.dropped === 0;

/**
 * Ramp of the stored chat (issue #33 item 3) on `db`: N connections, in pairs (`chat`, every member
 * SENDs to `/app/chat/{matchId}`) or at tables of 8 (`table`, `/app/table/{scheduleId}`), all
 * SENDs in turn at each rate of `rates` (stored SENDs/s in total) for `seconds`, stopping after the
 * first step with p99 ≥ 500 ms or a message lost.
 */
async function ourRamp(kind: 'chat' | 'table', db: BenchDb, n: number, rates: number[], seconds: number, progress: (t: string) => void): Promise<RampFigures> {
  const name = `${kind === 'chat' ? '1:1 chat' : 'table of 8'}, ${db === 'pglite' ? 'PGlite' : 'PostgreSQL'}`;
  return withOurServer(async ({ url, app, dir }) => {
    const conns = kind === 'chat' ? await seedPairs(app, n, true) : await seedTables(app, n);
    const { report, steps } = await drive(
      { mode: 'load', url, protocols: ['v12.stomp'], conns, heartbeatMs: 0, rate: 0, seconds, fanout: kind === 'chat' ? 2 : 8 },
      dir,
      async () => 0,
      {
        rates,
        seconds,
        ok: sustained,
        onStep: (rate, r) =>
          progress(
            `${name}: ${rate} SENDs/s → sent ${r.sent}/${r.scheduled}, delivered ${((100 * r.delivered) / Math.max(1, r.expected)).toFixed(2)}%, p50 ${r.p50} ms, p99 ${r.p99} ms; ` +
              (r.dropped ? `${r.dropped} connections dropped (first: ${r.firstDrop ?? '?'}); ` : '') +
              `event loop busy: client ${pct(r.clientElu)}, server ${pct(r.serverElu)}; CPU: client ${cores(r.clientCpu)}, server ${cores(r.serverCpu)} cores (${r.serverUsPerSend ?? '?'} µs a SEND); load ${r.load?.toFixed(1) ?? '?'}`,
          ),
      },
    );
    return { name, n: conns.length, report, steps };
  }, db);
}

/** Prints the ramps side by side: per rate p50/p99 and delivery, then the maximum sustained rate. */
function printRamps(ramps: RampFigures[], rates: number[]) {
  const rows: string[][] = [];
  rows.push(['connections up (failed)', ...ramps.map((r) => `${r.report.connected} (${r.report.failed})`)]);
  for (const rate of rates) {
    if (!ramps.some((r) => r.steps.some((s) => s.rate === rate))) break;
    rows.push([
      `${rate} SENDs/s: p50 / p99, delivered`,
      ...ramps.map((r) => {
        const s = r.steps.findLast((x) => x.rate === rate);
        if (!s) return '—';
        const pct = ((100 * s.result.delivered) / Math.max(1, s.result.expected)).toFixed(1);
        return `${s.tries > 1 ? '(2nd) ' : ''}${s.result.p50} / ${s.result.p99} ms, ${pct}%${sustained(s.result) ? '' : ' ✗'}`;
      }),
    ]);
  }
  rows.push([
    `max sustained SENDs/s (p99 < ${RAMP_P99_MS} ms)`,
    ...ramps.map((r) => {
      const ok = r.steps.filter((s) => sustained(s.result));
      const best = ok.length ? ok[ok.length - 1]!.rate : 0;
      const capped = best === rates[rates.length - 1];
      return `${capped ? '≥ ' : ''}${best}`;
    }),
  ]);
  printTable(['', ...ramps.map((r) => `${r.name} (N=${r.n})`)], rows);
}

/**
 * Ours, fan-out only (issue #16 item 9: the like-for-like row beside RabbitMQ): the same pairs and
 * rate, but each SEND goes to a bench destination registered the way modules register theirs
 * (`app.liveDestinations`, server/realtime/destinations.ts) that publishes straight to the broker —
 * our sessions, frames, authorisation lookup and fan-out, without storing anything.
 */
async function ourFanoutLoad(n: number, ratePerSubscriber: number, seconds: number): Promise<LoadFigures> {
  return withOurServer(async ({ url, app, dir }) => {
    const pairOf = (prefix: string) => (d: string) => (d.startsWith(prefix) && /^[0-9]+$/.test(d.slice(prefix.length)) ? { pair: d.slice(prefix.length) } : null);
    app.liveDestinations.topic({ pattern: '/topic/bench/{pair}', match: pairOf('/topic/bench/'), canSubscribe: () => true });
    app.liveDestinations.send({
      pattern: '/app/bench/{pair}',
      match: pairOf('/app/bench/'),
      handle: (_userId, { pair }, frame) => app.broker.publish({ destination: `/topic/bench/${pair}`, body: frame.body }),
    });
    const rows = await seedUsers(app, n);
    const conns: ConnSpec[] = [];
    for (let i = 0; i + 1 < rows.length; i += 2) {
      const pair = i / 2;
      conns.push({ headers: { Authorization: `Bearer ${await app.tokens.sign(rows[i]!)}` }, subscribe: `/topic/bench/${pair}`, send: `/app/bench/${pair}` });
      conns.push({ headers: { Authorization: `Bearer ${await app.tokens.sign(rows[i + 1]!)}` }, subscribe: `/topic/bench/${pair}` });
    }
    return ourPairsLoad({ n, url, dir, conns, ratePerSubscriber, seconds });
  });
}

/** Ours, idle: N members connected, each subscribed to their notifications. */
async function ourIdle(n: number): Promise<IdleFigures> {
  return withOurServer(async ({ url, app, dir }) => {
    const rows = await seedUsers(app, n);
    const conns: ConnSpec[] = [];
    for (const row of rows) conns.push({ headers: { Authorization: `Bearer ${await app.tokens.sign(row)}` }, subscribe: userNotificationsTopic(row.id) });
    const { report, rssBefore, rssAfter } = await drive({ mode: 'idle', url, protocols: ['v12.stomp'], conns, heartbeatMs: APP_HEARTBEAT_MS, rate: 0, seconds: 0, fanout: 0 }, dir, ourRss);
    return { n, report, rssBefore, rssAfter };
  });
}

const rabbitHeaders = () => ({ login: RABBITMQ_LOGIN, passcode: RABBITMQ_PASSCODE, host: '/' });

async function rabbitLoad(n: number, ratePerSubscriber: number, seconds: number, run: string, dir: string): Promise<LoadFigures> {
  const conns: ConnSpec[] = [];
  for (let p = 0; p < Math.floor(n / 2); p += 1) {
    const topic = `/topic/bench.${run}.${p}`;
    conns.push({ headers: rabbitHeaders(), subscribe: topic, send: topic });
    conns.push({ headers: rabbitHeaders(), subscribe: topic });
  }
  const pairs = conns.length / 2;
  const { report, result } = await drive(
    { mode: 'load', url: RABBITMQ_URL, protocols: ['v12.stomp', 'v11.stomp'], conns, heartbeatMs: 0, rate: ratePerSubscriber * pairs, seconds, fanout: 2 },
    dir,
    async () => 0,
  );
  return { n, report, result: result! };
}

async function rabbitIdle(n: number, run: string, dir: string, beamPid: number | null): Promise<IdleFigures> {
  const conns: ConnSpec[] = Array.from({ length: n }, (_, i) => ({ headers: rabbitHeaders(), subscribe: `/topic/bench.${run}.idle.${i}` }));
  const measure = async () => {
    await sleep(SETTLE_MS);
    return beamPid === null ? NaN : rssOfPid(beamPid);
  };
  const { report, rssBefore, rssAfter } = await drive({ mode: 'idle', url: RABBITMQ_URL, protocols: ['v12.stomp', 'v11.stomp'], conns, heartbeatMs: APP_HEARTBEAT_MS, rate: 0, seconds: 0, fanout: 0 }, dir, measure);
  return { n, report, rssBefore, rssAfter };
}

/** Prints rows as an aligned table (ASCII labels; values right-aligned). */
function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const fmt = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('   ');
  console.log(fmt(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('   '));
  for (const r of rows) console.log(fmt(r));
}

function tableRows(sides: SideFigures[], ns: number[], idleN: number): string[][] {
  const mib = (b: number) => (Number.isFinite(b) ? `${(b / 1048576).toFixed(0)}` : '?');
  const rows: string[][] = [];
  const cell = (f: (s: SideFigures) => string) => sides.map((s) => f(s));
  for (const n of ns) {
    const load = (s: SideFigures) => s.loads.find((l) => l.n === n);
    const val = (f: (l: LoadFigures) => string) => cell((s) => (load(s) ? f(load(s)!) : s.note ?? '—'));
    rows.push([`load N=${n}: connections up (failed)`, ...val((l) => `${l.report.connected} (${l.report.failed})`)]);
    rows.push(['  SENDs sent / scheduled', ...val((l) => `${l.result.sent} / ${l.result.scheduled}`)]);
    rows.push(['  delivered', ...val((l) => `${((100 * l.result.delivered) / Math.max(1, l.result.expected)).toFixed(2)}%`)]);
    rows.push(['  latency p50 / p99', ...val((l) => (Number.isNaN(l.result.p50) ? '—' : `${l.result.p50} / ${l.result.p99} ms`))]);
    rows.push(['  messages/s delivered', ...val((l) => ((l.result.delivered * 1000) / l.result.elapsedMs).toFixed(0))]);
    rows.push(['  connections closed during run', ...val((l) => String(l.result.dropped))]);
  }
  if (idleN > 0) {
    const val = (f: (i: IdleFigures) => string) => cell((s) => (s.idle ? f(s.idle) : s.note ?? '—'));
    rows.push([`idle N=${idleN}: connections up (failed)`, ...val((i) => `${i.report.connected} (${i.report.failed})`)]);
    rows.push(['  server RSS before → after', ...val((i) => `${mib(i.rssBefore)} → ${mib(i.rssAfter)} MiB`)]);
    rows.push([
      '  RSS per idle connection',
      ...val((i) => (Number.isFinite(i.rssAfter - i.rssBefore) && i.report.connected ? `${((i.rssAfter - i.rssBefore) / i.report.connected / 1024).toFixed(1)} KiB` : '?')),
    ]);
  }
  return rows;
}

/** `--peer rabbitmq`, `--peer=rabbitmq`, BENCH_PEER, or npm's `--peer rabbitmq` without `--`. */
function peerArg(): string | undefined {
  const argv = process.argv.slice(2);
  const i = argv.indexOf('--peer');
  if (i >= 0) return argv[i + 1];
  const eq = argv.find((a) => a.startsWith('--peer='));
  if (eq) return eq.slice('--peer='.length);
  return process.env.BENCH_PEER ?? process.env.npm_config_peer;
}

async function main() {
  const ns = (process.env.BENCH_N ?? '1000').split(',').map(Number);
  const rate = Number(process.env.BENCH_RATE ?? 20);
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const idleN = Number(process.env.BENCH_IDLE ?? 5000);
  const peer = peerArg();
  if (peer !== undefined && peer !== 'rabbitmq') throw new Error(`unknown --peer ${peer} (known: rabbitmq)`);
  console.log(
    `bench:realtime — load: N subscribers in N/2 pairs, ${rate} messages/s received by each (the sender of each pair SENDs ${rate}/s), ${seconds} s; ` +
      `idle: ${idleN} authenticated connections, 1 subscription and ${APP_HEARTBEAT_MS / 1000} s heart-beats each`,
  );
  const notes: string[] = [];
  const machine = () => `${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(1)}`;
  console.log(`machine: ${machine()} at the start (other work on the machine slows both sides)`);
  const needFiles = Math.max(idleN, ...ns) + 200;
  const ownLimit = await openFilesLimit('self');
  if (ownLimit !== null && ownLimit < needFiles) notes.push(`open-file limit ${ownLimit} < ${needFiles}: raise it first (ulimit -n ${Math.max(needFiles * 2, 12000)}), or connections fail with EMFILE`);
  const started = Date.now();
  const progress = (text: string) => console.error(`· ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s  ${text}`);

  // Issue #33 item 3: the stored chat's ramp, 1:1 and table of 8, on PGlite and (DATABASE_URL) PostgreSQL.
  const rampMode = process.env.BENCH_RAMP ?? '1';
  if (rampMode !== '0') {
    const rampN = Number(process.env.BENCH_RAMP_N ?? 100);
    const rampRates = (process.env.BENCH_RAMP_RATES ?? '50,100,250,500,1000,1500,2000,3000,4000').split(',').map(Number);
    const rampSeconds = Number(process.env.BENCH_RAMP_SECONDS ?? 5);
    const dbs = (process.env.BENCH_RAMP_DB ?? (process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite')).split(',') as BenchDb[];
    const ramps: RampFigures[] = [];
    for (const db of dbs) {
      for (const kind of ['chat', 'table'] as const) {
        if (kind === 'table' && process.env.BENCH_TABLE === '0') continue;
        progress(`ramp: ${kind}, ${db}, ${rampN} connections`);
        ramps.push(await ourRamp(kind, db, rampN, rampRates, rampSeconds, progress));
      }
    }
    console.log('');
    console.log(
      `stored chat ramp (issue #33 item 3): N connections, every one SENDs in turn (1:1: pairs, each SEND reaches 2; table: 8 at a table, each SEND reaches 8), ` +
        `${rampSeconds} s a step after a 2 s warm-up, up to the first step with p99 ≥ ${RAMP_P99_MS} ms or a message lost twice in a row${dbs.includes('postgres') ? '' : ' (PostgreSQL: set DATABASE_URL)'}`,
    );
    printRamps(ramps, rampRates);
    if (rampMode === 'only') {
      console.log(`\nnote: machine: ${machine()} at the end`);
      return;
    }
  }

  const ours: SideFigures = { name: 'ours (/ws)', loads: [] };
  if (idleN > 0) {
    progress(`ours: idle, ${idleN} connections`);
    ours.idle = await ourIdle(idleN);
  }
  for (const n of ns) {
    progress(`ours: load, ${n} connections`);
    ours.loads.push(await ourLoad(n, rate, seconds));
  }
  ours.server = ours.loads[0]?.report.server ?? ours.idle?.report.server;
  const sides = [ours];
  if (process.env.BENCH_TABLE !== '0') {
    const table: SideFigures = { name: 'ours, table of 8', loads: [], note: 'same as ours' };
    for (const n of ns) {
      progress(`ours, table of 8: load, ${n} connections`);
      table.loads.push(await ourTableLoad(n, rate, seconds));
    }
    sides.push(table);
  }
  const fanout: SideFigures = { name: 'ours, fan-out only', loads: [], note: 'same as ours' };
  for (const n of ns) {
    progress(`ours, fan-out only: load, ${n} connections`);
    fanout.loads.push(await ourFanoutLoad(n, rate, seconds));
  }
  sides.push(fanout);

  if (peer === 'rabbitmq') {
    if (!(await reachable())) {
      console.log(unreachableMessage());
    } else {
      const rabbit: SideFigures = { name: 'RabbitMQ Web-STOMP', loads: [] };
      sides.push(rabbit);
      const beamPid = await findBeamPid();
      if (beamPid === null) notes.push('RabbitMQ beam.smp not found in /proc (set BENCH_RABBITMQ_PID): its RSS is not measured');
      else {
        const limit = await openFilesLimit(beamPid);
        if (limit !== null && limit < needFiles) {
          notes.push(`RabbitMQ's beam.smp (pid ${beamPid}) may open ${limit} files < ${needFiles}: raise its limit (LimitNOFILE / ulimit -n of the service) for ${idleN} connections`);
        }
      }
      const run = randomBytes(3).toString('hex');
      const dir = await mkdtemp(path.join(tmpdir(), 'bs-bench-rabbit-'));
      try {
        if (idleN > 0) {
          progress(`RabbitMQ: idle, ${idleN} connections`);
          rabbit.idle = await rabbitIdle(idleN, run, dir, beamPid);
        }
        for (const n of ns) {
          progress(`RabbitMQ: load, ${n} connections`);
          rabbit.loads.push(await rabbitLoad(n, rate, seconds, run, dir));
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      rabbit.server = rabbit.loads[0]?.report.server ?? rabbit.idle?.report.server;
    }
  }

  progress('done');
  console.log('');
  printTable(
    ['', ...sides.map((s) => `${s.name}${s.server ? ` ${s.server}` : ''}`)],
    tableRows(sides, ns, idleN),
  );
  const errors = sides.flatMap((s) => [...s.loads.map((l) => l.report), ...(s.idle ? [s.idle.report] : [])].filter((r) => r.firstError).map((r) => `${s.name}: first connect failure: ${r.firstError}`));
  for (const e of errors) notes.push(e);
  if (errors.some((e) => /EMFILE|too many open files/i.test(e))) notes.push('EMFILE: too many open files — raise the limit (ulimit -n 20000) in this shell, and for RabbitMQ its service limit, then run again');
  if (errors.some((e) => e.startsWith('RabbitMQ'))) {
    notes.push(
      "RabbitMQ holds connections beyond its socket limit (`rabbitmqctl status` → File Descriptors → Sockets), set from its open-file limit when it started: " +
        "raise LimitNOFILE / ulimit -n of the service and restart it (or, running: prlimit --pid {beam.smp} --nofile=N:N as its user, then rabbitmqctl eval 'file_handle_cache:set_limit(N).')",
    );
  }
  notes.push(`machine: ${machine()} at the end`);
  if (notes.length) console.log(['', ...notes.map((n) => `note: ${n}`)].join('\n'));
}

if (process.argv[2] === '--clients') {
  await runClients(process.argv[3]!);
} else {
  await main();
  process.exit(0);
}
