import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { schedules } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { act, allPages, createSchedule, kstDate, kstNoonToday, requestMatch, scheduleInList } from '../../../test/schedule-fixtures.ts';
import { NO_STATS } from '../public.ts';

type Member = Awaited<ReturnType<TestApp['quickMember']>>;
let t: TestApp;
let host: Member;
let guest: Member;
let stranger: Member;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(kstNoonToday());
  host = await t.quickMember({ name: '호스트', profileImage: '/avatars/duck.svg' });
  guest = await t.quickMember({ name: '게스트' });
  stranger = await t.quickMember({ name: '남' });
});
afterEach(() => {
  t.clock.set(kstNoonToday());
});
afterAll(async () => {
  await t.close();
});

const TEXT = 'text/plain; charset=utf-8';
const ask = (headers: Record<string, string>, scheduleId: unknown) => t.app.inject({ method: 'POST', url: '/api/matches', headers, payload: { scheduleId } });
const received = async (m: Member) => (await t.app.inject({ url: '/api/matches', headers: m.headers })).json() as Array<{ id: number; status: string }>;
const sent = async (m: Member) => (await t.app.inject({ url: '/api/matches/sent', headers: m.headers })).json() as Array<{ id: number; status: string }>;
const statusOf = async (m: Member, id: number) => (await sent(m)).find((x) => x.id === id)?.status;
const seats = async (scheduleId: number) => (await scheduleInList(t, stranger.headers, scheduleId))?.currentParticipants;

describe('POST /api/matches', () => {
  it('201 text/plain; the host is notified once', async () => {
    const scheduleId = await createSchedule(t, host.headers, { days: 3, time: 18, text: '저녁 같이' });
    const before = t.events.length;
    const res = await ask(guest.headers, scheduleId);
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toBe(TEXT);
    expect(res.body).toBe('매칭 신청이 완료됐어요.');
    const [m] = await sent(guest);
    const meal = { placeName: '광화문 국밥집', date: kstDate(t.clock.now(), 3), time: 18 };
    expect(t.events.slice(before)).toEqual([{ type: 'new_match_request', matchId: m!.id, scheduleId, toUserId: host.id, fromUser: { id: guest.id, name: '게스트', profileImage: null }, meal }]);
  });

  it('own schedule 400, already requested 409, full 409, past 409, unknown 404 — JSON { message, code }', async () => {
    const scheduleId = await createSchedule(t, host.headers, { participants: 2 });
    const own = await ask(host.headers, scheduleId);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ message: '자신이 만든 일정에는 매칭을 신청할 수 없습니다.', code: 'OWN_SCHEDULE' });
    await requestMatch(t, guest.headers, scheduleId);
    const again = await ask(guest.headers, scheduleId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: '이미 신청한 일정입니다.', code: 'ALREADY_REQUESTED' });
    // Accept fills the capacity-2 schedule.
    const [m] = (await received(host)).filter((x) => x.status === 'PENDING');
    expect((await act(t, host.headers, m!.id, 'accept')).statusCode).toBe(200);
    const full = await ask(stranger.headers, scheduleId);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ message: '모집 인원이 모두 찼어요.', code: 'SCHEDULE_FULL' });
    // Past: dated yesterday (KST) and beyond the window.
    const now = t.clock.now();
    for (const date of [kstDate(now, -1), kstDate(now, 22)]) {
      const [row] = await t.app.db.insert(schedules).values({ userId: host.id, date, hour: 12, text: '지난', placeName: 'x', placeCategory: '한식', participants: 4 }).returning();
      const past = await ask(guest.headers, row!.id);
      expect(past.statusCode, date).toBe(409);
      expect(past.json()).toEqual({ message: '지난 일정에는 신청할 수 없어요.', code: 'SCHEDULE_PAST' });
    }
    // A schedule that becomes yesterday when the clock moves on.
    const today = await createSchedule(t, host.headers, { days: 0, time: 20 });
    t.clock.advance(24 * 3600_000);
    expect((await ask(guest.headers, today)).statusCode).toBe(409);
    const unknown = await ask(guest.headers, 999999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/[가-힣]/);
    expect((await ask(guest.headers, 'abc')).statusCode).toBe(400);
    expect((await ask({}, scheduleId)).statusCode).toBe(401);
  });
});

