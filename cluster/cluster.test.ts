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
 * The instances, nginx and the database are started by soak/cluster.ts (shared with `npm run soak`).
 * Needs DATABASE_URL, REDIS_URL and nginx (`.ci/run` installs Debian's package); without them it
 * fails with a message saying what is missing.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Client, type IMessage } from '@stomp/stompjs';
import { SignJWT } from 'jose';
import { errorText } from '../common/errors.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { chatSendDestination, chatTopic, userNotificationsTopic, type ChatMessage, type LiveNotification } from '../common/realtime.ts';
import { sleep, startCluster, waitUntil, type Cluster } from '../soak/cluster.ts';

let cluster: Cluster;
const clients: Client[] = [];

/** A member inserted straight into the shared database, with a token signed by the shared secret. */
async function member(name: string): Promise<{ id: number; token: string; headers: Record<string, string> }> {
  const [row] = await cluster.db<{ id: number }[]>`
    insert into users (email, name, password_hash, is_new_user)
    values (${`cluster-${randomUUID()}@example.com`}, ${name}, 'not-a-password', false) returning id`;
  const iat = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ ver: 0 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(String(row!.id)).setIssuedAt(iat).setExpirationTime(iat + 3600).sign(new TextEncoder().encode(cluster.jwtSecret));
  return { id: row!.id, token, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
}

async function api<T>(method: string, p: string, headers: Record<string, string>, body?: unknown): Promise<T> {
  const res = await fetch(cluster.proxy(p), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
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
  // The harness (soak/cluster.ts) is shared with `npm run soak`; it throws saying what is missing.
  cluster = await startCluster({ prefix: 'cluster', env: { REMINDER_LEAD_MINUTES: '1440', REMINDER_CHECK_SECONDS: '1' } });
}, 180_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.deactivate().catch(() => {})));
  await cluster?.close();
}, 60_000);

describe('two instances behind nginx', () => {
  it('the WebSocket upgrade works through the proxy, and chat and notifications cross instances', async () => {
    const host = await member('호스트');
    const guest = await member('게스트');
    const id = await match(host, guest, 30);
    const origin = `http://127.0.0.1:${cluster.proxyPort}`;
    // Through nginx (the page's own origin).
    const viaProxy = stomp(`ws://127.0.0.1:${cluster.proxyPort}/ws`, host.token, origin);
    await viaProxy.connected;
    // The two members on different instances.
    const onFirst = stomp(`ws://127.0.0.1:${cluster.instances[0]!.port}/ws`, host.token, origin);
    const onSecond = stomp(`ws://127.0.0.1:${cluster.instances[1]!.port}/ws`, guest.token, origin);
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
    const direct = (i: number) => `http://127.0.0.1:${cluster.instances[i % 2]!.port}`;
    // Alternating instances: 3 on app1, 2 on app2, each alone below the limit.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await send(direct(i))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const sixth = await send(direct(5));
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toEqual({ message: errorText('RATE_LIMITED'), code: 'RATE_LIMITED' });
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    // Through nginx too, whichever instance answers.
    expect((await send(`http://127.0.0.1:${cluster.proxyPort}`)).status).toBe(429);
  });

  it('a meal reminder is sent once though both instances look every second', async () => {
    const host = await member('호스트');
    const guest = await member('게스트');
    const id = await match(host, guest, 2, true);
    await waitUntil('both reminders', async () => {
      const [row] = await cluster.db<{ n: number }[]>`select count(*)::int as n from notifications where match_id = ${id} and type = 'meal_reminder'`;
      return row!.n >= 2;
    }, 20_000);
    // Several more sweeps on each instance.
    await sleep(3000);
    const rows = await cluster.db<{ user_id: number }[]>`select user_id from notifications where match_id = ${id} and type = 'meal_reminder' order by user_id`;
    expect(rows.map((r) => r.user_id)).toEqual([host.id, guest.id].sort((a, b) => a - b));
  });

  it('a rolling restart loses no acknowledged message, stores none twice, and the client is back within 10 s each time', async () => {
    const host = await member('호스트');
    const guest = await member('게스트');
    const id = await match(host, guest, 30);
    const c = stomp(`ws://127.0.0.1:${cluster.proxyPort}/ws`, guest.token, `http://127.0.0.1:${cluster.proxyPort}`, true);
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
    for (const instance of cluster.instances) {
      const before = c.connects();
      const code = await cluster.stop(instance);
      expect(code, `${instance.name} exit code after SIGTERM`).toBe(0);
      const down = Date.now();
      await waitUntil(`the client back after ${instance.name} stopped`, () => c.connects() > before || (c.client.connected && Date.now() - down > 1000), 10_000);
      expect(Date.now() - down).toBeLessThan(10_000);
      await cluster.start(instance);
      await sleep(500);
    }
    // Let every message be acknowledged (resends included).
    await waitUntil('every message acknowledged', () => sent.every((cid) => acked.has(cid)) || !running, 20_000).catch(() => {});
    running = false;
    await sender;
    const stored = (await cluster.db<{ client_id: string }[]>`select client_id from chat_messages where match_id = ${id}`).map((r) => r.client_id);
    for (const cid of acked) expect(stored.filter((s) => s === cid), `acknowledged ${cid}`).toHaveLength(1);
    expect(new Set(stored).size).toBe(stored.length);
    expect(acked.size).toBeGreaterThan(20);
    // Its instance was restarted: it reconnected (through nginx, to the other one) at least once.
    expect(c.connects()).toBeGreaterThanOrEqual(2);
  }, 120_000);
});
