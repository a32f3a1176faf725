/**
 * Property tests at the API edge (issue #13 deliverable 2). Every operation of the OpenAPI document
 * (`app.swagger()`) is called with hostile values, one field at a time, the others valid:
 * - each path and query parameter: numbers in every spelling (`Infinity`, `1e309`, `-0`, 2^31,
 *   `0x10`, near-misses of real ids…), malformed percent-encoding, long and unicode text;
 * - each JSON body field, recursively into objects and arrays: for numbers `"Infinity"`, raw
 *   `1e309` (sent as JSON text), 2^53+1, `-0`, wrong types…; for strings over-long, blank,
 *   NUL, lone surrogates, RTL, HTML; for arrays too many items, duplicates, wrong item types,
 *   nesting; a missing field and an extra property;
 * - whole bodies (bad JSON, deep nesting, content types, `__proto__`), `Idempotency-Key` and
 *   `Authorization` headers; the upload route gets broken multipart content types.
 * The fixed values run on every run (fast-check `examples`); `EDGE_FUZZ_RUNS` random ones per
 * operation come on top, from `EDGE_FUZZ_SEED` (printed; set it to reproduce a failure).
 *
 * Asserted: never a 5xx; a 4xx answers JSON `{ message, code }` with a Korean message; after each
 * operation the list endpoints still answer 200 with an array. `EDGE_FUZZ_COLLECT=1` keeps going
 * after a 5xx (to list every distinct one) instead of shrinking the first.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RateLimits } from '../config.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { imageForm } from './authz-matrix.ts';
import { act, createSchedule, kstDate, kstNoonToday, mealHappened, requestMatch } from './schedule-fixtures.ts';
import {
  BROKEN_MULTIPART, HOSTILE_AUTHORIZATION, HOSTILE_IDEMPOTENCY_KEYS, OMIT, anyUnit, bodyFields, describeValue, hostileBodies, hostileUrlTexts,
  hostileValues, operationsOf, randomHostile, randomUrlText, toJsonText, validValue, withField, type Operation, type RawBody,
} from './edge-fuzz.ts';

const SEED = Number(process.env.EDGE_FUZZ_SEED ?? 20_260_113);
/** Random runs per operation, on top of the fixed hostile values. */
const RUNS = Number(process.env.EDGE_FUZZ_RUNS ?? 15);
const COLLECT = process.env.EDGE_FUZZ_COLLECT === '1';
/** Only the operations whose `METHOD /path` contains this text (to reproduce one failure quickly). */
const ONLY = process.env.EDGE_FUZZ_ONLY;

/** Generous limits: a 429 must not hide a 5xx. */
const NO_LIMIT = { max: 1_000_000, windowMs: 60_000 };
const RATE_LIMITS: RateLimits = {
  sendCodePerEmail: NO_LIMIT, sendCodePerIp: NO_LIMIT, resetPerEmail: NO_LIMIT, verifyPerIp: NO_LIMIT, loginFailuresPerAccount: NO_LIMIT, loginFailuresPerAccountIp: NO_LIMIT, loginFailuresPerDevice: NO_LIMIT,
  loginPerIp: NO_LIMIT, registerPerIp: NO_LIMIT, uploadPerUser: NO_LIMIT, chatSendPerUser: NO_LIMIT, chatSendBurst: NO_LIMIT,
};

type Member = { id: number; headers: Record<string, string> };

/** The valid request an operation's mutations start from. */
interface Plan {
  caller?: Member;
  path?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
}

/** One change to a valid request. */
type Mutation =
  | { kind: 'path'; name: string; text: string }
  | { kind: 'query'; name: string; text: string | typeof OMIT | string[] }
  | { kind: 'raw-query'; text: string }
  | { kind: 'field'; name: string; keyPath: Array<string | number>; value: unknown }
  | { kind: 'extra-field'; name: string; value: unknown }
  | { kind: 'body'; body: RawBody; idempotencyKey?: boolean }
  | { kind: 'header'; name: string; value: string };

let t: TestApp;
let ops: Operation[];
const plans = new Map<string, Plan>();
let host: Member & { email: string; password: string };
let requests = 0;
const covered = new Set<string>();
/** Every distinct 5xx (or bad 4xx body) seen: key → description. */
const findings = new Map<string, string>();
let idemSeq = 0;

