/**
 * Issue #17 item 5: `POST /api/reports` — 201 / 409 / 404 / 400, chat messages only by the match's
 * participants, and content hidden at exactly 3 distinct reporters: gone from the board list, the
 * post's reads (404), comments, the schedules list and random match, reviews and chat history,
 * while a member with 3 reports is only flagged. Runs on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { act, createSchedule, mealHappened, requestMatch, scheduleInList } from '../../test/schedule-fixtures.ts';
import { posts, reports, users } from '../../db/schema.ts';
import { eq } from 'drizzle-orm';

let t: TestApp;
type Member = Awaited<ReturnType<TestApp['quickMember']>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const report = (by: Member, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/reports', headers: by.headers, payload });
const newPost = async (by: Member, title = '신고될 글') => {
  const res = await t.app.inject({ method: 'POST', url: '/api/board', headers: by.headers, payload: { title, content: '<p>광고입니다</p>', tags: ['맛집'] } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
};
const boardIds = async (m: Member) => (await t.app.inject({ url: '/api/board?limit=100', headers: m.headers })).json<Array<{ id: number; commentCount: number }>>();
const commentIds = async (m: Member, postId: number) => (await t.app.inject({ url: `/api/board/${postId}/comments`, headers: m.headers })).json<Array<{ id: number }>>().map((c) => c.id);
const members = (n: number) => Promise.all(Array.from({ length: n }, (_, i) => t.quickMember({ name: `신고자${i}` })));

/** A CONFIRMED match whose meal has happened between host and guest; answers its id. */
async function pastMatch(host: Member, guest: Member): Promise<number> {
  const scheduleId = await createSchedule(t, host.headers);
  const id = await requestMatch(t, guest.headers, scheduleId);
  expect((await act(t, host.headers, id, 'accept')).statusCode).toBe(200);
  expect((await act(t, host.headers, id, 'confirm')).statusCode).toBe(200);
  await mealHappened(t, scheduleId);
  return id;
}

