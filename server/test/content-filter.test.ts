/**
 * The content filter at every edge (issue #17 item 7): nickname (and bio), schedule text, board
 * post title and content, board comments, review comments and chat messages (REST and STOMP)
 * holding a refused word are answered 400 INAPPROPRIATE_TEXT '부적절한 표현이 포함되어 있어요.'
 * (STOMP: on the sender's /user/queue/errors) and nothing is stored or delivered. A global test
 * because it crosses modules; runs on PGlite (`node`) and PostgreSQL (`node-postgres`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSendDestination, chatTopic, USER_ERRORS_DESTINATION, type StompUserError } from '../../common/realtime.ts';
import { listen, stompClient, waitFor, type TestStomp } from '../realtime/test-clients.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { act, createSchedule, kstNoonToday, mealHappened, requestMatch, scheduleBody } from './schedule-fixtures.ts';

const MESSAGE = '부적절한 표현이 포함되어 있어요.';
type Member = Awaited<ReturnType<TestApp['quickMember']>>;
let t: TestApp;
let url: string;
let host: Member;
let guest: Member;
const open: TestStomp[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(kstNoonToday());
  url = await listen(t);
  host = await t.quickMember({ name: '호스트' });
  guest = await t.quickMember({ name: '게스트' });
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.stop()));
  await t.close();
});

/** The answer is the filter's refusal, naming `field`. */
function expectRefused(res: { statusCode: number; json: () => unknown }, field?: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ code: 'INAPPROPRIATE_TEXT', message: MESSAGE, ...(field ? { field } : {}) });
}

/** A match of host's new schedule requested by guest, accepted (and confirmed). */
async function match(status: 'ACCEPTED' | 'CONFIRMED'): Promise<{ id: number; scheduleId: number }> {
  const scheduleId = await createSchedule(t, host.headers, { participants: 8 });
  const id = await requestMatch(t, guest.headers, scheduleId);
  expect((await act(t, host.headers, id, 'accept')).statusCode).toBe(200);
  if (status === 'CONFIRMED') expect((await act(t, host.headers, id, 'confirm')).statusCode).toBe(200);
  return { id, scheduleId };
}

describe('profile', () => {
  it('a nickname or bio with a refused word → 400, the profile is unchanged; a clean one is saved', async () => {
    const m = await t.quickMember({ name: '밥친구' });
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/user/profile', headers: m.headers, payload: { name: '밥친구', age: 30, bio: '', preferences: {}, ...payload } });
    expectRefused(await put({ name: '시 발' }), 'name');
    expectRefused(await put({ name: 'ㅅㅂ맨' }), 'name');
    expectRefused(await put({ bio: '씨1발 반가워요' }), 'bio');
    const me = (await t.app.inject({ url: '/api/user/me', headers: m.headers })).json() as { name: string; bio: string | null };
    expect(me.name).toBe('밥친구');
    expect(me.bio ?? '').not.toContain('발');
    const ok = await put({ name: '시바견집사', bio: '18시 약속 좋아요' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: '시바견집사' });
  });
});

describe('schedules', () => {
  it('create with refused text or place name → 400 and no schedule; edit with refused text → 400 and the text stays', async () => {
    const before = (await t.app.inject({ url: '/api/schedules', headers: guest.headers })).json() as unknown[];
    expectRefused(await t.app.inject({ method: 'POST', url: '/api/schedules', headers: host.headers, payload: scheduleBody(t, { text: '병 신들 모여라' }) }), 'text');
    expectRefused(await t.app.inject({ method: 'POST', url: '/api/schedules', headers: host.headers, payload: scheduleBody(t, { placeName: 'ㅆㅂ 식당' }) }), 'placeName');
    expect((await t.app.inject({ url: '/api/schedules', headers: guest.headers })).json()).toHaveLength(before.length);

    const id = await createSchedule(t, host.headers, { text: '18시 약속, 시발점은 광화문' });
    expectRefused(await t.app.inject({ method: 'PUT', url: `/api/schedules/${id}`, headers: host.headers, payload: { text: '좆같은 날 밥이나', participants: 4 } }), 'text');
    const listed = (await t.app.inject({ url: '/api/schedules', headers: guest.headers })).json() as Array<{ id: number; text: string }>;
    expect(listed.find((s) => s.id === id)?.text).toBe('18시 약속, 시발점은 광화문');
  });
});