/** Lists that must keep answering 200 with an array, whatever was sent before. */
const LISTS = [
  '/api/board', '/api/schedules', '/api/recommendations', '/api/matches', '/api/matches/sent', '/api/schedules/my', '/api/reviews/my',
  '/api/venues?lat=37.5665&lng=126.978&radius=2000',
];

beforeAll(async () => {
  const started = Date.now();
  t = await createTestApp({ rateLimits: RATE_LIMITS, captureLogs: true, env: { LOG_LEVEL: 'error' } });
  t.clock.set(kstNoonToday()); // far from KST midnight, so "today" holds for the whole run
  host = await t.registerMember({ name: '호스트' });
  const guest = await t.registerMember({ name: '게스트' });
  // POST /api/auth/logout-all revokes every token of its caller: it is called by a throw-away member
  // (after its first 204 the rest answer 401), never by the members the other operations use.
  const leaver = await t.quickMember({ name: '탈퇴예정' });

  const form = imageForm();
  const uploaded = await t.app.inject({ method: 'POST', url: '/api/images/upload', payload: form.payload as Buffer, headers: { ...form.headers, ...host.headers } });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const uploadUrl = (uploaded.json() as { url: string }).url;

  // Schedules of the host: one to edit, one to delete, one to request, one per match fixture.
  const schedule = await createSchedule(t, host.headers, { participants: 8, latitude: 37.5665, longitude: 126.978, venueId: 'edge-venue' });
  const doomedSchedule = await createSchedule(t, host.headers, { days: 2 });
  const openSchedule = await createSchedule(t, host.headers, { days: 3 });
  const chatMatch = await requestMatch(t, guest.headers, schedule);
  expect((await act(t, host.headers, chatMatch, 'accept')).statusCode).toBe(200);
  const actionMatch = await requestMatch(t, guest.headers, await createSchedule(t, host.headers, { days: 4 }));
  const doomedMatch = await requestMatch(t, guest.headers, await createSchedule(t, host.headers, { days: 5 }));
  const confirmedSchedule = await createSchedule(t, host.headers, { days: 6 });
  const confirmed = await requestMatch(t, guest.headers, confirmedSchedule);
  expect((await act(t, host.headers, confirmed, 'accept')).statusCode).toBe(200);
  expect((await act(t, host.headers, confirmed, 'confirm')).statusCode).toBe(200);
  await mealHappened(t, confirmedSchedule); // reviews and attendance are open (issue #15)
  // A confirmed meal starting within the hour (the clock is at 12:00 KST): "도착했어요" is open.
  const soonSchedule = await createSchedule(t, host.headers, { days: 0, time: 13 });
  const soon = await requestMatch(t, guest.headers, soonSchedule);
  expect((await act(t, host.headers, soon, 'accept')).statusCode).toBe(200);
  expect((await act(t, host.headers, soon, 'confirm')).statusCode).toBe(200);
  const cancellable = await requestMatch(t, guest.headers, await createSchedule(t, host.headers, { days: 7 }));
  expect((await act(t, host.headers, cancellable, 'accept')).statusCode).toBe(200);
  const review = await t.app.inject({ method: 'POST', url: '/api/reviews', headers: guest.headers, payload: { matchId: confirmed, revieweeId: host.id, rating: 5, comment: '즐거웠어요' } });
  expect(review.statusCode, review.body).toBe(201);
  const receivedReview = (review.json() as { id: number }).id;
  const chat = await t.app.inject({ method: 'POST', url: `/api/chat/${chatMatch}/messages`, headers: host.headers, payload: { content: '안녕하세요' } });
  expect(chat.statusCode, chat.body).toBe(201);

  const postBody = { title: '같이 점심', content: '<p>국밥 <b>맛집</b></p>', tags: ['점심', '맛집'], address: '서울 중구', latitude: 37.5665, longitude: 126.978 };
  const newPost = async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/board', headers: host.headers, payload: postBody });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  const post = await newPost();
  const doomedPost = await newPost();
  const comment = await t.app.inject({ method: 'POST', url: `/api/board/${post}/comments`, headers: guest.headers, payload: { text: '저도 갈래요' } });
  expect(comment.statusCode, comment.body).toBe(201);

  const today = kstDate(t.clock.now());
  const plan = (key: string, p: Plan) => plans.set(key, p);
  plan('POST /api/auth/login', { body: { email: host.email, password: host.password } });
  plan('POST /api/auth/logout-all', { caller: leaver });
  plan('GET /oauth2/authorization/{provider}', { path: { provider: 'kakao' } });
  plan('GET /login/oauth2/code/{provider}', { path: { provider: 'kakao' }, query: { code: 'edge-code', state: 'edge-state' } });
  plan('POST /api/auth/social', { body: { token: 'edge-one-time-code-0123456789abcdef0123456789' } });
  plan('PUT /api/user/profile', { body: { name: '호스트', age: 30, bio: '국밥 좋아해요', profileImage: uploadUrl, preferences: { 한식: true, 맵찔이: false } } });
  plan('GET /uploads/{name}', { path: { name: uploadUrl.split('/').pop()! } });
  plan('POST /api/reviews', { body: { matchId: confirmed, revieweeId: guest.id, rating: 4, comment: '좋았어요' } });
  plan('DELETE /api/reviews/{id}', { path: { id: receivedReview } });
  plan('POST /api/schedules', {
    body: { date: today, time: 20, text: '같이 점심 드실 분', placeName: '광화문 국밥집', placeCategory: '한식', participants: 4, venueId: 'edge-venue-2', latitude: 37.57, longitude: 126.98 },
  });
  plan('PUT /api/schedules/{id}', { path: { id: schedule }, body: { text: '수정한 약속', participants: 8 } });
  plan('DELETE /api/schedules/{id}', { path: { id: doomedSchedule } });
  plan('POST /api/matches', { caller: guest, body: { scheduleId: openSchedule } });
  for (const action of ['accept', 'reject', 'confirm']) plan(`POST /api/matches/{id}/${action}`, { path: { id: actionMatch } });
  plan('DELETE /api/matches/{id}', { path: { id: doomedMatch } });
  plan('POST /api/matches/{id}/cancel', { path: { id: cancellable }, body: { reason: '일정이 생겼어요' } });
  plan('POST /api/matches/{id}/arrived', { path: { id: soon } });
  plan('POST /api/matches/{id}/attendance', { path: { id: confirmed }, body: { partnerAttended: true } });
  plan('GET /api/matches/{id}/calendar.ics', { path: { id: soon } });
  plan('GET /api/users/{id}', { path: { id: guest.id } });
  plan('GET /api/chat/{matchId}/history', { path: { matchId: chatMatch }, query: { limit: 50 } });
  plan('POST /api/chat/{matchId}/messages', { path: { matchId: chatMatch }, body: { content: '메시지' } });
  plan('GET /api/notifications', { query: { limit: 20 } });
  plan('POST /api/notifications/read', { body: { ids: [1, 2] } });
  plan('GET /api/venues', { query: { lat: 37.5665, lng: 126.978, radius: 500, category: '한식' } });
  plan('POST /api/board', { body: postBody });
  plan('PUT /api/board/{id}', { path: { id: post }, body: postBody });
  plan('DELETE /api/board/{id}', { path: { id: doomedPost } });
  for (const action of ['view', 'like', 'comments']) plan(`${action === 'view' ? 'PUT' : 'POST'} /api/board/{id}/${action}`, { caller: guest, path: { id: post }, body: action === 'comments' ? { text: '댓글' } : undefined });

  ops = operationsOf(t.app.swagger());
  if (COLLECT) console.info(`setup: ${Date.now() - started} ms`);
});

