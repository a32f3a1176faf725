/**
 * Issue #17 items 1 and 2: consent at sign-up (and again for social members or newer versions) and
 * account deletion, through the API on a real database (PGlite; PostgreSQL in `node-postgres`).
 * Deletion is checked on the rows themselves: what must be erased is gone, what others see stays.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_VERSION, TERMS_VERSION } from '../../../common/domain/legal.ts';
import { userNotificationsTopic } from '../../../common/realtime.ts';
import { blocks, notifications, posts, pushTokens, schedules, socialAccounts, uploads, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { act, createSchedule, requestMatch, scheduleInList } from '../../test/schedule-fixtures.ts';
import { listen, stompClient } from '../../realtime/test-clients.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ realtime: { stomp: { heartbeatMs: 0 } } });
});
afterAll(async () => {
  await t?.close();
});

const ALL = { agreeTerms: true, agreePrivacy: true, ageConfirmed: true };

/** Verifies `email` through the mail code so it may register. */
async function verified(email: string): Promise<void> {
  expect((await t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email', payload: { email } })).statusCode).toBe(200);
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email, code: t.lastMailTo(email).code } });
  expect(res.statusCode).toBe(200);
}

const register = (email: string, extra: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: '동의', email, password: 'password-123', ...extra } });

describe('consent at sign-up', () => {
  it('refuses a sign-up without the three agreements, naming what is missing, and creates nothing', async () => {
    const email = 'consent-missing@example.com';
    await verified(email);
    const none = await register(email, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ code: 'CONSENT_REQUIRED', message: '필수 동의 항목을 확인해주세요: 이용약관 동의, 개인정보 수집·이용 동의, 만 14세 이상 확인' });
    const noAge = await register(email, { agreeTerms: true, agreePrivacy: true, ageConfirmed: false });
    expect(noAge.statusCode).toBe(400);
    expect(noAge.json().message).toBe('필수 동의 항목을 확인해주세요: 만 14세 이상 확인');
    expect(await t.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    // The verification is not spent by the refusals.
    expect((await register(email, ALL)).statusCode).toBe(201);
  });

  it('stores the versions in force and the time; the member needs no consent step', async () => {
    const email = 'consent-ok@example.com';
    await verified(email);
    const res = await register(email, ALL);
    expect(res.statusCode).toBe(201);
    expect(res.json().consentRequired).toBe(false);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION });
    expect(row!.consentedAt).toBeInstanceOf(Date);
  });

  it('a member without consent (social sign-up) or with an older version is asked again, and POST /api/user/consent records it', async () => {
    const social = await t.quickMember({ name: '소셜' });
    const me = () => t.app.inject({ url: '/api/user/me', headers: social.headers });
    expect((await me()).json().consentRequired).toBe(true);

    const partial = await t.app.inject({ method: 'POST', url: '/api/user/consent', headers: social.headers, payload: { agreeTerms: true } });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toBe('필수 동의 항목을 확인해주세요: 개인정보 수집·이용 동의, 만 14세 이상 확인');
    expect((await me()).json().consentRequired).toBe(true);

    const ok = await t.app.inject({ method: 'POST', url: '/api/user/consent', headers: social.headers, payload: ALL });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: social.id, consentRequired: false });
    expect((await me()).json().consentRequired).toBe(false);

    // An older version of the terms asks again.
    await t.app.db.update(users).set({ termsVersion: '2020-01-01' }).where(eq(users.id, social.id));
    expect((await me()).json().consentRequired).toBe(true);
  });

  it('GET /api/legal answers the versions and the contact address without a login', async () => {
    const res = await t.app.inject({ url: '/api/legal' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION, contactEmail: t.config.contactEmail });
  });
});