describe('GET /api/matches and /api/matches/sent', () => {
  it('received (as host) and sent (as requester), newest first, with the schedule\'s date, time and text; REJECTED included', async () => {
    const h = await t.quickMember({ name: '주최' });
    const r = await t.quickMember({ name: '신청', profileImage: '/avatars/frog.svg' });
    const s1 = await createSchedule(t, h.headers, { days: 4, time: 7, text: '아침 국밥', placeName: '청진동 해장국 골목집' });
    const s2 = await createSchedule(t, h.headers, { days: 5, time: 20, text: '저녁 스시', placeName: '무교동 스시 한조각', placeCategory: '일식' });
    const m1 = await requestMatch(t, r.headers, s1);
    t.clock.advance(1000);
    const m2 = await requestMatch(t, r.headers, s2);
    await act(t, h.headers, m1, 'reject');
    const rec = await t.app.inject({ url: '/api/matches', headers: h.headers });
    expect(rec.statusCode).toBe(200);
    const list = rec.json();
    expect(list.map((x: { id: number }) => x.id)).toEqual([m2, m1]);
    const date = kstDate(t.clock.now(), 4);
    expect(list[1]).toEqual({
      id: m1,
      status: 'REJECTED',
      requester: { id: r.id, name: '신청', profileImage: '/avatars/frog.svg', ...NO_STATS },
      schedule: {
        id: s1,
        member: { id: h.id, name: '주최', profileImage: null, ...NO_STATS },
        placeName: '청진동 해장국 골목집',
        date,
        time: 7,
        text: '아침 국밥',
        participants: 4,
        currentParticipants: 1,
        isFull: false,
        startsAt: new Date(`${date}T07:00:00+09:00`).toISOString(),
        cancelled: false,
      },
      hostReviewed: false,
      requesterReviewed: false,
      cancelledBy: null,
      cancelReason: null,
      cancelledAt: null,
      lateCancel: false,
      waitlisted: false,
      arrivedAt: { host: null, requester: null },
      attendance: { byHost: null, byRequester: null },
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      // Issue #28: when a cancellation turns late, when "absent" and reviews open, no marks, never moved.
      lateCancelFrom: new Date(Date.parse(`${date}T07:00:00+09:00`) - 24 * 3_600_000).toISOString(),
      absentReportFrom: new Date(Date.parse(`${date}T07:00:00+09:00`) + 30 * 60_000).toISOString(),
      reviewOpensAt: new Date(Date.parse(`${date}T07:00:00+09:00`) + 90 * 60_000).toISOString(),
      absence: { host: null, requester: null },
      scheduleChangedAt: null,
    });
    const mine = (await t.app.inject({ url: '/api/matches/sent', headers: r.headers })).json();
    expect(mine).toEqual(list);
    expect(await received(r)).toEqual([]);
    expect(await sent(h)).toEqual([]);
    expect((await t.app.inject({ url: '/api/matches' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/matches/sent' })).statusCode).toBe(401);
  });
});

describe('host transitions', () => {
  it('accept → confirm, each answered in text and notified once to the requester; seats counted', async () => {
    const scheduleId = await createSchedule(t, host.headers, { participants: 3 });
    const id = await requestMatch(t, guest.headers, scheduleId);
    const hostRef = { id: host.id, name: '호스트', profileImage: '/avatars/duck.svg' };
    const meal = { placeName: '광화문 국밥집', date: kstDate(t.clock.now(), 1), time: 12 };

    let before = t.events.length;
    const accepted = await act(t, host.headers, id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.headers['content-type']).toBe(TEXT);
    expect(accepted.body).toBe('매칭을 수락했어요.');
    expect(t.events.slice(before)).toEqual([{ type: 'match_accepted', matchId: id, scheduleId, toUserId: guest.id, fromUser: hostRef, meal }]);
    expect(await statusOf(guest, id)).toBe('ACCEPTED');
    expect(await seats(scheduleId)).toBe(2);

    // Illegal from ACCEPTED: accept twice, reject.
    before = t.events.length;
    const twice = await act(t, host.headers, id, 'accept');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: '대기중인 요청만 수락할 수 있어요.', code: 'ILLEGAL_TRANSITION' });
    const rejectAccepted = await act(t, host.headers, id, 'reject');
    expect(rejectAccepted.statusCode).toBe(409);
    expect(rejectAccepted.json().message).toBe('대기중인 요청만 거절할 수 있어요.');
    expect(await seats(scheduleId)).toBe(2);
    expect(t.events.length).toBe(before);

    const confirmed = await act(t, host.headers, id, 'confirm');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toBe('매칭이 확정됐어요.');
    expect(t.events.slice(before)).toEqual([{ type: 'match_confirmed', matchId: id, scheduleId, toUserId: guest.id, fromUser: hostRef, meal }]);
    expect(await statusOf(guest, id)).toBe('CONFIRMED');
    expect(await seats(scheduleId)).toBe(2);
    // Nothing is legal from CONFIRMED.
    for (const action of ['accept', 'reject', 'confirm'] as const) expect((await act(t, host.headers, id, action)).statusCode, action).toBe(409);
  });

  it('reject PENDING; confirm a PENDING 409; nothing legal from REJECTED; no seat taken', async () => {
    const scheduleId = await createSchedule(t, host.headers);
    const id = await requestMatch(t, guest.headers, scheduleId);
    const confirmPending = await act(t, host.headers, id, 'confirm');
    expect(confirmPending.statusCode).toBe(409);
    expect(confirmPending.json()).toEqual({ message: '수락된 요청만 확정할 수 있어요.', code: 'ILLEGAL_TRANSITION' });
    const before = t.events.length;
    const rejected = await act(t, host.headers, id, 'reject');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.headers['content-type']).toBe(TEXT);
    expect(rejected.body).toBe('매칭을 거절했어요.');
    expect(t.events.slice(before)).toEqual([{ type: 'match_rejected', matchId: id, scheduleId, toUserId: guest.id, fromUser: expect.objectContaining({ id: host.id }), meal: expect.objectContaining({ time: 12 }) }]);
    expect(await statusOf(guest, id)).toBe('REJECTED');
    for (const action of ['accept', 'reject', 'confirm'] as const) expect((await act(t, host.headers, id, action)).statusCode, action).toBe(409);
    expect(await seats(scheduleId)).toBe(1);
    // A rejected requester cannot ask again (already requested).
    expect((await ask(guest.headers, scheduleId)).statusCode).toBe(409);
  });

  it('only the host: the requester and strangers 403, anonymous 401, unknown 404, bad id 400; an empty JSON body is fine', async () => {
    const scheduleId = await createSchedule(t, host.headers);
    const id = await requestMatch(t, guest.headers, scheduleId);
    for (const who of [guest, stranger]) {
      for (const action of ['accept', 'reject', 'confirm'] as const) {
        const res = await act(t, who.headers, id, action);
        expect(res.statusCode, `${who.name} ${action}`).toBe(403);
        expect(res.json()).toEqual({ message: '일정을 만든 사람만 매칭 요청을 처리할 수 있어요.', code: 'NOT_HOST' });
      }
    }
    expect((await act(t, {}, id, 'accept')).statusCode).toBe(401);
    expect((await act(t, host.headers, 999999, 'accept')).statusCode).toBe(404);
    expect((await act(t, host.headers, 'abc', 'accept')).statusCode).toBe(400);
    expect(await statusOf(guest, id)).toBe('PENDING');
    const withJson = await t.app.inject({ method: 'POST', url: `/api/matches/${id}/accept`, headers: { ...host.headers, 'content-type': 'application/json' }, payload: '' });
    expect(withJson.statusCode, withJson.body).toBe(200);
    const badJson = await t.app.inject({ method: 'POST', url: `/api/matches/${id}/confirm`, headers: { ...host.headers, 'content-type': 'application/json' }, payload: '{"x":' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().code).toBe('BAD_JSON');
  });

  it('accept is refused once the schedule is full, and the request stays PENDING', async () => {
    const scheduleId = await createSchedule(t, host.headers, { participants: 2 });
    const a = await requestMatch(t, guest.headers, scheduleId);
    const b = await requestMatch(t, stranger.headers, scheduleId);
    expect((await act(t, host.headers, a, 'accept')).statusCode).toBe(200);
    const before = t.events.length;
    const full = await act(t, host.headers, b, 'accept');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ message: '정원이 찼어요.', code: 'SCHEDULE_FULL' });
    expect(t.events.length).toBe(before);
    expect(await statusOf(stranger, b)).toBe('PENDING');
    expect(await seats(scheduleId)).toBe(2);
    // Rejecting it still works.
    expect((await act(t, host.headers, b, 'reject')).statusCode).toBe(200);
  });

  it('20 concurrent accepts on a capacity-3 schedule leave exactly 2 accepted and 3 participants', async () => {
    const scheduleId = await createSchedule(t, host.headers, { participants: 3 });
    const requesters = await Promise.all(Array.from({ length: 20 }, () => t.quickMember()));
    const ids: number[] = [];
    for (const r of requesters) ids.push(await requestMatch(t, r.headers, scheduleId));
    const answers = await Promise.all(ids.map((id) => act(t, host.headers, id, 'accept')));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(18);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'SCHEDULE_FULL')).toBe(true);
    const list = (await received(host)).filter((m) => ids.includes(m.id));
    expect(list.filter((m) => m.status === 'ACCEPTED')).toHaveLength(2);
    expect(list.filter((m) => m.status === 'PENDING')).toHaveLength(18);
    expect(await seats(scheduleId)).toBe(3);
  });
});

