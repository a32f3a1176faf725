/**
 * `npm run soak` / `npm run soak:short` (issue #32 item 8): the whole loop under load, with
 * instances killed. Two instances behind nginx on a fresh PostgreSQL database + Redis
 * (soak/cluster.ts, shared with `npm run test:cluster`); simulated members (async loops, not
 * processes) sign up through the API (the dev mail code read from the instances' log), then for
 * the set time do weighted random actions through nginx — post meals (future KST dates), request,
 * accept, confirm, reject, cancel, withdraw, delete a meal, chat 1:1 and at the table over STOMP
 * (SEND with a `receipt` and a `client-id`, sometimes repeating one; reconnecting after a kill),
 * review (meals in the past are seeded into the database at the start: the API cannot make one),
 * report, block, browse, log in. Every `SOAK_KILL_EVERY_SECONDS` one instance (alternately) gets
 * SIGKILL and is started again; its time to ready is recorded. At the end the load stops, the
 * notification outbox drains, and soak/invariants.ts judges (a)…(f); the figures, p50/p99 per
 * operation and each invariant's PASS/FAIL are printed; the exit code is 1 when one fails.
 *
 * Options (environment, or `--seconds=` `--members=` `--kill-every=` `--think-ms=` `--rss-mb=`):
 * - `SOAK_SECONDS` (default 600): how long the members act, after sign-up;
 * - `SOAK_MEMBERS` (default 300);
 * - `SOAK_KILL_EVERY_SECONDS` (default 180; the short run: 40, so 2 kills in 120 s);
 * - `SOAK_THINK_MS` (default 1500): a member's mean pause between actions (pacing, not correctness);
 * - `SOAK_RSS_MB` (default 700): the bound of each instance's peak RSS.
 * Needs DATABASE_URL, REDIS_URL and nginx; without one it exits with code 2 saying what is missing.
 *
 * What counts as a 5xx (invariant e): any answer ≥ 500 carrying the app's JSON body; and any 5xx
 * from nginx itself, or a socket failure, outside a kill window. Inside a kill window (from the
 * SIGKILL until 5 s after the instance is ready again) nginx's own 502/504 for a request that was
 * in flight on the killed instance — nginx retries a request on the other instance only when the
 * killed one never received it, or when it is a GET — is counted separately as
 * "in flight at a kill" and not retried (the action may or may not have happened, as for a phone
 * that lost its answer); the database invariants then judge what was stored.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { Client, type IMessage } from '@stomp/stompjs';
import WebSocket from 'ws';
import {
  chatSendDestination,
  tableSendDestination,
  USER_ERRORS_DESTINATION,
  userNotificationsTopic,
  type LiveNotification,
  type StompUserError,
} from '../common/realtime.ts';
import { missingRequirements, sleep, startCluster, waitUntil, type Cluster } from './cluster.ts';
import { checkInvariants, type AcceptedRequest, type AckedMessage, type LiveNoticeFact, type ServerError, type SoakFacts } from './invariants.ts';

/** A numeric option from `--name=` or the environment. */
function option(arg: string, env: string, fallback: number): number {
  const fromArg = process.argv.find((a) => a.startsWith(`--${arg}=`))?.split('=')[1];
  const raw = fromArg ?? process.env[env];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${env} (--${arg}) must be a positive number, got ${raw}`);
  return value;
}

const SECONDS = option('seconds', 'SOAK_SECONDS', 600);
const MEMBERS = Math.max(4, Math.round(option('members', 'SOAK_MEMBERS', 300)));
const KILL_EVERY = option('kill-every', 'SOAK_KILL_EVERY_SECONDS', 180);
const THINK_MS = option('think-ms', 'SOAK_THINK_MS', 1500);
const RSS_MB = option('rss-mb', 'SOAK_RSS_MB', 700);
/** After an instance is ready again, nginx may still hold a failed connection briefly. */
const KILL_WINDOW_TAIL_MS = 5_000;

// --- Figures -------------------------------------------------------------------------------------

const latencies = new Map<string, number[]>();
const statuses = new Map<string, Map<string, number>>();
const serverErrors: ServerError[] = [];
let inFlightAtKill = 0;
const killWindows: Array<{ from: number; to: number }> = [];
const kills: Array<{ instance: string; readyMs: number }> = [];
const peakRss = new Map<string, number>();
const acked: AckedMessage[] = [];
const live: LiveNoticeFact[] = [];
const accepted: AcceptedRequest[] = [];

function record(op: string, status: string, ms?: number): void {
  const s = statuses.get(op) ?? new Map<string, number>();
  s.set(status, (s.get(status) ?? 0) + 1);
  statuses.set(op, s);
  if (ms !== undefined) {
    const l = latencies.get(op) ?? [];
    l.push(ms);
    latencies.set(op, l);
  }
}

const inKillWindow = (from: number, to: number) => killWindows.some((w) => from <= w.to && to >= w.from);

// --- Members -------------------------------------------------------------------------------------

interface Member {
  idx: number;
  email: string;
  password: string;
  name: string;
  /** Its own client address (X-Forwarded-For through nginx): per-address limits count per member. */
  ip: string;
  id: number;
  token: string;
  stomp?: Client;
  /** Matches it may chat in (ACCEPTED / CONFIRMED), from its lists. */
  chats: Set<number>;
  /** Meals whose table it sits at with somebody (host with a seated guest, or seated guest), from its lists. */
  tables: Set<number>;
  /** Its own meals not deleted. */
  hosting: Set<number>;
  /** Seeded past meals to review: match and partner. */
  past: Array<{ matchId: number; partnerId: number }>;
  /** SENDs not acknowledged yet: client-id → what to send again. */
  unacked: Map<string, { kind: 'match' | 'table'; id: number; content: string }>;
  ackedIds: Array<{ kind: 'match' | 'table'; id: number; clientId: string; content: string }>;
  /** Receipt id → what settles the SEND (a RECEIPT, or an error on /user/queue/errors). */
  waiting: Map<string, (outcome: string) => void>;
}

let cluster: Cluster;
/** When the members' actions began (ms since the epoch); times in the report are relative to it. */
let actionsBegan = Date.now();
const codes = new Map<string, string>();
const runByte = randomBytes(1)[0]!;
const members: Member[] = [];
/** Meals members posted (most recent last): what others request. */
const meals: Array<{ id: number; hostId: number }> = [];
/** The seeded past matches: written straight into the database, so no notice was ever due for them. */
const seededMatches = new Set<number>();

const pick = <T>(xs: readonly T[]): T | undefined => (xs.length === 0 ? undefined : xs[Math.floor(Math.random() * xs.length)]);
const kstDay = (daysAhead: number) => new Date(Date.now() + 9 * 3600_000 + daysAhead * 86_400_000).toISOString().slice(0, 10);

/** One HTTP call through nginx, counted under `op`; answers the status (0: no answer) and JSON body. */
async function http<T = unknown>(m: Member | null, op: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T | null }> {
  const headers: Record<string, string> = { 'x-forwarded-for': m?.ip ?? '10.0.0.1' };
  if (m?.token) headers.authorization = `Bearer ${m.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const t0 = Date.now();
  const p0 = performance.now();
  try {
    const res = await fetch(cluster.proxy(path), { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(120_000) });
    const text = await res.text();
    const ms = performance.now() - p0;
    const json = (res.headers.get('content-type') ?? '').includes('json');
    if (res.status >= 500) {
      if (!json && (res.status === 502 || res.status === 504) && inKillWindow(t0, Date.now())) {
        inFlightAtKill += 1;
        record(op, 'in flight at a kill');
      } else {
        serverErrors.push({ operation: `${op} (${method} ${path})`, status: res.status, detail: text });
        record(op, String(res.status), ms);
      }
      return { status: res.status, body: null };
    }
    record(op, String(res.status), ms);
    return { status: res.status, body: json && text ? (JSON.parse(text) as T) : null };
  } catch (error) {
    if (inKillWindow(t0, Date.now())) {
      inFlightAtKill += 1;
      record(op, 'in flight at a kill');
    } else {
      serverErrors.push({ operation: `${op} (${method} ${path})`, status: 0, detail: `no answer: ${(error as Error).message}` });
      record(op, 'no answer');
    }
    return { status: 0, body: null };
  }
}

/** Signs up through the API: code mailed (read from the dev mail log), verified, registered. */
async function signUp(idx: number): Promise<Member> {
  const m: Member = {
    idx,
    email: `soak-${runByte}-${idx}-${randomBytes(3).toString('hex')}@example.com`,
    password: `soak-password-${idx}`,
    name: `소크${idx}`,
    ip: `10.${runByte}.${idx >> 8}.${(idx & 255) + 1 > 254 ? 254 : (idx & 255) + 1}`,
    id: 0,
    token: '',
    chats: new Set(),
    tables: new Set(),
    hosting: new Set(),
    past: [],
    unacked: new Map(),
    ackedIds: [],
    waiting: new Map(),
  };
  for (let attempt = 0; attempt < 5 && m.id === 0; attempt++) {
    const sent = await http(m, 'sign-up: send code', 'POST', '/api/auth/send-verification-email', { email: m.email });
    if (sent.status !== 200) continue;
    await waitUntil(`the code for ${m.email}`, () => codes.has(m.email), 30_000).catch(() => {});
    const code = codes.get(m.email);
    if (!code) continue;
    const verified = await http(m, 'sign-up: verify', 'POST', '/api/auth/verify-email', { email: m.email, code });
    if (verified.status !== 200) continue;
    const reg = await http<{ accessToken: string; id: number }>(m, 'sign-up: register', 'POST', '/api/auth/register', { name: m.name, email: m.email, password: m.password, agreeTerms: true, agreePrivacy: true, ageConfirmed: true });
    if (reg.status === 201 && reg.body) {
      m.id = reg.body.id;
      m.token = reg.body.accessToken;
    }
  }
  if (m.id === 0) throw new Error(`member ${idx} could not sign up (see the status table)`);
  return m;
}

/** The member's STOMP session through nginx: its notifications and error queue; reconnects after a kill. */
function connect(m: Member): void {
  const client = new Client({
    webSocketFactory: () => new WebSocket(`ws://127.0.0.1:${cluster.proxyPort}/ws`, ['v12.stomp'], { origin: cluster.origin }),
    connectHeaders: { Authorization: `Bearer ${m.token}` },
    reconnectDelay: 500,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    debug: () => {},
    onConnect: () => {
      record('stomp: connect', 'connected');
      client.subscribe(userNotificationsTopic(m.id), (msg: IMessage) => {
        const n = JSON.parse(msg.body) as LiveNotification;
        if (n.id !== undefined) live.push({ userId: m.id, noticeId: n.id, type: n.type, at: Date.now() - actionsBegan });
      });
      client.subscribe(USER_ERRORS_DESTINATION, (msg: IMessage) => {
        const e = JSON.parse(msg.body) as StompUserError;
        if (e.receiptId) m.waiting.get(e.receiptId)?.(`refused ${e.code}`);
      });
    },
    onWebSocketClose: () => {
      // The SENDs of a closed socket will get no RECEIPT.
      for (const settle of [...m.waiting.values()]) settle('socket closed');
    },
  });
  m.stomp = client;
  client.activate();
}

let sendSeq = 0;
/**
 * One chat SEND (1:1 `kind: 'match'` or table) with a receipt and a client-id: now and then a
 * message not acknowledged yet, or one already acknowledged, is sent again with its client-id
 * (what the app's outbox does after a reconnect). Waits for the RECEIPT (or a refusal) 20 s at most.
 */
async function chat(m: Member, kind: 'match' | 'table', id: number): Promise<void> {
  const op = kind === 'match' ? 'chat 1:1 (STOMP)' : 'chat table (STOMP)';
  const client = m.stomp;
  if (!client?.connected) {
    record(op, 'not connected');
    return;
  }
  let clientId: string = randomUUID();
  let content = `${kind === 'match' ? '안녕하세요' : '다들 안녕하세요'} ${m.idx}-${(sendSeq += 1)}`;
  const again = Math.random();
  const pending = [...m.unacked].find(([, u]) => u.kind === kind);
  const done = pick(m.ackedIds.filter((a) => a.kind === kind));
  if (again < 0.5 && pending) {
    [clientId, { id, content }] = [pending[0], pending[1]];
  } else if (again > 0.95 && done) {
    ({ clientId, id, content } = done);
  } else {
    m.unacked.set(clientId, { kind, id, content });
  }
  const receipt = `r-${m.idx}-${sendSeq}`;
  const p0 = performance.now();
  const outcome = await new Promise<string>((resolve) => {
    const timer = setTimeout(() => settle('no receipt in 20 s'), 20_000);
    const settle = (o: string) => {
      clearTimeout(timer);
      m.waiting.delete(receipt);
      resolve(o);
    };
    m.waiting.set(receipt, settle);
    client.watchForReceipt(receipt, () => settle('receipt'));
    try {
      client.publish({ destination: kind === 'match' ? chatSendDestination(id) : tableSendDestination(id), body: JSON.stringify({ content }), headers: { receipt, 'client-id': clientId } });
    } catch {
      settle('socket closed');
    }
  });
  if (outcome === 'receipt') {
    acked.push({ kind, senderId: m.id, clientId });
    m.unacked.delete(clientId);
    if (!m.ackedIds.some((a) => a.clientId === clientId)) m.ackedIds.push({ kind, id, clientId, content });
    record(op, outcome, performance.now() - p0);
  } else {
    // Refused (not a member any more, a cancelled match, a block): no point in sending it again.
    if (outcome.startsWith('refused')) m.unacked.delete(clientId);
    record(op, outcome);
  }
}

type MatchItem = { id: number; status: string; waitlisted: boolean; requester: { id: number }; schedule: { id: number; member: { id: number }; startsAt: string; cancelled: boolean } };
/** A table chat is read-only from 24 h after the meal's start (server/modules/chat/table-service.ts). */
const TABLE_OPEN_AFTER_START_MS = 24 * 3_600_000;

/** Reads the member's received and sent requests; refreshes what it may chat in. */
async function lists(m: Member): Promise<{ received: MatchItem[]; sent: MatchItem[] }> {
  const asList = (body: MatchItem[] | null) => (Array.isArray(body) ? body : []);
  const received = asList((await http<MatchItem[]>(m, 'list received requests', 'GET', '/api/matches?limit=50')).body);
  const sent = asList((await http<MatchItem[]>(m, 'list sent requests', 'GET', '/api/matches/sent?limit=50')).body);
  m.chats = new Set([...received, ...sent].filter((r) => r.status === 'ACCEPTED' || r.status === 'CONFIRMED').map((r) => r.id));
  // A table with a seated guest (a host alone at it has nobody to talk to), still open for writing.
  m.tables = new Set(
    [...received, ...sent]
      .filter((r) => (r.status === 'ACCEPTED' || r.status === 'CONFIRMED') && !r.schedule.cancelled && Date.parse(r.schedule.startsAt) + TABLE_OPEN_AFTER_START_MS > Date.now())
      .map((r) => r.schedule.id),
  );
  return { received, sent };
}

const actions: Record<string, { weight: number; run: (m: Member) => Promise<void> }> = {
  'post a meal': {
    weight: 8,
    run: async (m) => {
      const body = { date: kstDay(1 + Math.floor(Math.random() * 7)), time: 11 + Math.floor(Math.random() * 10), text: '같이 밥 먹어요', placeName: '을지로 칼국수', placeCategory: '한식', participants: 2 + Math.floor(Math.random() * 4) };
      const res = await http<{ id: number }>(m, 'post a meal', 'POST', '/api/schedules', body);
      if (res.status === 201 && res.body) {
        meals.push({ id: res.body.id, hostId: m.id });
        m.hosting.add(res.body.id);
      }
    },
  },
  request: {
    weight: 14,
    run: async (m) => {
      // The recent meals: requests pile up on them, so seats fill, waitlists form and seats flip.
      const meal = pick(meals.slice(-40).filter((s) => s.hostId !== m.id));
      if (meal) await http(m, 'request', 'POST', '/api/matches', { scheduleId: meal.id });
    },
  },
  accept: {
    weight: 10,
    run: async (m) => {
      const r = pick((await lists(m)).received.filter((x) => x.status === 'PENDING' && !x.waitlisted));
      if (!r) return;
      const res = await http(m, 'accept', 'POST', `/api/matches/${r.id}/accept`);
      if (res.status >= 200 && res.status < 300) accepted.push({ matchId: r.id, requesterId: r.requester.id, hostId: m.id });
    },
  },
  confirm: {
    weight: 5,
    run: async (m) => {
      const r = pick((await lists(m)).received.filter((x) => x.status === 'ACCEPTED'));
      if (r) await http(m, 'confirm', 'POST', `/api/matches/${r.id}/confirm`);
    },
  },
  reject: {
    weight: 2,
    run: async (m) => {
      const r = pick((await lists(m)).received.filter((x) => x.status === 'PENDING'));
      if (r) await http(m, 'reject', 'POST', `/api/matches/${r.id}/reject`);
    },
  },
  cancel: {
    weight: 3,
    run: async (m) => {
      const { received, sent } = await lists(m);
      const r = pick([...received, ...sent].filter((x) => x.status === 'ACCEPTED' || x.status === 'CONFIRMED'));
      if (r) await http(m, 'cancel', 'POST', `/api/matches/${r.id}/cancel`, { reason: '일정이 생겼어요' });
    },
  },
  withdraw: {
    weight: 3,
    run: async (m) => {
      const r = pick((await lists(m)).sent.filter((x) => x.status === 'PENDING'));
      if (r) await http(m, 'withdraw', 'DELETE', `/api/matches/${r.id}`);
    },
  },
  'delete a meal': {
    weight: 1,
    run: async (m) => {
      const id = pick([...m.hosting]);
      if (id === undefined) return;
      const res = await http(m, 'delete a meal', 'DELETE', `/api/schedules/${id}`);
      if (res.status < 300 || res.status === 404) m.hosting.delete(id);
    },
  },
  'chat 1:1': {
    weight: 15,
    run: async (m) => {
      if (m.chats.size === 0) await lists(m);
      const id = pick([...m.chats]);
      if (id !== undefined) await chat(m, 'match', id);
    },
  },
  'chat table': {
    weight: 10,
    run: async (m) => {
      if (m.tables.size === 0) await lists(m);
      const id = pick([...m.tables]);
      if (id !== undefined) await chat(m, 'table', id);
    },
  },
  review: {
    weight: 4,
    run: async (m) => {
      const p = m.past.shift();
      if (p) await http(m, 'review', 'POST', '/api/reviews', { matchId: p.matchId, revieweeId: p.partnerId, rating: 1 + Math.floor(Math.random() * 5), comment: '즐거운 식사였어요' });
    },
  },
  report: {
    weight: 2,
    run: async (m) => {
      const meal = pick(meals.filter((s) => s.hostId !== m.id));
      const other = pick(members.filter((o) => o.id !== m.id));
      const target = Math.random() < 0.5 && meal ? { targetType: 'schedule', targetId: meal.id } : { targetType: 'member', targetId: other!.id };
      await http(m, 'report', 'POST', '/api/reports', { ...target, reason: pick(['spam', 'abuse', 'other'] as const), detail: '소크 테스트 신고' });
    },
  },
  block: {
    weight: 1,
    run: async (m) => {
      const other = pick(members.filter((o) => o.id !== m.id));
      if (other) await http(m, 'block', 'POST', '/api/blocks', { userId: other.id });
    },
  },
  browse: {
    weight: 8,
    run: async (m) => {
      await http(m, 'browse meals', 'GET', `/api/schedules?date=${kstDay(1 + Math.floor(Math.random() * 7))}&limit=20`);
      await http(m, 'browse notifications', 'GET', '/api/notifications?limit=20');
      await http(m, 'browse chats', 'GET', '/api/chats');
    },
  },
  'log in': {
    weight: 1,
    run: async (m) => {
      const res = await http<{ accessToken: string }>(m, 'log in', 'POST', '/api/auth/login', { email: m.email, password: m.password });
      if (res.status === 200 && res.body?.accessToken) m.token = res.body.accessToken;
    },
  },
};
const totalWeight = Object.values(actions).reduce((s, a) => s + a.weight, 0);
function chooseAction(): [string, (m: Member) => Promise<void>] {
  let r = Math.random() * totalWeight;
  for (const [name, a] of Object.entries(actions)) {
    r -= a.weight;
    if (r < 0) return [name, a.run];
  }
  return ['browse', actions.browse!.run];
}

/** Past meals the API cannot make: confirmed 1:1 matches two days ago, for the members to review. */
async function seedPastMeals(count: number): Promise<number> {
  const db = cluster.db;
  let seeded = 0;
  for (let i = 0; i < count; i++) {
    const host = members[(2 * i) % members.length]!;
    const guest = members[(2 * i + 1) % members.length]!;
    if (host.id === guest.id) continue;
    await db.begin(async (tx) => {
      const [s] = await tx<{ id: number }[]>`
        insert into schedules (user_id, date, hour, text, place_name, place_category, participants, current_participants)
        values (${host.id}, ((now() at time zone 'Asia/Seoul')::date - 2), 12, '지난 점심', '을지로 칼국수', '한식', 2, 2) returning id`;
      const [r] = await tx<{ id: number }[]>`
        insert into match_requests (schedule_id, requester_id, host_id, status) values (${s!.id}, ${guest.id}, ${host.id}, 'CONFIRMED') returning id`;
      await tx`insert into match_members (match_id, schedule_id, user_id, partner_id, role) values (${r!.id}, ${s!.id}, ${host.id}, ${guest.id}, 'host'), (${r!.id}, ${s!.id}, ${guest.id}, ${host.id}, 'guest')`;
      await tx`insert into table_members (schedule_id, user_id, role) values (${s!.id}, ${host.id}, 'host'), (${s!.id}, ${guest.id}, 'guest')`;
      seededMatches.add(r!.id);
      host.past.push({ matchId: r!.id, partnerId: guest.id });
      guest.past.push({ matchId: r!.id, partnerId: host.id });
    });
    seeded += 1;
  }
  return seeded;
}

/** Samples each instance's VmRSS (/proc/{pid}/status) every second; keeps the peak per instance. */
function sampleMemory(): () => void {
  const timer = setInterval(() => {
    for (const i of cluster.instances) {
      const pid = i.process?.pid;
      if (!pid || i.process?.exitCode !== null) continue;
      readFile(`/proc/${pid}/status`, 'utf8')
        .then((status) => {
          const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
          peakRss.set(i.name, Math.max(peakRss.get(i.name) ?? 0, kb / 1024));
        })
        .catch(() => {});
    }
  }, 1_000);
  return () => clearInterval(timer);
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))]!);
const pad = (s: string | number, n: number) => String(s).padEnd(n);
const padL = (s: string | number, n: number) => String(s).padStart(n);