describe('board', () => {
  const body = (over: object = {}) => ({ title: '맛집 추천', content: '<p>국밥 맛있어요</p>', ...over });
  const list = async () => (await t.app.inject({ url: '/api/board?limit=100', headers: guest.headers })).json() as Array<{ id: number; title: string; content: string; commentCount: number }>;

  it('a post with a refused title or content (also split by tags) → 400 and nothing is stored; an edit → 400 and the post stays', async () => {
    const before = (await list()).length;
    expectRefused(await t.app.inject({ method: 'POST', url: '/api/board', headers: host.headers, payload: body({ title: 'f u c k' }) }), 'title');
    expectRefused(await t.app.inject({ method: 'POST', url: '/api/board', headers: host.headers, payload: body({ content: '<p>시<strong>발</strong> 진짜</p>' }) }), 'content');
    expect(await list()).toHaveLength(before);

    const created = await t.app.inject({ method: 'POST', url: '/api/board', headers: host.headers, payload: body() });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: number }).id;
    expectRefused(await t.app.inject({ method: 'PUT', url: `/api/board/${id}`, headers: host.headers, payload: body({ content: '<p>ㄱㅅㄲ</p>' }) }), 'content');
    expect((await list()).find((p) => p.id === id)).toMatchObject({ title: '맛집 추천', content: '<p>국밥 맛있어요</p>' });
  });

  it('a comment with a refused word → 400 and the post has no comment', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/board', headers: host.headers, payload: body() });
    const id = (created.json() as { id: number }).id;
    expectRefused(await t.app.inject({ method: 'POST', url: `/api/board/${id}/comments`, headers: guest.headers, payload: { text: '시.발 별로던데' } }), 'text');
    expect((await list()).find((p) => p.id === id)?.commentCount).toBe(0);
    expect((await t.app.inject({ url: `/api/board/${id}/comments`, headers: guest.headers })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: `/api/board/${id}/comments`, headers: guest.headers, payload: { text: '수박 주스도 맛있어요' } })).statusCode).toBe(201);
  });
});

describe('reviews', () => {
  it('a review comment with a refused word → 400, no review is stored and the match can still be reviewed', async () => {
    const { id, scheduleId } = await match('CONFIRMED');
    await mealHappened(t, scheduleId);
    const post = (comment: string) => t.app.inject({ method: 'POST', url: '/api/reviews', headers: guest.headers, payload: { matchId: id, revieweeId: host.id, rating: 5, comment } });
    expectRefused(await post('ㅅ발 최악'), 'comment');
    const received = (await t.app.inject({ url: '/api/reviews/my', headers: host.headers })).json() as unknown[];
    expect(received).toHaveLength(0);
    expect((await post('친절하고 즐거웠어요')).statusCode).toBe(201);
  });
});

describe('chat', () => {
  const history = async (matchId: number) =>
    (await t.app.inject({ url: `/api/chat/${matchId}/history`, headers: host.headers })).json() as Array<{ content: string }>;

  it('REST send with a refused word → 400, nothing stored', async () => {
    const { id } = await match('ACCEPTED');
    expectRefused(await t.app.inject({ method: 'POST', url: `/api/chat/${id}/messages`, headers: guest.headers, payload: { content: '씨 발 늦네' } }), 'content');
    expect(await history(id)).toEqual([]);
  });

  it('STOMP SEND with a refused word: answered on /user/queue/errors, not stored, the partner receives nothing; a clean one passes', async () => {
    const { id } = await match('ACCEPTED');
    const h = stompClient(url, host.token);
    const g = stompClient(url, guest.token);
    open.push(h, g);
    await Promise.all([h.connected, g.connected]);
    const partner = h.subscribe(chatTopic(id));
    const errors = g.subscribe(USER_ERRORS_DESTINATION);
    await Promise.all([h.sync(), g.sync()]);
    g.client.publish({ destination: chatSendDestination(id), body: JSON.stringify({ content: 'ㅅㅂ 어디야' }) });
    await waitFor(() => errors.length === 1);
    expect(JSON.parse(errors[0]!.body) as StompUserError).toMatchObject({ code: 'inappropriate_text', message: MESSAGE, destination: chatSendDestination(id) });
    await g.sendWithReceipt(chatSendDestination(id), { content: '곧 도착해요' });
    await waitFor(() => partner.length === 1);
    await h.sync();
    expect(partner.map((m) => (JSON.parse(m.body) as { content: string }).content)).toEqual(['곧 도착해요']);
    expect((await history(id)).map((m) => m.content)).toEqual(['곧 도착해요']);
    expect(g.isClosed()).toBe(false);
  });
});
