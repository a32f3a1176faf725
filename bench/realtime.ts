/**
 * `npm run bench:realtime` (issue #4; not a test): starts the server (in-process broker, embedded
 * PGlite), opens N authenticated STOMP connections from a separate client process — N/2 accepted
 * matches, both members subscribed to their chat — sends chat messages at a fixed total rate and
 * prints, for N = 1000 and 3000: delivery %, p50/p99 latency (send → MESSAGE), delivered
 * messages/s and the server's RSS growth per connection.
 *
 * Environment: BENCH_N (comma list, default "1000,3000"), BENCH_RATE (messages/s, default 100),
 * BENCH_SECONDS (default 10).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@stomp/stompjs';
import WebSocket from 'ws';
import { chatSendDestination, chatTopic, type ChatMessage } from '../common/realtime.ts';

interface Plan {
  url: string;
  /** [token of host, token of guest, matchId] per match. */
  pairs: Array<[string, string, number]>;
  rate: number;
  seconds: number;
}

interface ClientResult {
  sent: number;
  delivered: number;
  expected: number;
  latencies: number[];
  elapsedMs: number;
  connectFailures: number;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);

/** Client process: connects everything, reports "connected", sends, reports the result. */
async function runClients(planFile: string): Promise<void> {
  const plan = JSON.parse(await readFile(planFile, 'utf8')) as Plan;
  const clients: Client[] = [];
  let connectFailures = 0;
  const latencies: number[] = [];
  let delivered = 0;
  const connectOne = (token: string, matchId: number) =>
    new Promise<Client>((resolve) => {
      const c = new Client({
        webSocketFactory: () => new WebSocket(plan.url, ['v12.stomp']),
        connectHeaders: { Authorization: `Bearer ${token}` },
        reconnectDelay: 0,
        heartbeatIncoming: 0,
        heartbeatOutgoing: 0,
        debug: () => {},
        onConnect: () => {
          c.subscribe(chatTopic(matchId), (m) => {
            const body = JSON.parse(m.body) as ChatMessage;
            const sentAt = Number(body.content.split(':')[0]);
            latencies.push(Date.now() - sentAt);
            delivered += 1;
          });
          // A receipt after SUBSCRIBE: the subscription is active.
          c.watchForReceipt(`ready-${matchId}-${token.slice(-6)}`, () => resolve(c));
          c.unsubscribe('none', { receipt: `ready-${matchId}-${token.slice(-6)}` });
        },
        onStompError: () => {
          connectFailures += 1;
          resolve(c);
        },
        onWebSocketError: () => {
          connectFailures += 1;
          resolve(c);
        },
      });
      c.activate();
      clients.push(c);
    });
  // Connect in batches of 200.
  const senders: Array<[Client, number]> = [];
  for (let i = 0; i < plan.pairs.length; i += 100) {
    const batch = plan.pairs.slice(i, i + 100);
    const made = await Promise.all(batch.flatMap(([a, b, m]) => [connectOne(a, m).then((c) => [c, m] as [Client, number]), connectOne(b, m)]));
    for (let k = 0; k < made.length; k += 2) senders.push(made[k] as [Client, number]);
  }
  process.stdout.write(`${JSON.stringify({ connected: clients.length })}\n`);
  await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
  const start = Date.now();
  let sent = 0;
  let next = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = Date.now() - start;
      if (elapsed >= plan.seconds * 1000) {
        clearInterval(timer);
        resolve();
        return;
      }
      // Catch up with the schedule even when ticks arrive late.
      const due = Math.floor((plan.rate * elapsed) / 1000);
      while (next < due) {
        const [c, m] = senders[next % senders.length]!;
        next += 1;
        if (!c.connected) continue;
        c.publish({ destination: chatSendDestination(m), body: JSON.stringify({ content: `${Date.now()}:${sent}` }) });
        sent += 1;
      }
    }, 10);
  });
  const expected = sent * 2;
  const until = Date.now() + 10_000;
  while (delivered < expected && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  const elapsedMs = Date.now() - start;
  const result: ClientResult = { sent, delivered, expected, latencies: latencies.sort((a, b) => a - b), elapsedMs, connectFailures };
  process.stdout.write(`${JSON.stringify({ result: { ...result, latencies: [percentile(result.latencies, 50), percentile(result.latencies, 99)] } })}\n`);
  await Promise.all(clients.map((c) => c.deactivate()));
  process.exit(0);
}