afterAll(async () => {
  await t?.close();
});

/** The valid request of an operation: its plan, completed from the schemas. */
function baseOf(op: Operation): Required<Omit<Plan, 'caller'>> & { caller: Member | undefined } {
  const p = plans.get(`${op.method} ${op.path}`) ?? {};
  const patterns = { '^\\d{4}-\\d{2}-\\d{2}$': kstDate(t.clock.now()), '^[0-9]{6}$': '123456', '^\\S+$': 'edge-device-token' };
  return {
    caller: op.secured ? (p.caller ?? host) : undefined,
    path: { ...Object.fromEntries(op.pathParams.map((x) => [x.name, String(validValue(x.schema, patterns))])), ...p.path },
    query: p.query ?? Object.fromEntries(op.queryParams.filter((x) => x.required).map((x) => [x.name, String(validValue(x.schema, patterns))])),
    body: p.body ?? (op.body ? validValue(op.body, patterns) : undefined),
  };
}

/** The request a mutation makes, and a description of what was changed. */
function requestOf(op: Operation, m: Mutation) {
  const base = baseOf(op);
  const headers: Record<string, string> = base.caller ? { ...base.caller.headers } : {};
  const pathText = (name: string) => (m.kind === 'path' && m.name === name ? m.text : encodeURIComponent(String(base.path[name])));
  let url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => pathText(name));
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(base.query)) if (!(m.kind === 'query' && m.name === name)) pairs.push(`${name}=${encodeURIComponent(String(value))}`);
  if (m.kind === 'query' && m.text !== OMIT) for (const v of Array.isArray(m.text) ? m.text : [m.text]) pairs.push(`${m.name}=${v}`);
  if (m.kind === 'raw-query') pairs.push(m.text);
  if (pairs.length) url += `?${pairs.join('&')}`;

  let payload: string | Buffer | undefined;
  let body = base.body;
  if (m.kind === 'field') body = withField(body, m.keyPath, m.value);
  if (m.kind === 'extra-field') body = { ...(body as object), [m.name]: m.value };
  if (body !== undefined) {
    payload = toJsonText(body);
    headers['content-type'] = 'application/json';
  }
  if (m.kind === 'body') {
    payload = m.body.payload;
    if (m.body.contentType === undefined) delete headers['content-type'];
    else headers['content-type'] = m.body.contentType;
    if (m.idempotencyKey) headers['idempotency-key'] = `edge-${SEED}-${(idemSeq += 1)}`;
  }
  if (m.kind === 'header') headers[m.name] = m.value;

  const what =
    m.kind === 'path' ? `path ${m.name} = ${JSON.stringify(m.text.length > 80 ? `${m.text.slice(0, 60)}…(${m.text.length})` : m.text)}`
    : m.kind === 'query' ? `query ${m.name} = ${m.text === OMIT ? '(missing)' : JSON.stringify(m.text).slice(0, 100)}`
    : m.kind === 'raw-query' ? `query string + ${JSON.stringify(m.text.slice(0, 80))}`
    : m.kind === 'field' ? `body field ${m.name} = ${describeValue(m.value)}`
    : m.kind === 'extra-field' ? `extra body field ${JSON.stringify(m.name)} = ${describeValue(m.value)}`
    : m.kind === 'body' ? `whole body: ${m.body.label} (content-type ${m.body.contentType ?? 'none'}${m.idempotencyKey ? ', with Idempotency-Key' : ''})`
    : `header ${m.name} = ${JSON.stringify(m.value.slice(0, 80))}`;
  return { method: op.method, url, headers, payload, what };
}

