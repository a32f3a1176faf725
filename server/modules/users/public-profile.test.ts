/**
 * `GET /api/users/{id}` (issue #15 item 7): what a signed-in member sees of another — the
 * PublicProfile shape without e-mail or age, 401/404/400, and the reliability figures after a late
 * cancellation, attendance reports and a review, all made through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { act, createSchedule, kstNoonToday, requestMatch } from '../../test/schedule-fixtures.ts';

const HOUR = 60 * 60 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Member = { id: number; headers: Record<string, string> };
const profile = (id: number | string, headers: Record<string, string> = {}) => t.app.inject({ url: `/api/users/${id}`, headers });
const figures = async (id: number, viewer: Member) => {
  const res = await profile(id, viewer.headers);
  expect(res.statusCode, res.body).toBe(200);
  const p = res.json() as { rating: number; reviewCount: number; mealCount: number; noShowCount: number; lateCancelCount: number };
  return { rating: p.rating, reviewCount: p.reviewCount, mealCount: p.mealCount, noShowCount: p.noShowCount, lateCancelCount: p.lateCancelCount };
};

/** A match of `host`'s new schedule (`days` ahead, `time` KST) requested by `guest`, accepted (and confirmed unless told). */
async function agreed(host: Member, guest: Member, days: number, time: number, confirm = true) {
  const id = await requestMatch(t, guest.headers, await createSchedule(t, host.headers, { days, time }));
  expect((await act(t, host.headers, id, 'accept')).statusCode).toBe(200);
  if (confirm) expect((await act(t, host.headers, id, 'confirm')).statusCode).toBe(200);
  return id;
}

describe('GET /api/users/{id}', () => {
  it('answers the public profile to a signed-in member: never the e-mail or age', async () => {
    t.clock.set(kstNoonToday());
    const member = await t.registerMember({ name: '김철수' });
    const saved = await t.app.inject({
      method: 'PUT', url: '/api/user/profile', headers: member.headers,
      payload: { name: '김철수', age: 27, bio: '국밥 좋아해요', profileImage: '/avatars/bear.svg', preferences: { 한식: true, 맵찔이: false }, neighbourhood: '연남동' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const viewer = await t.quickMember({ name: '보는사람' });
    const res = await profile(member.id, viewer.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json() as Record<string, unknown>;
    expect(body).toEqual({
      id: member.id, name: '김철수', profileImage: '/avatars/bear.svg', bio: '국밥 좋아해요', preferences: { 한식: true, 맵찔이: false },
      rating: 0, reviewCount: 0, mealCount: 0, noShowCount: 0, lateCancelCount: 0,
    });
    expect(Object.keys(body)).not.toContain('email');
    expect(Object.keys(body)).not.toContain('age');
    expect(res.body).not.toContain(member.email);
    // Issue #31 item 2: the 동네 is the member's own setting, never shown to others.
    expect(res.body).not.toContain('연남동');
    // A member may look at their own public profile too.
    expect((await profile(member.id, member.headers)).json()).toEqual(body);
  });

  it('401 anonymous, 404 unknown member, 400 non-numeric id — in Korean', async () => {
    const viewer = await t.quickMember();
    const anonymous = await profile(viewer.id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: '로그인이 필요해요.', code: 'NO_TOKEN' });
    const unknown = await profile(2_000_000, viewer.headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: '회원을 찾을 수 없어요.', code: 'USER_NOT_FOUND' });
    for (const bad of ['abc', '0', '1.5', '99999999999']) {
      const res = await profile(bad, viewer.headers);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/[가-힣]/);
    }
  });

  it('counts a cancellation within 24 h of the start as late, one made earlier not', async () => {
    t.clock.set(kstNoonToday());
    const host = await t.quickMember({ name: '호스트' });
    const guest = await t.quickMember({ name: '게스트' });
    const viewer = await t.quickMember();
    // Tomorrow 10:00 KST is 22 h away: late. In three days: not late.
    const soon = await agreed(host, guest, 1, 10);
    const later = await agreed(host, guest, 3, 12, false);
    const cancelSoon = await t.app.inject({ method: 'POST', url: `/api/matches/${soon}/cancel`, headers: guest.headers, payload: { reason: '갑자기 일이 생겼어요' } });
    expect(cancelSoon.statusCode, cancelSoon.body).toBe(200);
    const cancelLater = await t.app.inject({ method: 'POST', url: `/api/matches/${later}/cancel`, headers: host.headers, payload: {} });
    expect(cancelLater.statusCode, cancelLater.body).toBe(200);
    expect(await figures(guest.id, viewer)).toEqual({ rating: 0, reviewCount: 0, mealCount: 0, noShowCount: 0, lateCancelCount: 1 });
    expect(await figures(host.id, viewer)).toEqual({ rating: 0, reviewCount: 0, mealCount: 0, noShowCount: 0, lateCancelCount: 0 });
  });

  it('counts meals the partner reported attended, no-shows they reported, and the rating of reviews', async () => {
    t.clock.set(kstNoonToday());
    const host = await t.quickMember({ name: '호스트' });
    const guest = await t.quickMember({ name: '게스트' });
    const viewer = await t.quickMember();
    const id = await agreed(host, guest, 1, 12);
    t.clock.set(kstNoonToday().getTime() + 26 * HOUR); // two hours after tomorrow's noon meal
    const present = await t.app.inject({ method: 'POST', url: `/api/matches/${id}/attendance`, headers: host.headers, payload: { partnerAttended: true } });
    expect(present.statusCode, present.body).toBe(200);
    const absent = await t.app.inject({ method: 'POST', url: `/api/matches/${id}/attendance`, headers: guest.headers, payload: { partnerAttended: false } });
    expect(absent.statusCode, absent.body).toBe(200);
    const review = await t.app.inject({ method: 'POST', url: '/api/reviews', headers: host.headers, payload: { matchId: id, revieweeId: guest.id, rating: 4, comment: '즐거웠어요' } });
    expect(review.statusCode, review.body).toBe(201);

    expect(await figures(guest.id, viewer)).toEqual({ rating: 4, reviewCount: 1, mealCount: 1, noShowCount: 0, lateCancelCount: 0 });
    expect(await figures(host.id, viewer)).toEqual({ rating: 0, reviewCount: 0, mealCount: 0, noShowCount: 1, lateCancelCount: 0 });
  });
});
