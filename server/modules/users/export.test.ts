/**
 * Issue #17 item 3: `GET /api/user/me/export` — the member's own data as a JSON download, never
 * another member's rows and never the password hash. Runs on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { act, createSchedule, requestMatch } from '../../test/schedule-fixtures.ts';
import { pushTokens } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/user/me/export', () => {
  it("answers the caller's account, schedules, requests on both sides, sent messages, posts, comments, reviews and blocks as a download", async () => {
    const me = await t.registerMember({ name: '내보내기' });
    const other = await t.quickMember({ name: '상대' });
    const stranger = await t.quickMember({ name: '남' });
    expect((await t.app.inject({ method: 'PUT', url: '/api/user/profile', headers: me.headers, payload: { name: '내보내기', age: 30, preferences: {}, neighbourhood: '을지로동' } })).statusCode).toBe(200);
    const mine = await createSchedule(t, me.headers);
    const asHost = await requestMatch(t, other.headers, mine);
    const asRequester = await requestMatch(t, me.headers, await createSchedule(t, other.headers));
    expect((await act(t, other.headers, asRequester, 'accept')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/chat/${asRequester}/messages`, headers: me.headers, payload: { content: '내가 보낸 말' } })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: `/api/chat/${asRequester}/messages`, headers: other.headers, payload: { content: '상대가 보낸 말' } })).statusCode).toBe(201);
    const post = (await t.app.inject({ method: 'POST', url: '/api/board', headers: me.headers, payload: { title: '내 글', content: '<p>맛집</p>', tags: [] } })).json().id as number;
    expect((await t.app.inject({ method: 'POST', url: `/api/board/${post}/comments`, headers: me.headers, payload: { text: '내 댓글' } })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: '/api/blocks', headers: me.headers, payload: { userId: stranger.id } })).statusCode).toBe(201);
    await createSchedule(t, stranger.headers);
    // Issue #32 item 6: a report with its text, a push registration and a share link of theirs.
    const othersPost = (await t.app.inject({ method: 'POST', url: '/api/board', headers: other.headers, payload: { title: '상대 글', content: '<p>광고</p>', tags: [] } })).json().id as number;
    expect((await t.app.inject({ method: 'POST', url: '/api/reports', headers: me.headers, payload: { targetType: 'post', targetId: othersPost, reason: 'spam', detail: '광고 글이에요' } })).statusCode).toBe(201);
    await t.app.db.insert(pushTokens).values({ userId: me.id, token: 'secret-device-token' });
    expect((await t.app.inject({ method: 'POST', url: `/api/matches/${asRequester}/share`, headers: me.headers })).statusCode).toBeLessThan(300);

    const res = await t.app.inject({ url: '/api/user/me/export', headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="bapsang-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.profile).toMatchObject({ id: me.id, email: me.email, name: '내보내기', neighbourhood: '을지로동' });
    expect(res.body).not.toContain('passwordHash');
    expect(res.body).not.toContain('$argon2');
    expect(data.schedules.map((s: { id: number }) => s.id)).toEqual([mine]);
    expect(data.matchRequests.asHost.map((m: { id: number }) => m.id)).toEqual([asHost]);
    expect(data.matchRequests.asRequester.map((m: { id: number }) => m.id)).toEqual([asRequester]);
    expect(data.chatMessagesSent.map((m: { content: string }) => m.content)).toEqual(['내가 보낸 말']);
    expect(data.posts.map((p: { title: string }) => p.title)).toEqual(['내 글']);
    expect(data.comments.map((c: { text: string }) => c.text)).toEqual(['내 댓글']);
    expect(data.reviews).toEqual({ given: [], received: [] });
    expect(data.blocks.map((b: { blockedId: number }) => b.blockedId)).toEqual([stranger.id]);
    expect(data.exportedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(data.reportsFiled).toEqual([expect.objectContaining({ targetType: 'post', targetId: othersPost, reason: 'spam', detail: '광고 글이에요' })]);
    // Their inbox: the acceptance the other member sent them.
    expect(data.notifications.map((n: { type: string }) => n.type)).toContain('match_accepted');
    expect(data.pushRegistrations).toEqual([{ id: expect.any(Number), createdAt: expect.any(String) }]);
    expect(res.body).not.toContain('secret-device-token');
    expect(data.shareLinks).toEqual([expect.objectContaining({ matchId: asRequester, revokedAt: null })]);
    expect(res.body).not.toContain('tokenHash');
  });

  it('401 without a token', async () => {
    expect((await t.app.inject({ url: '/api/user/me/export' })).statusCode).toBe(401);
  });
});