const HANGUL = /[\uAC00-\uD7A3]/;

/** The error lines the app logged while answering (message and the top of the stack). */
function loggedErrors(from: number): string {
  return t.logs
    .slice(from)
    .map((line) => {
      try {
        const j = JSON.parse(line) as { msg?: string; err?: { type?: string; message?: string; stack?: string } };
        return `${j.msg ?? ''}: ${j.err?.type ?? ''} ${j.err?.message ?? ''}\n${(j.err?.stack ?? '').split('\n').slice(1, 6).join('\n')}`;
      } catch {
        return line.slice(0, 300);
      }
    })
    .join('\n');
}

/** Sends one mutated request; throws (and records) on a 5xx or a 4xx that is not Korean JSON. */
async function probe(op: Operation, m: Mutation): Promise<void> {
  const req = requestOf(op, m);
  const logFrom = t.logs.length;
  const res = await t.app.inject({ method: req.method as 'GET', url: req.url, headers: req.headers, payload: req.payload });
  requests += 1;
  covered.add(`${op.method} ${op.path}`);
  const where = `${op.method} ${op.path} — ${req.what}`;
  let problem: string | undefined;
  if (res.statusCode >= 500) problem = `${res.statusCode} ${res.body.slice(0, 200)}\n${loggedErrors(logFrom)}`;
  else if (res.statusCode >= 400) {
    let body: { message?: unknown; code?: unknown } | undefined;
    try {
      body = res.json();
    } catch {
      body = undefined;
    }
    if (!body || typeof body.message !== 'string' || !HANGUL.test(body.message) || typeof body.code !== 'string') {
      problem = `${res.statusCode} without a Korean { message, code } body: ${res.body.slice(0, 200)}`;
    }
  }
  if (problem === undefined) return;
  const key = `${op.method} ${op.path} ${m.kind} ${'name' in m ? m.name : ''} ${problem.split('\n')[0]} ${problem.split('\n')[1] ?? ''}`;
  if (!findings.has(key)) findings.set(key, `${where}\n  (${req.method} ${req.url.slice(0, 200)})\n  → ${problem}`);
  if (!COLLECT) throw new Error(`${where}\n  (${req.method} ${req.url.slice(0, 200)})\n  → ${problem}`);
}