describe('DELETE /api/matches/{id} (issue #15: never a silent delete)', () => {
  it('the requester leaves an ACCEPTED match before the meal: it is cancelled, the seat is freed, the host is told', async () => {
    const scheduleId = await createSchedule(t, host.headers, { participants: 2, days: 2 });
    const id = await requestMatch(t, guest.headers, scheduleId);
    await act(t, host.headers, id, 'accept');
    expect(await seats(scheduleId)).toBe(2);
    expect((await ask(stranger.headers, scheduleId)).statusCode).toBe(409);
    const before = t.events.length;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/matches/${id}`, headers: guest.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(TEXT);
    expect(res.body).toBe('약속을 취소했어요.');
    const meal = { placeName: '광화문 국밥집', date: kstDate(t.clock.now(), 2), time: 12 };
    expect(t.events.slice(before)).toEqual([
      { type: 'match_cancelled', matchId: id, scheduleId, toUserId: host.id, fromUser: { id: guest.id, name: '게스트', profileImage: null }, meal, reason: null },
      // The meal was full: the host hears that a seat opened.
      { type: 'seat_opened', matchId: id, scheduleId, toUserId: host.id, fromUser: { id: guest.id, name: '게스트', profileImage: null }, meal },
    ]);
    expect(await seats(scheduleId)).toBe(1);
    expect(await statusOf(guest, id)).toBe('CANCELLED');
    expect((await received(host)).find((m) => m.id === id)).toMatchObject({ status: 'CANCELLED', cancelledBy: 'requester', lateCancel: false });
    // The seat is free again.
    expect((await ask(stranger.headers, scheduleId)).statusCode).toBe(201);
    // Deleting the cancelled match again only hides it from the caller's list.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/matches/${id}`, headers: guest.headers })).body).toBe('매칭이 삭제됐어요.');
    expect(await statusOf(guest, id)).toBeUndefined();
    expect((await received(host)).some((m) => m.id === id)).toBe(true);
  });

  it('the host removes a CONFIRMED match (cancelled, seat freed) and a PENDING one (rejected); others 403; unknown 404; bad id 400', async () => {
    const scheduleId = await createSchedule(t, host.headers, { participants: 4 });
    const confirmed = await requestMatch(t, guest.headers, scheduleId);
    await act(t, host.headers, confirmed, 'accept');
    await act(t, host.headers, confirmed, 'confirm');
    const pending = await requestMatch(t, stranger.headers, scheduleId);
    expect(await seats(scheduleId)).toBe(2);
    const outsider = await t.quickMember();
    const forbidden = await t.app.inject({ method: 'DELETE', url: `/api/matches/${confirmed}`, headers: outsider.headers });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: '본인의 매칭만 삭제할 수 있어요.', code: 'FORBIDDEN' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/matches/${confirmed}` })).statusCode).toBe(401);
    let before = t.events.length;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/matches/${confirmed}`, headers: host.headers })).statusCode).toBe(200);
    expect(t.events.slice(before)).toEqual([expect.objectContaining({ type: 'match_cancelled', matchId: confirmed, toUserId: guest.id })]);
    expect(await statusOf(guest, confirmed)).toBe('CANCELLED');
    expect(await seats(scheduleId)).toBe(1);
    before = t.events.length;
    const rejected = await t.app.inject({ method: 'DELETE', url: `/api/matches/${pending}`, headers: host.headers });
    expect(rejected.body).toBe('매칭을 거절했어요.');
    expect(t.events.slice(before)).toEqual([expect.objectContaining({ type: 'match_rejected', matchId: pending, toUserId: stranger.id })]);
    expect(await seats(scheduleId)).toBe(1);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/matches/999999', headers: host.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/matches/abc', headers: host.headers })).statusCode).toBe(400);
  });
});

