/**
 * Issue #32 item 1 (the rest): the author of hidden content is told (`content_hidden`: what, why,
 * and that they may appeal — inbox, live and push) and appeals once (`POST /api/reports/appeal`);
 * the appeal joins the admin queue as 이의 제기, where 다시 보이기 (`dismiss`) shows the content
 * again and tells the author `content_restored`, and 숨김 유지 (`hide`) keeps it hidden and tells
 * them `appeal_rejected`. Runs on PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';

const ADMIN_EMAIL = 'appeal-admin@example.com';
type Headers = { headers: Record<string, string> };
type Member = Awaited<ReturnType<TestApp['quickMember']>>;
type InboxItem = { id: number; type: string; message: string; link: string; target?: { type: string; id: number }; appealed?: boolean; matchId?: number; fromUser?: unknown };
type Group = { id: number; targetType: string; targetId: number; reporterCount: number; reasons: string[]; appeal: { note: string; createdAt: string } | null; content: { hidden: boolean } };

let t: TestApp;
let admin: Headers & { id: number };
let veterans: Member[];

beforeAll(async () => {
  // Reports count toward hiding only from established members (issue #32 item 1).
  t = await createTestApp({ env: { REPORT_WEIGHT_MIN_AGE_HOURS: '72', ADMIN_EMAILS: ADMIN_EMAIL } });
  admin = await t.registerMember({ name: '관리자', email: ADMIN_EMAIL });
  veterans = await Promise.all([0, 1, 2].map((i) => t.quickMember({ name: `오래된회원${i}` })));
  const weekAgo = new Date(t.clock.now().getTime() - 7 * 24 * 60 * 60 * 1000);
  for (const v of veterans) {
    await t.app.db.update(users).set({ createdAt: weekAgo }).where(eq(users.id, v.id));
    const own = (await t.app.inject({ method: 'POST', url: '/api/board', headers: v.headers, payload: { title: '내 맛집', content: '<p>추천</p>', tags: [] } })).json<{ id: number }>().id;
    await t.app.db.update(posts).set({ createdAt: weekAgo }).where(eq(posts.id, own));
  }
});
afterAll(async () => {
  await t.close();
});

const newPost = async (by: Headers, title: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/board', headers: by.headers, payload: { title, content: '<p>우리 동네 맛집</p>', tags: [] } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
};
const hideByReports = async (postId: number) => {
  for (const [i, v] of veterans.entries()) {
    const res = await t.app.inject({ method: 'POST', url: '/api/reports', headers: v.headers, payload: { targetType: 'post', targetId: postId, reason: i === 0 ? 'abuse' : 'spam' } });
    expect(res.statusCode, res.body).toBe(201);
  }
};
const visible = async (postId: number, by: Headers) => (await t.app.inject({ url: `/api/board/${postId}`, headers: by.headers })).statusCode === 200;
const inbox = async (m: Headers) => (await t.app.inject({ url: '/api/notifications?limit=100', headers: m.headers })).json<InboxItem[]>();
const appeal = (m: Headers, targetId: number, note = '광고가 아니라 제가 다녀온 식당 후기예요.') =>
  t.app.inject({ method: 'POST', url: '/api/reports/appeal', headers: m.headers, payload: { targetType: 'post', targetId, note } });
const groupOf = async (targetId: number, status = 'open') =>
  (await t.app.inject({ url: `/api/admin/reports?status=${status}&limit=100`, headers: admin.headers })).json<Group[]>().find((g) => g.targetType === 'post' && g.targetId === targetId);
const resolve = (id: number, action: 'dismiss' | 'hide') => t.app.inject({ method: 'POST', url: `/api/admin/reports/${id}/resolve`, headers: admin.headers, payload: { action } });

describe('appeals of hidden content (issue #32 item 1)', () => {
  it('three established reporters hide a post: its author gets one content_hidden (inbox), appeals once (second 409, a stranger 404), the admin\'s 다시 보이기 shows the post again and the author gets content_restored', async () => {
    const author = await t.quickMember({ name: '작성자' });
    const stranger = await t.quickMember({ name: '지나가는회원' });
    const postId = await newPost(author, '을지로 맛집 추천');
    // Before it is hidden there is nothing to appeal.
    expect((await appeal(author, postId)).statusCode).toBe(404);

    const liveBefore = t.events.length;
    await hideByReports(postId);
    expect(await visible(postId, author)).toBe(false);

    const hidden = (await inbox(author)).filter((n) => n.type === 'content_hidden');
    expect(hidden).toHaveLength(1);
    expect(hidden[0]).toMatchObject({ target: { type: 'post', id: postId }, link: '/notifications', appealed: false });
    expect(hidden[0]).not.toHaveProperty('matchId');
    expect(hidden[0]).not.toHaveProperty('fromUser');
    // What, why (the main reason, in Korean) and how to appeal — 해요체.
    expect(hidden[0]!.message).toBe('회원님의 글이 신고로 숨겨졌어요 (사유: 스팸·홍보). 알림에서 한 번 이의를 제기할 수 있어요.');
    // Live (and push) through the notifier, once.
    expect(t.events.slice(liveBefore).filter((e) => e.type === 'content_hidden')).toEqual([
      expect.objectContaining({ toUserId: author.id, content: expect.objectContaining({ type: 'post', id: postId }) }),
    ]);

    // A stranger cannot appeal someone else's content; a blank note is refused on the field.
    const foreign = await appeal(stranger, postId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'APPEAL_TARGET_NOT_FOUND', message: expect.stringMatching(/[가-힣]/) });
    expect((await appeal(author, postId, '   ')).json()).toMatchObject({ code: 'APPEAL_NOTE_REQUIRED', field: 'note' });

    const first = await appeal(author, postId);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ id: expect.any(Number), message: '이의를 접수했어요. 운영진이 확인하고 알려드릴게요.' });
    // The inbox now says it was appealed (the client shows 이의를 접수했어요 instead of the button).
    expect((await inbox(author)).find((n) => n.type === 'content_hidden')).toMatchObject({ appealed: true });
    const second = await appeal(author, postId, '다시 한 번 부탁드려요.');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'ALREADY_APPEALED', message: expect.stringMatching(/[가-힣]/) });

    // The queue shows the appeal with its note beside the reports (the author is not a reporter).
    const group = await groupOf(postId);
    expect(group).toMatchObject({ reporterCount: 3, reasons: ['abuse', 'spam'], appeal: { note: '광고가 아니라 제가 다녀온 식당 후기예요.' }, content: { hidden: true } });

    // 다시 보이기.
    const liveBeforeRestore = t.events.length;
    const restored = await resolve(group!.id, 'dismiss');
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ hidden: false });
    expect(await visible(postId, stranger)).toBe(true);
    const notices = await inbox(author);
    expect(notices.filter((n) => n.type === 'content_restored')).toEqual([
      expect.objectContaining({ target: { type: 'post', id: postId }, message: '운영진이 검토했어요. 회원님의 글이 다시 보여요.' }),
    ]);
    expect(t.events.slice(liveBeforeRestore).map((e) => e.type)).toEqual(['content_restored']);
    // Acting twice is harmless: nothing changes, nobody is told again.
    expect((await resolve(group!.id, 'dismiss')).statusCode).toBe(200);
    expect((await inbox(author)).filter((n) => n.type === 'content_restored')).toHaveLength(1);
    expect(await groupOf(postId)).toBeUndefined();
    // Once decided, still once.
    expect((await appeal(author, postId)).statusCode).toBe(404);
  });

  it('숨김 유지 keeps the post hidden and tells the author appeal_rejected; their appeal stays the only one', async () => {
    const author = await t.quickMember({ name: '두번째작성자' });
    const postId = await newPost(author, '광고 아닌 글');
    await hideByReports(postId);
    expect((await appeal(author, postId)).statusCode).toBe(201);
    const group = await groupOf(postId);
    expect(group?.appeal).not.toBeNull();

    const kept = await resolve(group!.id, 'hide');
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ hidden: true });
    expect(await visible(postId, author)).toBe(false);
    const notices = await inbox(author);
    expect(notices.filter((n) => n.type === 'appeal_rejected')).toEqual([
      expect.objectContaining({ target: { type: 'post', id: postId }, message: '운영진이 이의 제기를 검토했어요. 회원님의 글이 계속 숨겨져요.' }),
    ]);
    expect(notices.filter((n) => n.type === 'content_restored')).toHaveLength(0);
    // Again: no second notice; and no second appeal of the same post.
    expect((await resolve(group!.id, 'hide')).statusCode).toBe(200);
    expect((await inbox(author)).filter((n) => n.type === 'appeal_rejected')).toHaveLength(1);
    expect((await appeal(author, postId)).statusCode).toBe(409);
    expect((await groupOf(postId, 'resolved'))?.appeal).toMatchObject({ note: '광고가 아니라 제가 다녀온 식당 후기예요.' });
  });

  it("an admin's 숨기기 of a visible post tells its author content_hidden with the report's reason", async () => {
    const author = await t.quickMember({ name: '세번째작성자' });
    const postId = await newPost(author, '한 명만 신고한 글');
    expect((await t.app.inject({ method: 'POST', url: '/api/reports', headers: veterans[0]!.headers, payload: { targetType: 'post', targetId: postId, reason: 'scam' } })).statusCode).toBe(201);
    expect((await inbox(author)).filter((n) => n.type === 'content_hidden')).toHaveLength(0);
    const group = await groupOf(postId);
    expect((await resolve(group!.id, 'hide')).statusCode).toBe(200);
    expect((await inbox(author)).filter((n) => n.type === 'content_hidden').map((n) => n.message)).toEqual([
      '회원님의 글이 신고로 숨겨졌어요 (사유: 사기·금전 요구). 알림에서 한 번 이의를 제기할 수 있어요.',
    ]);
    expect((await appeal(author, postId)).statusCode).toBe(201);
  });
});