/**
 * Every `k`-th item, starting at `offset % k`. The families that exercise the shared layers
 * (body parsers, the auth and idempotency hooks, the query parser) are spread over the operations
 * this way: every value still reaches several routes of every module, at 1/k of the cost.
 */
function share<T>(items: readonly T[], k: number, offset: number): T[] {
  return items.filter((_, i) => i % k === offset % k);
}

/** The fixed hostile mutations of the operation at `index` (every run sends them). */
function fixedMutations(op: Operation, index: number): Mutation[] {
  const base = baseOf(op);
  const out: Mutation[] = [];
  for (const p of op.pathParams) for (const text of hostileUrlTexts(p.schema, base.path[p.name])) out.push({ kind: 'path', name: p.name, text });
  for (const q of op.queryParams) {
    const valid = String(validValue(q.schema));
    for (const text of hostileUrlTexts(q.schema)) out.push({ kind: 'query', name: q.name, text });
    out.push({ kind: 'query', name: q.name, text: OMIT }, { kind: 'query', name: q.name, text: [valid, valid] }, { kind: 'query', name: q.name, text: [valid, 'Infinity'] });
    out.push({ kind: 'raw-query', text: `${q.name}[]=${valid}` }, { kind: 'raw-query', text: `${q.name}[0]=${valid}` }, { kind: 'raw-query', text: q.name });
  }
  for (const text of share(['__proto__=1', 'constructor[prototype][polluted]=1', `a=${'x'.repeat(5000)}`, '&&&', '=', '%=%', 'a=%'], 3, index)) out.push({ kind: 'raw-query', text });
  if (op.body) {
    for (const f of bodyFields(op.body)) {
      const valid = f.keyPath.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], base.body);
      for (const value of hostileValues(f.schema, valid)) out.push({ kind: 'field', name: f.name, keyPath: f.keyPath, value });
    }
    out.push({ kind: 'extra-field', name: 'unknown', value: 1 }, { kind: 'extra-field', name: '', value: '' }, { kind: 'extra-field', name: 'id', value: 1 }, { kind: 'extra-field', name: 'userId', value: 1 });
  }
  if (op.method !== 'GET') {
    const bodies = hostileBodies(base.body === undefined ? undefined : toJsonText(base.body));
    // Routes that take no body still parse one (and hand it to the idempotency hook): all get some.
    for (const body of op.body ? bodies : share(bodies, 2, index)) out.push({ kind: 'body', body });
    if (op.secured && op.method === 'POST' && op.path.startsWith('/api/')) {
      for (const body of bodies.filter((b) => /nesting|__proto__|duplicate|empty JSON|1e309|multipart without/.test(b.label))) out.push({ kind: 'body', body, idempotencyKey: true });
      for (const value of share(HOSTILE_IDEMPOTENCY_KEYS, 2, index)) out.push({ kind: 'header', name: 'idempotency-key', value });
    }
  }
  if (op.method === 'POST' && op.path === '/api/images/upload') for (const body of BROKEN_MULTIPART) out.push({ kind: 'body', body });
  if (op.secured) {
    for (const value of share(HOSTILE_AUTHORIZATION, 3, index)) out.push({ kind: 'header', name: 'authorization', value });
    out.push({ kind: 'header', name: 'authorization', value: `${host.headers.authorization}x` }, { kind: 'header', name: 'authorization', value: `${host.headers.authorization}, Bearer x` });
  }
  return out;
}

