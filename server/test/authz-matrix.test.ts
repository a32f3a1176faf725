/**
 * Checks the authorization matrix (./authz-matrix.ts) against the running app:
 * 1. every route in the OpenAPI document (`app.swagger()`) has a row (or is listed as public);
 * 2. every row names a real route;
 * 3. every cell: the route called as anonymous / an unrelated member / the owner answers the
 *    expected status; and where the row says, as a member in a block with the owner (issue #32
 *    item 5), both ways: one the owner blocked and one who blocked the owner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.ts';
import { kstDate, kstNoonToday, mealHappened } from './schedule-fixtures.ts';
import { AUTHZ_MATRIX, PUBLIC_ROUTES, imageForm, type MatrixContext, type MatrixRow, type Role } from './authz-matrix.ts';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

let t: TestApp;
let ctx: MatrixContext;
let owner: Awaited<ReturnType<TestApp['registerMember']>>;
let member: Awaited<ReturnType<TestApp['registerMember']>>;
/** Issue #32 item 5: a member the owner blocked, and a member who blocked the owner. */
const across = {} as Record<'blocked by owner' | 'blocked owner', Awaited<ReturnType<TestApp['quickMember']>>>;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(kstNoonToday()); // far from KST midnight, so "today" holds for the whole run
  owner = await t.registerMember({ name: '주인' });
  member = await t.registerMember({ name: '회원' });
  const login = await t.registerMember({ name: '로그인', password: 'matrix-password' });
  across['blocked by owner'] = await t.quickMember({ name: '차단된 회원' });
  across['blocked owner'] = await t.quickMember({ name: '차단한 회원' });
  const blockOf = async (by: { headers: Record<string, string> }, userId: number) =>
    expect((await t.app.inject({ method: 'POST', url: '/api/blocks', headers: by.headers, payload: { userId } })).statusCode).toBe(201);
  await blockOf(owner, across['blocked by owner'].id);
  await blockOf(across['blocked owner'], owner.id);
  const form = imageForm();
  const uploaded = await t.app.inject({ method: 'POST', url: '/api/images/upload', payload: form.payload as Buffer, headers: { ...form.headers, ...owner.headers } });
  expect(uploaded.statusCode).toBe(201);
  let n = 0;
  const requester = await t.quickMember({ name: '신청자' });
  const today = kstDate(t.clock.now());
  // The clock stands at 12:00 KST: a 20:00 meal today is ahead, a 13:00 one starts within the hour.
  const newSchedule = async (hour = 20) => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/schedules', headers: owner.headers,
      payload: { date: today, time: hour, text: '매트릭스', placeName: '시청', placeCategory: '한식', participants: 4 },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const newMatch = async (status: 'PENDING' | 'ACCEPTED' = 'PENDING', scheduleId?: number) => {
    scheduleId ??= await newSchedule();
    expect((await t.app.inject({ method: 'POST', url: '/api/matches', headers: requester.headers, payload: { scheduleId } })).statusCode).toBe(201);
    const sent = (await t.app.inject({ url: '/api/matches/sent', headers: requester.headers })).json() as Array<{ id: number; schedule: { id: number } }>;
    const id = sent.find((m) => m.schedule.id === scheduleId)!.id;
    if (status === 'ACCEPTED') expect((await t.app.inject({ method: 'POST', url: `/api/matches/${id}/accept`, headers: owner.headers })).statusCode).toBe(200);
    return id;
  };
  await newSchedule(); // something for the member's random match
  const newPost = async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/board', headers: owner.headers,
      payload: { title: '매트릭스 글', content: '<p>내용</p>', tags: ['맛집'], address: '서울 중구', latitude: 37.5665, longitude: 126.978 },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const newComment = async () => {
    const postId = await newPost();
    const res = await t.app.inject({ method: 'POST', url: `/api/board/${postId}/comments`, headers: owner.headers, payload: { text: '매트릭스 댓글' } });
    expect(res.statusCode, res.body).toBe(201);
    return `/api/board/${postId}/comments/${res.json().id as number}`;
  };
  const newConfirmedMatch = async (meal: 'later' | 'soon' | 'done' = 'later') => {
    const scheduleId = await newSchedule(meal === 'soon' ? 13 : 20);
    const matchId = await newMatch('ACCEPTED', scheduleId);
    expect((await t.app.inject({ method: 'POST', url: `/api/matches/${matchId}/confirm`, headers: owner.headers })).statusCode).toBe(200);
    if (meal === 'done') await mealHappened(t, scheduleId);
    return { matchId, requesterId: requester.id };
  };
  const newReceivedReview = async () => {
    const { matchId } = await newConfirmedMatch('done');
    const res = await t.app.inject({ method: 'POST', url: '/api/reviews', headers: requester.headers, payload: { matchId, revieweeId: owner.id, rating: 5, comment: '매트릭스' } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  ctx = { seq: () => ++n, loginAccount: { email: login.email, password: 'matrix-password' }, uploadUrl: uploaded.json().url, today, ownerId: owner.id, newSchedule, newMatch, newPost, newComment, newConfirmedMatch, newReceivedReview };
});
afterAll(async () => {
  await t.close();
});

/** Every (METHOD, path) of the OpenAPI document. */
function documentedRoutes(): string[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) => METHODS.filter((m) => m in ops).map((m) => `${m.toUpperCase()} ${path}`));
}

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

