/**
 * `npm run test:cluster` (issue #20 item 2): two real instances (`node --import tsx server/main.ts`)
 * on one PostgreSQL database and one Redis, behind Debian's nginx running the shipped
 * `deploy/nginx.conf` (only its upstream addresses and port are rewritten). Through the proxy and
 * across instances:
 * - the WebSocket upgrade at `/ws` works through nginx (same origin as the page);
 * - a chat message sent on instance 1 reaches the partner connected to instance 2, with the
 *   `new_message` notification;
 * - the verification-mail limit per e-mail is counted once across both instances (Redis);
 * - a meal reminder is sent once although both instances look for due reminders every second;
 * - a rolling restart (SIGTERM one instance, start it again, then the other) loses no acknowledged
 *   chat message, stores none twice (client-id), and the client is back within 10 s each time.
 * Needs DATABASE_URL, REDIS_URL and nginx (`.ci/run` installs Debian's package); without them it
 * fails with a message saying what is missing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, type IMessage } from '@stomp/stompjs';
import { SignJWT } from 'jose';
import postgres from 'postgres';
import { errorText } from '../common/errors.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { chatSendDestination, chatTopic, userNotificationsTopic, type ChatMessage, type LiveNotification } from '../common/realtime.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const JWT_SECRET = randomBytes(32).toString('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntil(what: string, check: () => Promise<boolean> | boolean, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await Promise.resolve().then(check).catch(() => false))) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** One app instance: its port, process and log. */
interface Instance {
  name: string;
  port: number;
  dataDir: string;
  process?: ChildProcess;
  log: string[];
}

let dbName: string;
let dbUrl: string;
let admin: postgres.Sql;
let db: postgres.Sql;
let workDir: string;
let proxyPort: number;
let nginx: ChildProcess;
const instances: Instance[] = [];
const clients: Client[] = [];

/** Starts (or restarts) an instance and waits for its /readyz. */
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
      JWT_SECRET,
      PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
      TRUST_PROXY: '127.0.0.1',
      STATIC_DIR: path.join(workDir, 'no-client'),
      LOG_LEVEL: 'info',
      REMINDER_LEAD_MINUTES: '1440',
      REMINDER_CHECK_SECONDS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  instance.process = child;
  const keep = (chunk: Buffer) => {
    instance.log.push(chunk.toString());
    if (instance.log.length > 500) instance.log.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  await waitUntil(`${instance.name} ready`, async () => (await fetch(`http://127.0.0.1:${instance.port}/readyz`)).ok, 90_000);
}