/** Random hostile mutations of an operation. */
function randomMutation(op: Operation): fc.Arbitrary<Mutation> {
  const arbs: Array<fc.Arbitrary<Mutation>> = [fc.string({ unit: anyUnit, maxLength: 20 }).map((s) => ({ kind: 'raw-query', text: `${encodeURIComponent(Buffer.from(s).toString())}=1` }))];
  for (const p of op.pathParams) arbs.push(randomUrlText().map((text) => ({ kind: 'path', name: p.name, text })));
  for (const q of op.queryParams) arbs.push(randomUrlText().map((text) => ({ kind: 'query', name: q.name, text })));
  if (op.body) {
    for (const f of bodyFields(op.body)) arbs.push(randomHostile(f.schema).map((value) => ({ kind: 'field', name: f.name, keyPath: f.keyPath, value })));
    arbs.push(fc.tuple(fc.string({ unit: anyUnit, maxLength: 10 }), fc.jsonValue({ maxDepth: 2 })).map(([name, value]) => ({ kind: 'extra-field', name, value })));
  }
  if (op.method !== 'GET') {
    arbs.push(fc.jsonValue({ maxDepth: 4 }).map((v) => ({ kind: 'body', body: { label: `random JSON ${JSON.stringify(v).slice(0, 80)}`, payload: JSON.stringify(v), contentType: 'application/json' } })));
  }
  return fc.oneof(...arbs);
}

/** Asserts every list endpoint still answers 200 with an array. */
async function listsStillAnswer(after: string): Promise<void> {
  for (const url of LISTS) {
    const logFrom = t.logs.length;
    const res = await t.app.inject({ url, headers: host.headers });
    requests += 1;
    if (res.statusCode !== 200 || !Array.isArray(res.json())) {
      const msg = `after ${after}: GET ${url} answered ${res.statusCode} ${res.body.slice(0, 200)}\n${loggedErrors(logFrom)}`;
      findings.set(`list ${url} after ${after}`, msg);
      throw new Error(msg);
    }
  }
}

it('every operation answers 4xx (never 5xx) to hostile input, and the lists keep answering 200', { timeout: 180_000 }, async () => {
  const started = Date.now();
  const failures: string[] = [];
  for (const [index, op] of ops.entries()) {
    const name = `${op.method} ${op.path}`;
    if (ONLY && !name.includes(ONLY)) continue;
    const opStarted = Date.now();
    const opRequests = requests;
    const examples = fixedMutations(op, index).map((m) => [m] as [Mutation]);
    // `numRuns` counts the examples too: every fixed value, then RUNS random ones.
    const details = await fc.check(fc.asyncProperty(randomMutation(op), (m) => probe(op, m)), { seed: SEED, numRuns: examples.length + RUNS, examples });
    if (details.failed) {
      const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      failures.push(`${name} (seed ${details.seed}, path "${details.counterexamplePath}", ${details.numShrinks} shrinks):\n${error}`);
    }
    if (COLLECT) console.info(`${name}: ${requests - opRequests} requests, ${Date.now() - opStarted} ms`);
    try {
      await listsStillAnswer(name);
    } catch (error) {
      failures.push((error as Error).message);
      break; // the lists are broken for everyone: later operations would only repeat this
    }
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.info(
    `edge properties: ${requests} requests, ${covered.size}/${ops.length} operations covered, seed ${SEED}, ${RUNS} random runs per operation, ${seconds} s` +
      (findings.size ? `\n${findings.size} distinct findings:\n${[...findings.values()].join('\n\n')}` : ''),
  );
  if (!ONLY) expect(covered.size).toBe(ops.length);
  // Plain errors (no diff of long arrays): each names the method, path, field and value.
  if (failures.length) throw new Error(`${failures.length} operations failed:\n\n${failures.join('\n\n')}`);
  if (findings.size) throw new Error(`${findings.size} distinct findings:\n\n${[...findings.values()].join('\n\n')}`);
});