describe('authorization matrix', () => {
  it('covers every route of the OpenAPI document', () => {
    const known = new Set([...AUTHZ_MATRIX.map(key), ...PUBLIC_ROUTES.map(key)]);
    const missing = documentedRoutes().filter((r) => !known.has(r));
    expect(missing, `add these routes to server/test/authz-matrix.ts`).toEqual([]);
  });

  it('lists only routes that exist', () => {
    const documented = new Set(documentedRoutes());
    const stale = AUTHZ_MATRIX.map(key).filter((r) => !documented.has(r));
    expect(stale).toEqual([]);
    expect(new Set(AUTHZ_MATRIX.map(key)).size).toBe(AUTHZ_MATRIX.length);
  });

  it.each(PUBLIC_ROUTES.map((r) => [key(r), r] as const))('public: %s', async (_name, r) => {
    expect((await t.app.inject({ method: r.method, url: r.path })).statusCode).toBe(r.status);
  });

  type Caller = Role | keyof typeof across;
  const cells = AUTHZ_MATRIX.flatMap((row) => [
    ...(['anonymous', 'member', 'owner'] as const).filter((role) => row[role] !== null).map((role) => [`${key(row)} as ${role}`, row, role as Caller] as const),
    ...(row.blocked == null ? [] : (['blocked by owner', 'blocked owner'] as const).map((side) => [`${key(row)} as a member who ${side === 'blocked owner' ? 'blocked the owner' : 'the owner blocked'}`, row, side as Caller] as const)),
  ]);

  it.each(cells)('%s', async (_name, row: MatrixRow, caller: Caller) => {
    const role: Role = caller === 'blocked by owner' || caller === 'blocked owner' ? 'blocked' : caller;
    let headers: Record<string, string> = {};
    if (caller === 'blocked by owner' || caller === 'blocked owner') headers = across[caller].headers;
    else if (role !== 'anonymous') {
      const who = row.mutatesCaller ? await t.registerMember() : role === 'owner' ? owner : member;
      headers = who.headers;
    }
    const req = (await row.request?.(ctx, role)) ?? {};
    const res = await t.app.inject({
      method: row.method,
      url: req.url ?? row.path,
      payload: req.payload as string | Buffer | undefined,
      headers: { ...req.headers, ...headers },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(row[role]);
    if (res.statusCode >= 400) expect(res.json().message).toMatch(/[가-힣]/);
    else if (res.headers['content-type']?.toString().startsWith('text/plain')) expect(res.body).toMatch(/[가-힣]/);
  });
});