/** Server side for one N: build, seed, spawn the clients, measure. */
async function runOne(n: number, rate: number, seconds: number): Promise<void> {
  const { buildApp } = await import('../server/app.ts');
  const { loadConfig } = await import('../server/config.ts');
  const { users, schedules, matchRequests } = await import('../server/db/schema.ts');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bs-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent', STATIC_DIR: path.join(dataDir, 'none') });
  const app = await buildApp(config, { database: { kind: 'pglite-memory' }, logger: false, demoVenues: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `ws://127.0.0.1:${address.port}/ws`;

  const rows = await app.db
    .insert(users)
    .values(Array.from({ length: n }, (_, i) => ({ email: `bench${i}-${randomBytes(3).toString('hex')}@example.com`, name: `회원${i}`, passwordHash: 'x', isNewUser: false })))
    .returning({ id: users.id, tokenVersion: users.tokenVersion });
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000 + 9 * 3600 * 1000).toISOString().slice(0, 10);
  const pairs: Plan['pairs'] = [];
  for (let i = 0; i + 1 < rows.length; i += 2) {
    const [s] = await app.db
      .insert(schedules)
      .values({ userId: rows[i]!.id, date: tomorrow, hour: 12, text: 'bench', placeName: 'bench', placeCategory: '한식', participants: 2, currentParticipants: 2 })
      .returning({ id: schedules.id });
    const [m] = await app.db.insert(matchRequests).values({ scheduleId: s!.id, requesterId: rows[i + 1]!.id, status: 'ACCEPTED' }).returning({ id: matchRequests.id });
    pairs.push([await app.tokens.sign(rows[i]!), await app.tokens.sign(rows[i + 1]!), m!.id]);
  }
  const planFile = path.join(dataDir, 'plan.json');
  await writeFile(planFile, JSON.stringify({ url, pairs, rate, seconds } satisfies Plan));

  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--clients', planFile], { stdio: ['pipe', 'pipe', 'inherit'] });
  let rssConnected = 0;
  const result = await new Promise<ClientResult>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        const msg = JSON.parse(line) as { connected?: number; result?: ClientResult };
        if (msg.connected !== undefined) {
          global.gc?.();
          rssConnected = process.memoryUsage().rss;
          child.stdin.write('go\n');
        }
        if (msg.result) resolve(msg.result);
      }
    });
    child.on('exit', (code) => code !== 0 && reject(new Error(`clients exited ${code}`)));
  });
  const sessions = app.stomp.sessionCount();
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
  const [p50, p99] = result.latencies;
  console.log(
    [
      `N=${n} connections (${sessions} sessions open at the end, ${result.connectFailures} failed)`,
      `  sent ${result.sent} messages at ${rate}/s for ${seconds}s; delivered ${result.delivered}/${result.expected} = ${((100 * result.delivered) / Math.max(1, result.expected)).toFixed(2)}%`,
      `  latency p50 ${p50} ms, p99 ${p99} ms; ${((result.delivered * 1000) / result.elapsedMs).toFixed(0)} messages/s delivered`,
      `  server RSS ${(rssBefore / 1048576).toFixed(0)} → ${(rssConnected / 1048576).toFixed(0)} MiB: ${((rssConnected - rssBefore) / n / 1024).toFixed(1)} KiB per connection`,
    ].join('\n'),
  );
}

if (process.argv[2] === '--clients') {
  await runClients(process.argv[3]!);
} else {
  const ns = (process.env.BENCH_N ?? '1000,3000').split(',').map(Number);
  const rate = Number(process.env.BENCH_RATE ?? 100);
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  console.log(`bench:realtime — in-process broker, embedded PGlite, ${rate} messages/s for ${seconds}s`);
  for (const n of ns) await runOne(n, rate, seconds);
}