describe('POST /api/reports', () => {
  it('201 with a Korean message; the same reporter and target again 409; detail over 500 → 400; stored with the author', async () => {
    const [author, reporter] = await members(2);
    const postId = await newPost(author!);
    const first = await report(reporter!, { targetType: 'post', targetId: postId, reason: 'spam', detail: '광고 글이에요' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ id: expect.any(Number), message: '신고가 접수되었어요.' });
    const again = await report(reporter!, { targetType: 'post', targetId: postId, reason: 'abuse' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_REPORTED', message: '이미 신고한 내용이에요.' });
    const long = await report(reporter!, { targetType: 'member', targetId: author!.id, reason: 'other', detail: 'ㄱ'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect((await report(reporter!, { targetType: 'member', targetId: author!.id, reason: 'other', detail: 'ㄱ'.repeat(500) })).statusCode).toBe(201);
    const [row] = await t.app.db.select().from(reports).where(eq(reports.id, first.json<{ id: number }>().id));
    expect(row).toMatchObject({ reporterId: reporter!.id, targetType: 'post', targetId: postId, targetUserId: author!.id, reason: 'spam', detail: '광고 글이에요', status: 'open' });
  });

  it('400 for an unknown reason or target type; 404 for a missing target of each type', async () => {
    const [reporter] = await members(1);
    expect((await report(reporter!, { targetType: 'post', targetId: 1, reason: 'boring' })).statusCode).toBe(400);
    expect((await report(reporter!, { targetType: 'user', targetId: 1, reason: 'spam' })).statusCode).toBe(400);
    for (const targetType of ['member', 'schedule', 'post', 'comment', 'review', 'message']) {
      const res = await report(reporter!, { targetType, targetId: 2_000_000_000, reason: 'spam' });
      expect(res.statusCode, targetType).toBe(404);
      expect(res.json().message).toMatch(/[가-힣]/);
    }
  });

  it('400 REPORT_SELF for oneself and one’s own post, comment and schedule', async () => {
    const [me, other] = await members(2);
    const postId = await newPost(me!);
    const comment = await t.app.inject({ method: 'POST', url: `/api/board/${postId}/comments`, headers: me!.headers, payload: { text: '내 댓글' } });
    const scheduleId = await createSchedule(t, me!.headers);
    for (const [targetType, targetId] of [['member', me!.id], ['post', postId], ['comment', comment.json<{ id: number }>().id], ['schedule', scheduleId]] as const) {
      const res = await report(me!, { targetType, targetId, reason: 'spam' });
      expect(res.statusCode, targetType).toBe(400);
      expect(res.json()).toMatchObject({ code: 'REPORT_SELF' });
    }
    expect((await report(other!, { targetType: 'schedule', targetId: scheduleId, reason: 'no_show' })).statusCode).toBe(201);
  });

  it('a chat message: only a participant of that match may report it (404 for anyone else)', async () => {
    const [host, guest, stranger] = await members(3);
    const scheduleId = await createSchedule(t, host!.headers);
    const matchId = await requestMatch(t, guest!.headers, scheduleId);
    expect((await act(t, host!.headers, matchId, 'accept')).statusCode).toBe(200);
    const sent = await t.app.inject({ method: 'POST', url: `/api/chat/${matchId}/messages`, headers: guest!.headers, payload: { content: '돈 먼저 보내주세요' } });
    expect(sent.statusCode, sent.body).toBe(201);
    const messageId = sent.json<{ id: number }>().id;
    expect((await report(stranger!, { targetType: 'message', targetId: messageId, reason: 'scam' })).statusCode).toBe(404);
    expect((await report(guest!, { targetType: 'message', targetId: messageId, reason: 'scam' })).statusCode).toBe(400);
    expect((await report(host!, { targetType: 'message', targetId: messageId, reason: 'scam' })).statusCode).toBe(201);
  });
});

describe('hidden at 3 distinct reporters', () => {
  it('a post stays after 2 reports and is gone at the 3rd: board list, view/like/comment 404, for every other member', async () => {
    const [author, r1, r2, r3, bystander] = await members(5);
    const postId = await newPost(author!, '세 번 신고될 글');
    const other = await newPost(author!, '남는 글');
    await report(r1!, { targetType: 'post', targetId: postId, reason: 'spam' });
    await report(r2!, { targetType: 'post', targetId: postId, reason: 'abuse' });
    expect((await boardIds(bystander!)).map((p) => p.id)).toContain(postId);
    expect((await t.app.inject({ method: 'PUT', url: `/api/board/${postId}/view`, headers: bystander!.headers })).statusCode).toBe(204);
    await report(r3!, { targetType: 'post', targetId: postId, reason: 'spam' });
    for (const m of [bystander!, r1!, author!]) {
      const ids = (await boardIds(m)).map((p) => p.id);
      expect(ids).not.toContain(postId);
      expect(ids).toContain(other);
    }
    expect((await t.app.inject({ method: 'PUT', url: `/api/board/${postId}/view`, headers: bystander!.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/board/${postId}/like`, headers: bystander!.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/board/${postId}/comments`, headers: bystander!.headers, payload: { text: '댓글' } })).statusCode).toBe(404);
  });

  it('a comment leaves its post at the 3rd report; a member with 3 reports is not hidden or suspended', async () => {
    const [author, commenter, r1, r2, r3] = await members(5);
    const postId = await newPost(author!);
    const c = await t.app.inject({ method: 'POST', url: `/api/board/${postId}/comments`, headers: commenter!.headers, payload: { text: '욕설 댓글' } });
    const commentId = c.json<{ id: number }>().id;
    for (const r of [r1!, r2!, r3!]) {
      expect((await report(r, { targetType: 'comment', targetId: commentId, reason: 'abuse' })).statusCode).toBe(201);
      expect((await report(r, { targetType: 'member', targetId: commenter!.id, reason: 'abuse' })).statusCode).toBe(201);
    }
    const post = (await boardIds(author!)).find((p) => p.id === postId)!;
    expect(post.commentCount).toBe(0);
    expect(await commentIds(author!, postId)).not.toContain(commentId);
    const [row] = await t.app.db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, commenter!.id));
    expect(row!.suspendedAt).toBeNull();
    expect((await t.app.inject({ url: '/api/user/me', headers: commenter!.headers })).statusCode).toBe(200);
  });

  it('the same member twice counts once (409), so 2 members never hide', async () => {
    const [author, r1, r2] = await members(3);
    const postId = await newPost(author!);
    await report(r1!, { targetType: 'post', targetId: postId, reason: 'spam' });
    expect((await report(r1!, { targetType: 'post', targetId: postId, reason: 'spam' })).statusCode).toBe(409);
    await report(r2!, { targetType: 'post', targetId: postId, reason: 'spam' });
    expect((await boardIds(author!)).map((p) => p.id)).toContain(postId);
  });

  it('a schedule leaves GET /api/schedules and the random match; a review leaves /api/reviews/my; a message leaves the chat history', async () => {
    const [host, guest, viewer, r1, r2] = await members(5);
    const scheduleId = await createSchedule(t, host!.headers);
    expect(await scheduleInList(t, viewer!.headers, scheduleId)).toBeDefined();
    for (const r of [r1!, r2!, viewer!]) await report(r, { targetType: 'schedule', targetId: scheduleId, reason: 'spam' });
    expect(await scheduleInList(t, viewer!.headers, scheduleId)).toBeUndefined();
    expect(await scheduleInList(t, guest!.headers, scheduleId)).toBeUndefined();
    const random = await t.app.inject({ url: '/api/schedules/random', headers: guest!.headers });
    if (random.statusCode === 200) expect(random.json<{ id: number }>().id).not.toBe(scheduleId);

    // A review the guest wrote of the host, reported by 3 members: gone from the host's list.
    const matchId = await pastMatch(host!, guest!);
    const review = await t.app.inject({ method: 'POST', url: '/api/reviews', headers: guest!.headers, payload: { matchId, revieweeId: host!.id, rating: 1, comment: '별로였어요 욕설' } });
    expect(review.statusCode, review.body).toBe(201);
    const reviewId = review.json<{ id: number }>().id;
    const received = async () => (await t.app.inject({ url: '/api/reviews/my', headers: host!.headers })).json<Array<{ id: number }>>().map((x) => x.id);
    expect(await received()).toContain(reviewId);
    for (const r of [r1!, r2!, host!]) expect((await report(r, { targetType: 'review', targetId: reviewId, reason: 'abuse' })).statusCode).toBe(201);
    expect(await received()).not.toContain(reviewId);

    // Chat: only the two participants can report, so a message needs a third reporter — it stays until then.
    const msg = await t.app.inject({ method: 'POST', url: `/api/chat/${matchId}/messages`, headers: guest!.headers, payload: { content: '신고될 메시지' } });
    const messageId = msg.json<{ id: number }>().id;
    await report(host!, { targetType: 'message', targetId: messageId, reason: 'abuse' });
    const history = async () => (await t.app.inject({ url: `/api/chat/${matchId}/history`, headers: host!.headers })).json<Array<{ id: number }>>().map((x) => x.id);
    expect(await history()).toContain(messageId);
  });
});

describe('reports arriving together (issue #32 item 2)', () => {
  it('three distinct reporters at once hide the post every time (30 trials)', async () => {
    const author = await t.quickMember({ name: '작성자' });
    const reporters = await members(3);
    const outcomes: boolean[] = [];
    for (let trial = 0; trial < 30; trial++) {
      const postId = await newPost(author, `동시 신고 ${trial}`);
      const answers = await Promise.all(reporters.map((r) => report(r, { targetType: 'post', targetId: postId, reason: 'spam' })));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
      outcomes.push((await t.app.inject({ url: `/api/board/${postId}`, headers: author.headers })).statusCode === 404);
    }
    expect(outcomes.filter((hidden) => !hidden)).toHaveLength(0);
  });
});

describe('reports that one person cannot weaponise (issue #32 item 1)', () => {
  it('three brand-new accounts cannot hide a post (their reports reach the queue); three established members can', async () => {
    const weighted = await createTestApp({ env: { REPORT_WEIGHT_MIN_AGE_HOURS: '72', ADMIN_EMAILS: 'weight-admin@example.com' } });
    try {
      const author = await weighted.quickMember({ name: '작성자' });
      const admin = await weighted.registerMember({ name: '관리자', email: 'weight-admin@example.com' });
      const postOf = async (title: string) =>
        (await weighted.app.inject({ method: 'POST', url: '/api/board', headers: author.headers, payload: { title, content: '<p>내용</p>', tags: [] } })).json<{ id: number }>().id;
      const reportAs = (m: { headers: Record<string, string> }, postId: number) =>
        weighted.app.inject({ method: 'POST', url: '/api/reports', headers: m.headers, payload: { targetType: 'post', targetId: postId, reason: 'spam' } });
      const visible = async (postId: number) => (await weighted.app.inject({ url: `/api/board/${postId}`, headers: author.headers })).statusCode === 200;

      // Three accounts made just now (one person's farm).
      const fresh = await Promise.all([0, 1, 2].map((i) => weighted.quickMember({ name: `새계정${i}` })));
      const target = await postOf('새 계정들이 신고한 글');
      for (const m of fresh) expect((await reportAs(m, target)).statusCode).toBe(201);
      expect(await visible(target)).toBe(true);
      const queue = (await weighted.app.inject({ url: '/api/admin/reports?status=open', headers: admin.headers })).json<Array<{ targetType: string; targetId: number; reporterCount: number }>>();
      expect(queue.find((g) => g.targetType === 'post' && g.targetId === target)).toMatchObject({ reporterCount: 3 });

      // Three members who have written on the board for a week count.
      const veterans = await Promise.all([0, 1, 2].map((i) => weighted.quickMember({ name: `오래된회원${i}` })));
      const weekAgo = new Date(weighted.clock.now().getTime() - 7 * 24 * 60 * 60 * 1000);
      for (const v of veterans) {
        await weighted.app.db.update(users).set({ createdAt: weekAgo }).where(eq(users.id, v.id));
        const own = (await weighted.app.inject({ method: 'POST', url: '/api/board', headers: v.headers, payload: { title: '내 맛집', content: '<p>추천</p>', tags: [] } })).json<{ id: number }>().id;
        await weighted.app.db.update(posts).set({ createdAt: weekAgo }).where(eq(posts.id, own));
      }
      const second = await postOf('오래된 회원들이 신고한 글');
      for (const v of veterans.slice(0, 2)) await reportAs(v, second);
      expect(await visible(second)).toBe(true);
      // A fresh account's report does not make up the third.
      await reportAs(fresh[0]!, second);
      expect(await visible(second)).toBe(true);
      await reportAs(veterans[2]!, second);
      expect(await visible(second)).toBe(false);
    } finally {
      await weighted.close();
    }
  });
});
