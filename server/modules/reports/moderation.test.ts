/**
 * Issue #17 item 6: moderation. ADMIN_EMAILS gives the admin role (token claim and
 * `GET /api/user/me`), members get 403 on every `/api/admin/*`, the queue groups reports per target
 * with the content in context, resolve dismiss / hide / suspend, suspend and unsuspend (login 403
 * with the Korean message and its KST date, tokens 401 at once, the live connection closed, login
 * again once lifted or ended), and every action in the audit. Runs on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { STOMP_ERROR_CODES } from '../../realtime/stomp-server.ts';
import { listen, stompClient, type TestStomp } from '../../realtime/test-clients.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { act, createSchedule, requestMatch } from '../../test/schedule-fixtures.ts';

const ADMIN_EMAIL = 'Moderator@Example.com';

let t: TestApp;
let url: string;
let admin: Awaited<ReturnType<TestApp['registerMember']>>;
const open: TestStomp[] = [];
type Member = Awaited<ReturnType<TestApp['registerMember']>>;
type Quick = Awaited<ReturnType<TestApp['quickMember']>>;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: `other@example.com, ${ADMIN_EMAIL.toUpperCase()}` }, realtime: { stomp: { heartbeatMs: 0 } } });
  url = await listen(t);
  admin = await t.registerMember({ name: '관리자', email: 'moderator@example.com' });
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.stop()));
  t.clock.reset();
  await t.close();
});

const report = (by: { headers: Record<string, string> }, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/reports', headers: by.headers, payload });
const newPost = async (by: { headers: Record<string, string> }, title: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/board', headers: by.headers, payload: { title, content: '<p>수상한 <b>링크</b></p>', tags: ['맛집'] } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
};
const queue = async (status = 'open', query = '') => {
  const res = await t.app.inject({ url: `/api/admin/reports?status=${status}${query}`, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
type Group = { id: number; targetType: string; targetId: number; reporterCount: number; reasons: string[]; details: string[]; action: string | null; content: Record<string, unknown>; targetUser: { id: number; suspended: boolean } | null };
const groupOf = async (targetType: string, targetId: number, status = 'open') =>
  (await queue(status, '&limit=100')).json<Group[]>().find((g) => g.targetType === targetType && g.targetId === targetId);
const resolve = (id: number, payload: Record<string, unknown>, by: { headers: Record<string, string> } = admin) =>
  t.app.inject({ method: 'POST', url: `/api/admin/reports/${id}/resolve`, headers: by.headers, payload });
const boardIds = async (m: { headers: Record<string, string> }) => (await t.app.inject({ url: '/api/board?limit=100', headers: m.headers })).json<Array<{ id: number }>>().map((p) => p.id);
const login = (m: Member) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: m.email, password: m.password } });

describe('the admin role', () => {
  it('ADMIN_EMAILS (case-insensitive) gives role admin in the token and GET /api/user/me; others are members', async () => {
    const member = await t.registerMember();
    expect(decodeJwt(admin.token).role).toBe('admin');
    expect(decodeJwt(member.token).role).toBe('member');
    expect((await t.app.inject({ url: '/api/user/me', headers: admin.headers })).json()).toMatchObject({ role: 'admin' });
    expect((await t.app.inject({ url: '/api/user/me', headers: member.headers })).json()).toMatchObject({ role: 'member' });
    // The profile object read back (with role) is accepted by PUT /api/user/profile.
    const me = (await t.app.inject({ url: '/api/user/me', headers: member.headers })).json();
    const put = await t.app.inject({ method: 'PUT', url: '/api/user/profile', headers: member.headers, payload: { ...me, role: 'admin' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ role: 'member' });
  });

  it('members get 403 FORBIDDEN on every /api/admin/* route, anonymous 401', async () => {
    const member = await t.registerMember();
    const calls = [
      { method: 'GET' as const, url: '/api/admin/reports' },
      { method: 'POST' as const, url: '/api/admin/reports/1/resolve', payload: { action: 'dismiss' } },
      { method: 'POST' as const, url: `/api/admin/users/${admin.id}/suspend`, payload: {} },
      { method: 'POST' as const, url: `/api/admin/users/${admin.id}/unsuspend` },
      { method: 'GET' as const, url: '/api/admin/audit' },
    ];
    for (const c of calls) {
      const res = await t.app.inject({ ...c, headers: member.headers });
      expect(res.statusCode, c.url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/[가-힣]/) });
      expect((await t.app.inject(c)).statusCode).toBe(401);
    }
  });
});

describe('the queue and resolving', () => {
  it('groups reports per target with the content in context, reporter count and reasons; dismiss un-hides, hide keeps it hidden', async () => {
    const author = await t.quickMember({ name: '글쓴이' });
    const [r1, r2, r3, viewer] = await Promise.all([1, 2, 3, 4].map(() => t.quickMember()));
    const postId = await newPost(author, '무시될 글');
    await report(r1!, { targetType: 'post', targetId: postId, reason: 'spam', detail: '광고' });
    await report(r2!, { targetType: 'post', targetId: postId, reason: 'abuse' });
    await report(r3!, { targetType: 'post', targetId: postId, reason: 'spam' });
    const g = (await groupOf('post', postId))!;
    expect(g).toMatchObject({ reporterCount: 3, reasons: ['abuse', 'spam'], details: ['광고'], action: null });
    expect(g.content).toMatchObject({ title: '무시될 글', text: '수상한 링크', author: { id: author.id, name: '글쓴이' }, hidden: true, exists: true });
    expect(g.targetUser).toMatchObject({ id: author.id, suspended: false });
    expect(await boardIds(viewer!)).not.toContain(postId);

    const dismissed = await resolve(g.id, { action: 'dismiss', note: '문제 없음' });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json()).toMatchObject({ action: 'dismiss', resolved: 3, hidden: false, suspension: null });
    expect(await boardIds(viewer!)).toContain(postId);
    expect(await groupOf('post', postId)).toBeUndefined();
    expect(await groupOf('post', postId, 'resolved')).toMatchObject({ action: 'dismiss', reporterCount: 3 });

    // One report and a moderator's hide: hidden for everyone, resolved.
    const other = await newPost(author, '숨겨질 글');
    await report(r1!, { targetType: 'post', targetId: other, reason: 'sexual' });
    const h = (await groupOf('post', other))!;
    expect(h.content.hidden).toBe(false);
    const hidden = await resolve(h.id, { action: 'hide' });
    expect(hidden.json()).toMatchObject({ action: 'hide', resolved: 1, hidden: true });
    for (const m of [viewer!, r1!, author]) expect(await boardIds(m)).not.toContain(other);
    expect((await t.app.inject({ method: 'PUT', url: `/api/board/${other}/view`, headers: viewer!.headers })).statusCode).toBe(404);

    // A member target cannot be hidden; an unknown report is 404.
    await report(r1!, { targetType: 'member', targetId: author.id, reason: 'abuse' });
    const m = (await groupOf('member', author.id))!;
    expect(m.content).toMatchObject({ title: '글쓴이', hidden: false });
    expect((await resolve(m.id, { action: 'hide' })).statusCode).toBe(400);
    expect((await resolve(2_000_000_000, { action: 'dismiss' })).statusCode).toBe(404);
    expect((await resolve(m.id, { action: 'ban' })).statusCode).toBe(400);
  });

  it('a hidden chat message is not returned in the history; the queue shows its match', async () => {
    const host = await t.quickMember({ name: '호스트' });
    const guest = await t.quickMember({ name: '게스트' });
    const matchId = await requestMatch(t, guest.headers, await createSchedule(t, host.headers));
    expect((await act(t, host.headers, matchId, 'accept')).statusCode).toBe(200);
    const sent = await t.app.inject({ method: 'POST', url: `/api/chat/${matchId}/messages`, headers: guest.headers, payload: { content: '계좌로 먼저 보내요' } });
    const messageId = sent.json<{ id: number }>().id;
    await report(host, { targetType: 'message', targetId: messageId, reason: 'scam' });
    const g = (await groupOf('message', messageId))!;
    expect(g.content).toMatchObject({ text: '계좌로 먼저 보내요', matchId, author: { id: guest.id, name: '게스트' } });
    expect((await resolve(g.id, { action: 'hide' })).statusCode).toBe(200);
    for (const m of [host, guest]) {
      const history = (await t.app.inject({ url: `/api/chat/${matchId}/history`, headers: m.headers })).json<Array<{ id: number }>>();
      expect(history.map((x) => x.id)).not.toContain(messageId);
    }
  });

  it('pages with limit and a Link rel="next" header', async () => {
    const author = await t.quickMember();
    const reporter = await t.quickMember();
    for (const title of ['페이지1', '페이지2', '페이지3']) await report(reporter, { targetType: 'post', targetId: await newPost(author, title), reason: 'spam' });
    const first = await queue('open', '&limit=2');
    const page1 = first.json<Group[]>();
    expect(page1).toHaveLength(2);
    const cursor = Buffer.from(JSON.stringify([page1[1]!.id])).toString('base64url');
    expect(first.headers.link).toBe(`</api/admin/reports?status=open&limit=2&cursor=${cursor}>; rel="next"`);
    const next = await t.app.inject({ url: `/api/admin/reports?status=open&limit=2&cursor=${cursor}`, headers: admin.headers });
    expect(next.json<Group[]>()[0]!.id).toBeLessThan(page1[1]!.id);
  });
});

describe('suspension', () => {
  it('resolve suspend: content hidden, author suspended for 7 days — login 403 with the KST date, old token 401, live connection closed; login again once ended', async () => {
    const author = await t.registerMember({ name: '정지될 회원' });
    const reporter = await t.quickMember();
    const postId = await newPost(author, '사기 글');
    await report(reporter, { targetType: 'post', targetId: postId, reason: 'scam' });
    const live = stompClient(url, author.token);
    open.push(live);
    await live.connected;

    const g = (await groupOf('post', postId))!;
    const res = await resolve(g.id, { action: 'suspend', days: 7, note: '사기' });
    expect(res.statusCode, res.body).toBe(200);
    const until = res.json<{ suspension: { suspendedUntil: string } }>().suspension.suspendedUntil;
    expect(res.json()).toMatchObject({ action: 'suspend', hidden: true, suspension: { userId: author.id, suspended: true } });
    expect(new Date(until).getTime() - t.clock.now().getTime()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    await live.closed;
    expect(live.errors[0]?.headers.code).toBe(STOMP_ERROR_CODES.revoked);
    // Issue #31 item 6: the member's next request says what happened — until when, why (the upheld
    // report's reason), whom to ask — never "로그인이 만료됐어요".
    const me = await t.app.inject({ url: '/api/user/me', headers: author.headers });
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('ACCOUNT_SUSPENDED');
    expect(me.json().message).toMatch(new RegExp(`^이용이 정지된 계정이에요\\. \\(.+까지\\) 사유: 사기·금전 요구\\. 문의: ${t.config.contactEmail.replace('.', '\\.')}$`));
    expect(await boardIds(reporter)).not.toContain(postId);

    const refused = await login(author);
    expect(refused.statusCode).toBe(403);
    const kst = new Date(new Date(until).getTime() + 9 * 3600 * 1000);
    const date = `${kst.getUTCFullYear()}년 ${kst.getUTCMonth() + 1}월 ${kst.getUTCDate()}일`;
    expect(refused.json()).toMatchObject({ code: 'SUSPENDED' });
    expect(refused.json().message).toMatch(new RegExp(`^이용이 정지된 계정이에요\\. \\(${date} \\([월화수목금토일]\\) 오[전후] \\d{1,2}(:\\d\\d|시)까지\\) 사유: 사기·금전 요구\\. 문의: `));
    // A wrong password still answers 401 (the suspension is told only to the owner).
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: author.email, password: 'wrong-password' } })).statusCode).toBe(401);

    expect((await groupOf('member', author.id)) ?? null).toBeNull();
    t.clock.advance(7 * 24 * 3600 * 1000 + 60_000);
    try {
      expect((await login(author)).statusCode).toBe(200);
    } finally {
      t.clock.reset();
    }
  });

  it('a suspension cancels the open matches of the member, as host and as requester; each partner is told (match_cancelled in the inbox)', async () => {
    const suspended = await t.quickMember({ name: '정지될회원' });
    const guest = await t.quickMember({ name: '손님' });
    const host = await t.quickMember({ name: '호스트' });
    // The suspended member hosts a CONFIRMED meal and has a PENDING request on another host's meal.
    const hosted = await requestMatch(t, guest.headers, await createSchedule(t, suspended.headers));
    expect((await act(t, suspended.headers, hosted, 'accept')).statusCode).toBe(200);
    expect((await act(t, suspended.headers, hosted, 'confirm')).statusCode).toBe(200);
    const asked = await requestMatch(t, suspended.headers, await createSchedule(t, host.headers, { days: 3 }));

    const s = await t.app.inject({ method: 'POST', url: `/api/admin/users/${suspended.id}/suspend`, headers: admin.headers, payload: { days: 7 } });
    expect(s.statusCode, s.body).toBe(200);

    const statusFor = async (m: { headers: Record<string, string> }, id: number) => (await t.app.inject({ url: `/api/matches/${id}`, headers: m.headers })).json<{ status: string }>().status;
    expect(await statusFor(guest, hosted)).toBe('CANCELLED');
    expect(await statusFor(host, asked)).toBe('CANCELLED');
    for (const [partner, id] of [[guest, hosted], [host, asked]] as const) {
      const inbox = (await t.app.inject({ url: '/api/notifications?limit=100', headers: partner.headers })).json<Array<{ type: string; link: string | null }>>();
      expect(inbox.some((n) => n.type === 'match_cancelled'), `partner of match ${id}`).toBe(true);
    }
  });

  it('suspend without days = until lifted ("영구" wording without a date), unsuspend lets them in; 404 unknown, 400 self; all in the audit, newest first', async () => {
    const member = await t.registerMember({ name: '무기한' });
    const s = await t.app.inject({ method: 'POST', url: `/api/admin/users/${member.id}/suspend`, headers: admin.headers, payload: { note: '반복 신고' } });
    expect(s.statusCode, s.body).toBe(200);
    expect(s.json()).toEqual({ userId: member.id, suspended: true, suspendedUntil: null });
    expect((await t.app.inject({ url: '/api/user/me', headers: member.headers })).json()).toEqual({
      code: 'ACCOUNT_SUSPENDED',
      message: `이용이 정지된 계정이에요. 사유: 운영정책 위반. 문의: ${t.config.contactEmail}`,
    });
    const refused = await login(member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'SUSPENDED', message: `이용이 정지된 계정이에요. 사유: 운영정책 위반. 문의: ${t.config.contactEmail}` });

    const u = await t.app.inject({ method: 'POST', url: `/api/admin/users/${member.id}/unsuspend`, headers: admin.headers });
    expect(u.statusCode, u.body).toBe(200);
    expect(u.json()).toEqual({ userId: member.id, suspended: false, suspendedUntil: null });
    expect((await login(member)).statusCode).toBe(200);
    // The old token stays dead, now as an ordinary revocation.
    expect((await t.app.inject({ url: '/api/user/me', headers: member.headers })).json().code).toBe('TOKEN_REVOKED');

    expect((await t.app.inject({ method: 'POST', url: '/api/admin/users/2000000000/suspend', headers: admin.headers, payload: { days: 1 } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${admin.id}/suspend`, headers: admin.headers, payload: {} })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${member.id}/suspend`, headers: admin.headers, payload: { days: 0 } })).statusCode).toBe(400);

    const audit = (await t.app.inject({ url: '/api/admin/audit', headers: admin.headers })).json<Array<{ id: number; admin: { id: number; name: string }; action: string; targetType: string; targetId: number; note: string | null; createdAt: string }>>();
    expect(audit.slice(0, 2).map((a) => [a.action, a.targetType, a.targetId])).toEqual([
      ['user.unsuspend', 'member', member.id],
      ['user.suspend', 'member', member.id],
    ]);
    expect(audit[1]).toMatchObject({ admin: { id: admin.id, name: '관리자' }, note: '반복 신고' });
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['report.dismiss', 'report.hide', 'report.suspend']));
    expect(audit.map((a) => a.id)).toEqual([...audit.map((a) => a.id)].sort((a, b) => b - a));
    // An empty body is `{}` (until lifted); lifted again right after.
    const empty = await t.app.inject({ method: 'POST', url: `/api/admin/users/${member.id}/suspend`, headers: { ...admin.headers, 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({ suspended: true, suspendedUntil: null });
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${member.id}/unsuspend`, headers: admin.headers })).statusCode).toBe(200);
  });

  it('social login refuses a suspended member too', async () => {
    // The exchange of a one-time social code runs assertNotSuspended like the password login.
    const member: Quick = await t.quickMember();
    const { oauthLoginCodes } = await import('../../db/schema.ts');
    const { createHash } = await import('node:crypto');
    await t.app.inject({ method: 'POST', url: `/api/admin/users/${member.id}/suspend`, headers: admin.headers, payload: { days: 3 } });
    const code = 'social-code-for-a-suspended-member';
    await t.app.db.insert(oauthLoginCodes).values({ codeHash: createHash('sha256').update(code).digest('hex'), userId: member.id, expiresAt: new Date(t.clock.now().getTime() + 60_000) });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/social', payload: { token: code } });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ code: 'SUSPENDED', message: expect.stringMatching(/^이용이 정지된 계정이에요\. \(.+까지\) 사유: 운영정책 위반\. 문의: /) });
  });
});