function printOperations(): void {
  console.log('\noperation                       count    2xx    4xx    5xx  other  p50 ms  p99 ms');
  for (const op of [...statuses.keys()].sort()) {
    const s = statuses.get(op)!;
    let ok = 0;
    let client = 0;
    let server = 0;
    let other = 0;
    for (const [status, n] of s) {
      const code = Number(status);
      if (code >= 200 && code < 300) ok += n;
      else if (code >= 400 && code < 500) client += n;
      else if (code >= 500) server += n;
      else other += n;
    }
    const l = [...(latencies.get(op) ?? [])].sort((a, b) => a - b);
    console.log(`${pad(op, 30)} ${padL(ok + client + server + other, 6)} ${padL(ok, 6)} ${padL(client, 6)} ${padL(server, 6)} ${padL(other, 6)} ${padL(percentile(l, 0.5).toFixed(0), 7)} ${padL(percentile(l, 0.99).toFixed(0), 7)}`);
    const notes = [...s].filter(([status]) => Number.isNaN(Number(status)));
    if (notes.length > 0) console.log(`${' '.repeat(31)}${notes.map(([k, n]) => `${k}: ${n}`).join(', ')}`);
  }
}

async function main(): Promise<number> {
  const missing = await missingRequirements('soak');
  if (missing.length > 0) {
    for (const line of missing) console.error(line);
    return 2;
  }
  const started = Date.now();
  console.log(`soak: ${MEMBERS} members, ${SECONDS} s of actions, an instance killed every ${KILL_EVERY} s, RSS bound ${RSS_MB} MB`);
  cluster = await startCluster({
    prefix: 'soak',
    env: {
      // Every simulated member has its own address; no limit is raised.
      REMINDER_CHECK_SECONDS: '5',
    },
    onLine: (_instance, line) => {
      const dev = /\[DEV MAIL — not sent\] to=(\S+) code=(\d+)/.exec(line);
      if (dev) codes.set(dev[1]!, dev[2]!);
    },
  });
  const stopSampling = sampleMemory();
  try {
    // Sign-up, 8 at a time (argon2 is CPU-bound on the 2 cores the instances share).
    const t0 = Date.now();
    const queue = Array.from({ length: MEMBERS }, (_, i) => i);
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let idx = queue.shift(); idx !== undefined; idx = queue.shift()) members.push(await signUp(idx));
      }),
    );
    members.sort((a, b) => a.idx - b.idx);
    console.log(`signed up ${members.length} members in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const seeded = await seedPastMeals(Math.ceil(MEMBERS / 2));
    console.log(`seeded ${seeded} past meals to review`);
    for (const m of members) connect(m);
    await waitUntil('every member connected over STOMP', () => members.every((m) => m.stomp?.connected), 60_000);

    const begin = Date.now();
    actionsBegan = begin;
    const endAt = begin + SECONDS * 1000;
    let killerError: unknown;
    const killer = (async () => {
      for (let k = 0; ; k++) {
        const at = begin + (k + 1) * KILL_EVERY * 1000;
        if (at >= endAt) return;
        while (Date.now() < at) await sleep(Math.min(250, at - Date.now()));
        const instance = cluster.instances[k % 2]!;
        const window = { from: Date.now(), to: Number.POSITIVE_INFINITY };
        killWindows.push(window);
        await cluster.kill(instance);
        const down = Date.now();
        await cluster.start(instance);
        const readyMs = Date.now() - down;
        window.to = Date.now() + KILL_WINDOW_TAIL_MS;
        kills.push({ instance: instance.name, readyMs });
        console.log(`killed ${instance.name} (SIGKILL) at ${((window.from - begin) / 1000).toFixed(0)} s; ready again in ${(readyMs / 1000).toFixed(1)} s`);
      }
    })().catch((error: unknown) => {
      // An instance that does not come back: the members go on against the other; reported below.
      killerError = error;
    });
    const loops = members.map(async (m) => {
      // Spread the starts over the first pause.
      await sleep(Math.random() * THINK_MS);
      while (Date.now() < endAt) {
        const [name, run] = chooseAction();
        try {
          await run(m);
        } catch (error) {
          record(name, `soak error: ${(error as Error).message.slice(0, 60)}`);
        }
        await sleep(THINK_MS * (0.3 + 1.4 * Math.random()));
      }
    });
    const progress = setInterval(() => {
      const ops = [...statuses.values()].reduce((s, m) => s + [...m.values()].reduce((a, b) => a + b, 0), 0);
      console.log(`… ${((Date.now() - begin) / 1000).toFixed(0)} s: ${ops} operations, ${acked.length} messages acknowledged, ${serverErrors.length} server errors`);
    }, 15_000);
    await Promise.all(loops);
    await killer;
    clearInterval(progress);
    if (killerError) throw killerError;
    const actedMs = Date.now() - begin;

    // Let the outbox drain: every stored notice published (live and push).
    const drained = await waitUntil('the outbox drained', async () => (await cluster.db<{ n: number }[]>`select count(*)::int as n from notifications where published_at is null`)[0]!.n === 0, 60_000)
      .then(() => true)
      .catch(() => false);
    await Promise.all(members.map((m) => m.stomp?.deactivate().catch(() => {})));
    stopSampling();

    const db = cluster.db;
    const mealRows = await db<{ id: number; participants: number; current_participants: number; seated: number }[]>`
      select s.id, s.participants, s.current_participants,
             count(r.id) filter (where r.status in ('ACCEPTED', 'CONFIRMED'))::int as seated
      from schedules s left join match_requests r on r.schedule_id = s.id group by s.id`;
    const storedRows = await db<{ kind: 'match' | 'table'; sender_id: number; client_id: string; n: number }[]>`
      select 'match' as kind, sender_id, client_id, count(*)::int as n from chat_messages where client_id is not null group by sender_id, client_id
      union all
      select 'table' as kind, sender_id, client_id, count(*)::int as n from table_messages where client_id is not null and sender_id is not null group by sender_id, client_id`;
    const noticeRows = await db<{ id: number; user_id: number; type: string; match_id: number | null; schedule_id: number | null; created_at: Date }[]>`
      select id, user_id, type, match_id, schedule_id, created_at from notifications`;
    const seatedRows = await db<{ id: number; requester_id: number; host_id: number }[]>`select id, requester_id, host_id from match_requests where status in ('ACCEPTED', 'CONFIRMED')`;
    const blockRows = await db<{ blocker_id: number; blocked_id: number }[]>`select blocker_id, blocked_id from blocks`;
    const facts: SoakFacts = {
      meals: mealRows.map((r) => ({ id: r.id, participants: r.participants, currentParticipants: r.current_participants, seatedGuests: r.seated })),
      acked,
      stored: storedRows.map((r) => ({ kind: r.kind, senderId: r.sender_id, clientId: r.client_id, count: r.n })),
      notices: noticeRows.map((r) => ({ id: r.id, userId: r.user_id, type: r.type, matchId: r.match_id, scheduleId: r.schedule_id, createdAt: r.created_at.getTime() })),
      live,
      accepted: [...accepted, ...seatedRows.filter((r) => !seededMatches.has(r.id)).map((r) => ({ matchId: r.id, requesterId: r.requester_id, hostId: r.host_id }))],
      blockedPairs: blockRows.map((r) => [r.blocker_id, r.blocked_id] as [number, number]),
      serverErrors,
      memory: cluster.instances.map((i) => ({ instance: i.name, peakRssMb: peakRss.get(i.name) ?? 0 })).filter((m) => m.peakRssMb > 0),
      memoryBoundMb: RSS_MB,
    };
    const results = checkInvariants(facts);

    printOperations();
    const [counts] = await db<Record<string, number>[]>`
      select (select count(*) from users)::int as members,
             (select count(*) from schedules)::int as meals,
             (select count(*) from match_requests)::int as requests,
             (select count(*) from match_requests where status in ('ACCEPTED', 'CONFIRMED'))::int as seated,
             (select count(*) from match_requests where status = 'CANCELLED')::int as cancelled,
             (select count(*) from chat_messages)::int as "1:1 messages",
             (select count(*) from table_messages where kind = 'text')::int as "table messages",
             (select count(*) from reviews)::int as reviews,
             (select count(*) from reports)::int as reports,
             (select count(*) from blocks)::int as blocks,
             (select count(*) from notifications)::int as notices`;
    console.log(`\nstored: ${Object.entries(counts!).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    const ops = [...statuses.values()].reduce((s, m) => s + [...m.values()].reduce((a, b) => a + b, 0), 0);
    console.log(`operations: ${ops} in ${(actedMs / 1000).toFixed(0)} s of actions (sign-up included); in flight at a kill (nginx 502/504 or a dropped socket, not 5xx): ${inFlightAtKill}`);
    console.log(`kills: ${kills.length}${kills.map((k) => `; ${k.instance} ready in ${(k.readyMs / 1000).toFixed(1)} s`).join('')}`);
    console.log(`outbox drained: ${drained ? 'yes' : 'NO (unpublished notices after 60 s)'}`);
    console.log('\ninvariants:');
    for (const r of results) console.log(`${r.pass ? 'PASS' : 'FAIL'}  ${r.name}: ${r.figures}`);
    const failed = results.filter((r) => !r.pass).length + (drained ? 0 : 1);
    console.log(`\nsoak ${failed === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    // A notice redelivered live (the app shows it once): when it was stored and marked published, next to the kills.
    const counted = new Map<number, number>();
    for (const l of live) if (l.type !== 'new_message') counted.set(l.noticeId, (counted.get(l.noticeId) ?? 0) + 1);
    const repeats = [...counted].filter(([, n]) => n > 1).map(([id]) => id);
    if (repeats.length > 0) {
      const rows = await db<{ id: number; type: string; created_at: Date; published_at: Date | null }[]>`select id, type, created_at, published_at from notifications where id = any(${repeats})`;
      for (const r of rows) {
        const rel = (d: Date | null) => (d === null ? 'never' : `${((d.getTime() - begin) / 1000).toFixed(1)} s`);
        console.log(`notice ${r.id} (${r.type}): stored at ${rel(r.created_at)}, marked published at ${rel(r.published_at)}; told live at ${live.filter((l) => l.noticeId === r.id).map((l) => `${((l.at ?? 0) / 1000).toFixed(1)} s`).join(', ')}`);
      }
    }
    if (failed > 0) {
      for (const i of cluster.instances) console.error(`--- last output of ${i.name} ---\n${i.log.slice(-20).join('')}`);
    }
    return failed === 0 ? 0 : 1;
  } finally {
    stopSampling();
    await Promise.all(members.map((m) => m.stomp?.deactivate().catch(() => {})));
    await cluster.close();
  }
}

// Ctrl-C: stop the instances and nginx and drop the database before leaving.
process.once('SIGINT', () => {
  console.error('soak: interrupted, cleaning up');
  void (cluster ? cluster.close() : Promise.resolve()).finally(() => process.exit(130));
});

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