describe('DELETE /api/user/me', () => {
  it('a wrong or missing password changes nothing', async () => {
    const m = await t.registerMember({ name: '지킴이' });
    const wrong = await t.app.inject({ method: 'DELETE', url: '/api/user/me', headers: m.headers, payload: { password: 'not-my-password' } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ code: 'WRONG_PASSWORD', message: '비밀번호가 올바르지 않아요.' });
    const missing = await t.app.inject({ method: 'DELETE', url: '/api/user/me', headers: m.headers, payload: {} });
    expect(missing.statusCode).toBe(400);
    const me = await t.app.inject({ url: '/api/user/me', headers: m.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().name).toBe('지킴이');
  });

  it('a member without a password confirms with "탈퇴"', async () => {
    const social = await t.quickMember({ name: '소셜탈퇴' });
    await t.app.db.update(users).set({ passwordHash: null }).where(eq(users.id, social.id));
    const bad = await t.app.inject({ method: 'DELETE', url: '/api/user/me', headers: social.headers, payload: { confirm: '네' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("탈퇴하려면 '탈퇴'를 입력해주세요.");
    const ok = await t.app.inject({ method: 'DELETE', url: '/api/user/me', headers: social.headers, payload: { confirm: '탈퇴' } });
    expect(ok.statusCode).toBe(204);
    // Another device still holding a token is told what happened (issue #31 item 6), not "로그인이 만료됐어요".
    const after = await t.app.inject({ url: '/api/user/me', headers: social.headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ code: 'ACCOUNT_DELETED', message: '탈퇴가 완료되었어요.' });
  });

  it('erases the member, cancels their open matches with a notice to each partner, closes their live connection, keeps their posts as "탈퇴한 회원"', async () => {
    const leaver = await t.registerMember({ name: '떠나는회원' });
    const partner = await t.quickMember({ name: '파트너' });
    const otherHost = await t.quickMember({ name: '다른호스트' });
    const url = await listen(t);

    // The leaver hosts a confirmed meal with the partner, and has asked to join another host's meal.
    const hosted = await createSchedule(t, leaver.headers);
    const confirmed = await requestMatch(t, partner.headers, hosted);
    expect((await act(t, leaver.headers, confirmed, 'accept')).statusCode).toBe(200);
    expect((await act(t, leaver.headers, confirmed, 'confirm')).statusCode).toBe(200);
    const pending = await requestMatch(t, leaver.headers, await createSchedule(t, otherHost.headers));
    // A picture, a post, a push token, a social link, a block and an inbox entry of theirs.
    await t.app.db.update(users).set({ age: 30, bio: '안녕하세요', preferences: { 한식: true }, profileImage: '/avatars/bear.png' }).where(eq(users.id, leaver.id));
    const post = await t.app.inject({ method: 'POST', url: '/api/board', headers: leaver.headers, payload: { title: '남는 글', content: '<p>맛집</p>', tags: [] } });
    expect(post.statusCode).toBe(201);
    const postId = post.json().id as number;
    await t.app.db.insert(pushTokens).values({ userId: leaver.id, token: 'device-token-of-leaver' });
    await t.app.db.insert(uploads).values({ name: `leaver-${leaver.id}.webp`, ownerId: leaver.id });
    await t.app.db.insert(socialAccounts).values({ userId: leaver.id, provider: 'kakao', providerUserId: 'kakao-leaver' });
    const bystander = await t.quickMember({ name: '차단된회원' });
    expect((await t.app.inject({ method: 'POST', url: '/api/blocks', headers: leaver.headers, payload: { userId: bystander.id } })).statusCode).toBe(201);

    const live = stompClient(url, leaver.token);
    await live.connected;
    live.subscribe(userNotificationsTopic(leaver.id));
    await live.sync();
    const eventsBefore = t.events.length;

    const res = await t.app.inject({ method: 'DELETE', url: '/api/user/me', headers: leaver.headers, payload: { password: leaver.password } });
    expect(res.statusCode).toBe(204);

    // Every token answers 401 and the live connection is closed.
    expect((await t.app.inject({ url: '/api/user/me', headers: leaver.headers })).statusCode).toBe(401);
    await live.closed;
    await live.stop();

    // The partners are told: match_cancelled to the confirmed guest and to the other host.
    const told = t.events.slice(eventsBefore).filter((e) => e.type === 'match_cancelled');
    expect(told.map((e) => [e.matchId, e.toUserId]).sort()).toEqual([[confirmed, partner.id], [pending, otherHost.id]].sort());
    // Their meal leaves the matching list.
    expect(await scheduleInList(t, partner.headers, hosted)).toBeUndefined();
    const [s] = await t.app.db.select({ cancelledAt: schedules.cancelledAt }).from(schedules).where(eq(schedules.id, hosted));
    expect(s!.cancelledAt).toBeInstanceOf(Date);

    // The row keeps only what others need; the personal data is gone.
    const [row] = await t.app.db.select().from(users).where(eq(users.id, leaver.id));
    expect(row).toMatchObject({
      email: null,
      name: '탈퇴한 회원',
      passwordHash: null,
      age: null,
      bio: null,
      profileImage: null,
      preferences: {},
      termsVersion: null,
      consentedAt: null,
    });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(await t.app.db.select().from(pushTokens).where(eq(pushTokens.userId, leaver.id))).toHaveLength(0);
    expect(await t.app.db.select().from(socialAccounts).where(eq(socialAccounts.userId, leaver.id))).toHaveLength(0);
    expect(await t.app.db.select().from(blocks).where(eq(blocks.blockerId, leaver.id))).toHaveLength(0);
    expect(await t.app.db.select().from(notifications).where(eq(notifications.userId, leaver.id))).toHaveLength(0);
    // Issue #32 item 6: the notices others got from them (the request, the cancellations) no longer name them.
    const theirNotices = await t.app.db.select().from(notifications).where(eq(notifications.fromUserId, leaver.id));
    expect(theirNotices.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(theirNotices)).not.toContain('떠나는회원');
    expect(theirNotices.every((n) => n.fromName === '탈퇴한 회원' && n.message.startsWith('탈퇴한 회원님이 '))).toBe(true);
    expect(await t.app.db.select().from(uploads).where(eq(uploads.ownerId, leaver.id))).toHaveLength(0);

    // Their post stays for the others, signed "탈퇴한 회원", and they have no profile.
    const board = await t.app.inject({ url: '/api/board', headers: partner.headers });
    expect(board.statusCode).toBe(200);
    const kept = (board.json() as Array<{ id: number }>).find((p) => p.id === postId);
    expect(JSON.stringify(kept)).toContain('탈퇴한 회원');
    expect(JSON.stringify(kept)).not.toContain('떠나는회원');
    expect(await t.app.db.select().from(posts).where(eq(posts.id, postId))).toHaveLength(1);
    expect((await t.app.inject({ url: `/api/users/${leaver.id}`, headers: partner.headers })).statusCode).toBe(404);

    // The old password no longer works, and the address can sign up again as a new member.
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: leaver.email, password: leaver.password } });
    expect(login.statusCode).toBe(401);
    const again = await t.registerMember({ email: leaver.email, name: '돌아온회원' });
    expect(again.id).not.toBe(leaver.id);
  });
});