/** SIGTERM and wait for the exit; answers the exit code. */
async function stop(instance: Instance): Promise<number | null> {
  const child = instance.process;
  if (!child || child.exitCode !== null) return child?.exitCode ?? null;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

/** nginx with deploy/nginx.conf's server block, upstreams rewritten to the two instances. */
async function startNginx(): Promise<void> {
  const shipped = await readFile(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const site = shipped
    .replace(/server app1:8080/, `server 127.0.0.1:${instances[0]!.port}`)
    .replace(/server app2:8080/, `server 127.0.0.1:${instances[1]!.port}`)
    .replace(/listen 80;/, `listen 127.0.0.1:${proxyPort};`);
  expect(site).not.toMatch(/app[12]:8080|listen 80;/);
  const conf = [
    'daemon off;',
    'worker_processes 1;',
    `pid ${workDir}/nginx.pid;`,
    `error_log ${workDir}/nginx-error.log warn;`,
    'events { worker_connections 1024; }',
    'http {',
    `  access_log off;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `  ${k}_temp_path ${workDir}/${k};`),
    site,
    '}',
  ].join('\n');
  await writeFile(path.join(workDir, 'nginx.conf'), conf);
  nginx = spawn(NGINX, ['-p', workDir, '-c', path.join(workDir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  await waitUntil('nginx', async () => (await fetch(`http://127.0.0.1:${proxyPort}/healthz`)).ok, 20_000);
}

/** A member inserted straight into the shared database, with a token signed by the shared secret. */
async function member(name: string): Promise<{ id: number; token: string; headers: Record<string, string> }> {
  const [row] = await db<{ id: number }[]>`
    insert into users (email, name, password_hash, is_new_user)
    values (${`cluster-${randomUUID()}@example.com`}, ${name}, 'not-a-password', false) returning id`;
  const iat = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ ver: 0 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(String(row!.id)).setIssuedAt(iat).setExpirationTime(iat + 3600).sign(new TextEncoder().encode(JWT_SECRET));
  return { id: row!.id, token, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
}

const proxy = (p: string) => `http://127.0.0.1:${proxyPort}${p}`;

async function api<T>(method: string, p: string, headers: Record<string, string>, body?: unknown): Promise<T> {
  const res = await fetch(proxy(p), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return ((res.headers.get('content-type') ?? '').includes('json') ? await res.json() : await res.text()) as T;
}

/** KST date and hour `hoursAhead` hours from now (a meal start in the future). */
function kstSlot(hoursAhead: number): { date: string; time: number } {
  const at = new Date(Date.now() + 9 * 3600_000 + hoursAhead * 3600_000);
  return { date: at.toISOString().slice(0, 10), time: at.getUTCHours() };
}

/** Host's schedule `hoursAhead` hours from now, guest's request, accepted (and confirmed): the match id. */
async function match(host: { headers: Record<string, string> }, guest: { headers: Record<string, string> }, hoursAhead: number, confirm = false): Promise<number> {
  const schedule = await api<{ id: number }>('POST', '/api/schedules', host.headers, { ...kstSlot(hoursAhead), text: '클러스터 점심', placeName: '을지로 칼국수', placeCategory: '한식', participants: 2 });
  await api('POST', '/api/matches', guest.headers, { scheduleId: schedule.id });
  const sent = await api<Array<{ id: number; schedule: { id: number } }>>('GET', '/api/matches/sent', guest.headers);
  const id = sent.find((m) => m.schedule.id === schedule.id)!.id;
  await api('POST', `/api/matches/${id}/accept`, host.headers);
  if (confirm) await api('POST', `/api/matches/${id}/confirm`, host.headers);
  return id;
}

/** A STOMP client on `url` (reconnecting every 200 ms when `reconnect`); resolves once connected. */
function stomp(url: string, token: string, origin: string, reconnect = false) {
  let connects = 0;
  let resolveFirst!: () => void;
  const first = new Promise<void>((r) => (resolveFirst = r));
  const client = new Client({
    webSocketFactory: () => new WebSocket(url, ['v12.stomp'], { origin }),
    connectHeaders: { Authorization: `Bearer ${token}` },
    reconnectDelay: reconnect ? 200 : 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    debug: () => {},
    onConnect: () => {
      connects += 1;
      resolveFirst();
    },
  });
  clients.push(client);
  client.activate();
  return { client, connected: first, connects: () => connects };
}

beforeAll(async () => {
  if (!DATABASE_URL || !REDIS_URL) throw new Error('test:cluster needs DATABASE_URL and REDIS_URL (PostgreSQL and Redis); .ci/run sets them when they answer');
  try {
    await access(NGINX);
  } catch {
    throw new Error(`test:cluster needs nginx at ${NGINX}: apt-get install -y nginx (or set NGINX_PATH)`);
  }
  workDir = await mkdtemp(path.join(tmpdir(), 'bs-cluster-'));
  dbName = `bapsang_cluster_${randomBytes(4).toString('hex')}`;
  admin = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${dbName}`);
  const u = new URL(DATABASE_URL);
  u.pathname = `/${dbName}`;
  dbUrl = u.toString();
  db = postgres(dbUrl, { max: 2, onnotice: () => {} });
  proxyPort = await freePort();
  for (const name of ['app1', 'app2']) instances.push({ name, port: await freePort(), dataDir: await mkdtemp(path.join(workDir, `${name}-`)), log: [] });
  // Both start at once: migrations run under an advisory lock.
  await Promise.all(instances.map(start));
  await startNginx();
}, 180_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.deactivate().catch(() => {})));
  await Promise.all(instances.map((i) => stop(i)));
  nginx?.kill('SIGTERM');
  await db?.end();
  if (admin) {
    await admin.unsafe(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
  }
  if (workDir) await rm(workDir, { recursive: true, force: true });
}, 60_000);

describe('two instances behind nginx', () => {
  it('the WebSocket upgrade works through the proxy, and chat and notifications cross instances', async () => {
    const host = await member('호스트');
    const guest = await member('게스트');
    const id = await match(host, guest, 30);
    const origin = `http://127.0.0.1:${proxyPort}`;
    // Through nginx (the page's own origin).
    const viaProxy = stomp(`ws://127.0.0.1:${proxyPort}/ws`, host.token, origin);
    await viaProxy.connected;
    // The two members on different instances.
    const onFirst = stomp(`ws://127.0.0.1:${instances[0]!.port}/ws`, host.token, origin);
    const onSecond = stomp(`ws://127.0.0.1:${instances[1]!.port}/ws`, guest.token, origin);
    await Promise.all([onFirst.connected, onSecond.connected]);
    const chat: IMessage[] = [];
    const inbox: IMessage[] = [];
    const proxied: IMessage[] = [];
    onSecond.client.subscribe(chatTopic(id), (m) => void chat.push(m));
    onSecond.client.subscribe(userNotificationsTopic(guest.id), (m) => void inbox.push(m));
    viaProxy.client.subscribe(chatTopic(id), (m) => void proxied.push(m));
    await sleep(300);
    onFirst.client.publish({ destination: chatSendDestination(id), body: JSON.stringify({ content: '1번 서버에서 보내요' }) });
    await waitUntil('the message on instance 2 and through the proxy', () => chat.length === 1 && proxied.length === 1 && inbox.length >= 1, 10_000);
    expect((JSON.parse(chat[0]!.body) as ChatMessage).content).toBe('1번 서버에서 보내요');
    expect((JSON.parse(inbox.at(-1)!.body) as LiveNotification).type).toBe('new_message');
  });

  it('the verification-mail limit per e-mail (5 per hour) is counted once across both instances', async () => {
    const email = `cluster-limit-${randomUUID()}@example.com`;
    // A client address of its own (X-Forwarded-For from a trusted 127.0.0.1), so the per-IP limit of
    // earlier runs on this Redis never counts here.
    const client = `198.18.${randomBytes(1)[0]!}.${1 + (randomBytes(1)[0]! % 250)}`;
    const send = (base: string) =>
      fetch(`${base}/api/auth/send-verification-email`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': client }, body: JSON.stringify({ email }) });
    const direct = (i: number) => `http://127.0.0.1:${instances[i % 2]!.port}`;
    // Alternating instances: 3 on app1, 2 on app2, each alone below the limit.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await send(direct(i))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const sixth = await send(direct(5));
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toEqual({ message: errorText('RATE_LIMITED'), code: 'RATE_LIMITED' });
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    // Through nginx too, whichever instance answers.
    expect((await send(`http://127.0.0.1:${proxyPort}`)).status).toBe(429);
  });

  it('a meal reminder is sent once though both instances look every second', async () => {
    const host = await member('호스트');
    const guest = await member('게스트');
    const id = await match(host, guest, 2, true);
    await waitUntil('both reminders', async () => {
      const [row] = await db<{ n: number }[]>`select count(*)::int as n from notifications where match_id = ${id} and type = 'meal_reminder'`;
      return row!.n >= 2;
    }, 20_000);
    // Several more sweeps on each instance.
    await sleep(3000);
    const rows = await db<{ user_id: number }[]>`select user_id from notifications where match_id = ${id} and type = 'meal_reminder' order by user_id`;
    expect(rows.map((r) => r.user_id)).toEqual([host.id, guest.id].sort((a, b) => a - b));
  });

  it('a rolling restart loses no acknowledged message, stores none twice, and the client is back within 10 s each time', async () => {
    const host = await member('호스트');
    const guest = await member('게스트');
    const id = await match(host, guest, 30);
    const c = stomp(`ws://127.0.0.1:${proxyPort}/ws`, guest.token, `http://127.0.0.1:${proxyPort}`, true);
    await c.connected;
    const acked = new Set<string>();
    const sent: string[] = [];
    let running = true;
    // The app's client: every message has a client-id; unacknowledged ones are sent again (same id).
    const sender = (async () => {
      let n = 0;
      while (running) {
        const unacked = sent.filter((cid) => !acked.has(cid));
        const clientId = unacked.length > 0 && n % 5 === 0 ? unacked[0]! : randomUUID();
        if (!sent.includes(clientId)) sent.push(clientId);
        if (c.client.connected) {
          const receipt = `r-${clientId}-${n}`;
          c.client.watchForReceipt(receipt, () => acked.add(clientId));
          c.client.publish({ destination: chatSendDestination(id), body: JSON.stringify({ content: `메시지 ${sent.indexOf(clientId)}` }), headers: { receipt, 'client-id': clientId } });
        }
        n += 1;
        await sleep(150);
      }
    })();
    for (const instance of instances) {
      const before = c.connects();
      const code = await stop(instance);
      expect(code, `${instance.name} exit code after SIGTERM`).toBe(0);
      const down = Date.now();
      await waitUntil(`the client back after ${instance.name} stopped`, () => c.connects() > before || (c.client.connected && Date.now() - down > 1000), 10_000);
      expect(Date.now() - down).toBeLessThan(10_000);
      await start(instance);
      await sleep(500);
    }
    // Let every message be acknowledged (resends included).
    await waitUntil('every message acknowledged', () => sent.every((cid) => acked.has(cid)) || !running, 20_000).catch(() => {});
    running = false;
    await sender;
    const stored = (await db<{ client_id: string }[]>`select client_id from chat_messages where match_id = ${id}`).map((r) => r.client_id);
    for (const cid of acked) expect(stored.filter((s) => s === cid), `acknowledged ${cid}`).toHaveLength(1);
    expect(new Set(stored).size).toBe(stored.length);
    expect(acked.size).toBeGreaterThan(20);
    // Its instance was restarted: it reconnected (through nginx, to the other one) at least once.
    expect(c.connects()).toBeGreaterThanOrEqual(2);
  }, 120_000);
});