// ---------------------------------------------------------------------------------------------
/**
 * `GET /api/matches/{id}` (issue #19 left-overs): the one match for the chat and write-review pages,
 * in the list item's shape, for its host or requester only — found however old it is.
 */
const getMatch = (headers: Record<string, string>, id: number | string) => t.app.inject({ url: `/api/matches/${id}`, headers });
type Item = { id: number; status: string };

describe('GET /api/matches/{id}', () => {
  it('the host and the requester get exactly the list item; anyone else and an unknown id 404; a bad id 400; anonymous 401', async () => {
    const scheduleId = await createSchedule(t, host.headers, { days: 2, time: 19, text: '저녁 같이' });
    const id = await requestMatch(t, guest.headers, scheduleId);
    expect((await act(t, host.headers, id, 'accept')).statusCode).toBe(200);

    const asHost = await getMatch(host.headers, id);
    expect(asHost.statusCode).toBe(200);
    const fromReceived = (await allPages<Item>(t, host.headers, '/api/matches?limit=100')).find((m) => m.id === id);
    expect(fromReceived).toBeDefined();
    expect(asHost.json()).toEqual(fromReceived);

    const asGuest = await getMatch(guest.headers, id);
    expect(asGuest.statusCode).toBe(200);
    const fromSent = (await allPages<Item>(t, guest.headers, '/api/matches/sent?limit=100')).find((m) => m.id === id);
    expect(asGuest.json()).toEqual(fromSent);
    expect(asGuest.json()).toMatchObject({ id, status: 'ACCEPTED', requester: { id: guest.id, name: '게스트' }, schedule: { id: scheduleId, member: { id: host.id, name: '호스트' }, time: 19, text: '저녁 같이' } });

    // A third member cannot tell an existing match from an unknown id.
    const third = await getMatch(stranger.headers, id);
    const unknown = await getMatch(stranger.headers, 2_000_000_000);
    expect(third.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(third.json()).toEqual({ message: '매칭 요청을 찾을 수 없어요.', code: 'NOT_FOUND' });
    expect(unknown.json()).toEqual(third.json());

    for (const bad of ['abc', '1.5', '0', '-3', '99999999999']) expect((await getMatch(host.headers, bad)).statusCode, bad).toBe(400);
    expect((await getMatch({}, id)).statusCode).toBe(401);
  });

  it('a match older than the newest page is still found', async () => {
    const first = await requestMatch(t, guest.headers, await createSchedule(t, host.headers, { days: 3 }));
    for (let i = 0; i < 3; i++) await requestMatch(t, guest.headers, await createSchedule(t, host.headers, { days: 4 + i }));
    const page = (await t.app.inject({ url: '/api/matches/sent?limit=2', headers: guest.headers })).json() as Item[];
    expect(page.some((m) => m.id === first)).toBe(false);
    const res = await getMatch(guest.headers, first);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: first, status: 'PENDING' });
  });

  it('a match the caller hid after the meal is still answered to them (the chat link keeps working); the partner sees it too', async () => {
    const scheduleId = await createSchedule(t, host.headers, { days: 0, time: 14 });
    const id = await requestMatch(t, guest.headers, scheduleId);
    await act(t, host.headers, id, 'accept');
    await act(t, host.headers, id, 'confirm');
    t.clock.advance(3 * 3600_000); // 15:00 KST: the meal has started
    const hide = await t.app.inject({ method: 'DELETE', url: `/api/matches/${id}`, headers: guest.headers });
    expect(hide.body).toBe('매칭이 삭제됐어요.');
    expect((await allPages<Item>(t, guest.headers, '/api/matches/sent?limit=100')).some((m) => m.id === id)).toBe(false);
    const res = await getMatch(guest.headers, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'CONFIRMED' });
    expect((await getMatch(host.headers, id)).statusCode).toBe(200);
  });
});
