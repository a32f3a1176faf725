/**
 * The meal lifecycle (issue #15) through the API, as each side's client observes it: cancelling
 * (who, why, late, the seat, the partner told), withdrawing, hiding after the start, the waitlist
 * when a meal fills up, started meals leaving the lists, arrival and attendance windows, and the
 * reliability figures they produce. Runs on PGlite (`node`) and PostgreSQL (`node-postgres`).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { act, createSchedule, kstDate, kstNoonToday, mealHappened, requestMatch, scheduleInList } from '../../../test/schedule-fixtures.ts';
import { koreanDate } from '../../../../common/domain/korean-time.ts';

type Member = Awaited<ReturnType<TestApp['quickMember']>>;
type Match = {
  id: number;
  status: string;
  waitlisted: boolean;
  cancelledBy: string | null;
  cancelReason: string | null;
  lateCancel: boolean;
  arrivedAt: { host: string | null; requester: string | null };
  attendance: { byHost: boolean | null; byRequester: boolean | null };
  requester: { mealCount: number; noShowCount: number; lateCancelCount: number };
  schedule: { id: number; isFull: boolean; currentParticipants: number; member: { mealCount: number; noShowCount: number; lateCancelCount: number } };
};

const HOUR = 60 * 60 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(kstNoonToday());
});
afterEach(() => {
  t.clock.set(kstNoonToday());
});
afterAll(async () => {
  await t.close();
});

const received = async (m: Member) => (await t.app.inject({ url: '/api/matches', headers: m.headers })).json() as Match[];
const sent = async (m: Member) => (await t.app.inject({ url: '/api/matches/sent', headers: m.headers })).json() as Match[];
const sentOne = async (m: Member, id: number) => (await sent(m)).find((x) => x.id === id);
const receivedOne = async (m: Member, id: number) => (await received(m)).find((x) => x.id === id);
const post = (m: Member, url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: m.headers, ...(payload ? { payload } : {}) });
const eventsSince = (n: number) => t.events.slice(n).map((e) => ({ type: e.type, to: e.toUserId, matchId: e.matchId }));

/** A host, a requester and an ACCEPTED (or CONFIRMED) match on a meal `days` ahead at `time`. */
async function agreedMeal(over: { days?: number; time?: number; participants?: number; confirm?: boolean } = {}) {
  const host = await t.quickMember({ name: '호스트' });
  const guest = await t.quickMember({ name: '게스트' });
  const scheduleId = await createSchedule(t, host.headers, { days: over.days ?? 3, time: over.time ?? 18, participants: over.participants ?? 4, placeName: '을지로 칼국수' });
  const id = await requestMatch(t, guest.headers, scheduleId);
  expect((await act(t, host.headers, id, 'accept')).statusCode).toBe(200);
  if (over.confirm) expect((await act(t, host.headers, id, 'confirm')).statusCode).toBe(200);
  return { host, guest, scheduleId, id };
}

describe('POST /api/matches/{id}/cancel', () => {
  it('the requester cancels with a reason: CANCELLED by requester, seat freed, the host told with place, date and hour', async () => {
    const { host, guest, scheduleId, id } = await agreedMeal({ confirm: true });
    const date = kstDate(t.clock.now(), 3);
    const before = t.events.length;
    const res = await post(guest, `/api/matches/${id}/cancel`, { reason: '  일정이 생겼어요  ' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('약속을 취소했어요.');
    expect(t.events.slice(before)).toEqual([
      {
        type: 'match_cancelled',
        matchId: id,
        scheduleId,
        toUserId: host.id,
        fromUser: { id: guest.id, name: '게스트', profileImage: null },
        meal: { placeName: '을지로 칼국수', date, time: 18 },
        reason: '일정이 생겼어요',
      },
    ]);
    const seen = await receivedOne(host, id);
    expect(seen).toMatchObject({ status: 'CANCELLED', cancelledBy: 'requester', cancelReason: '일정이 생겼어요', lateCancel: false });
    expect(seen!.schedule.currentParticipants).toBe(1);
    // The live text the host reads (server/modules/notifications/live-notifier.ts renders it with notificationMessage).
    const { notificationMessage } = await import('../../../../common/realtime.ts');
    expect(notificationMessage('match_cancelled', '게스트', { meal: { placeName: '을지로 칼국수', date, time: 18 } })).toBe(`게스트님이 ${koreanDate(date)} 오후 6시 을지로 칼국수 약속을 취소했어요.`);
    // Cancelling twice, or anything else from CANCELLED.
    expect((await post(guest, `/api/matches/${id}/cancel`)).statusCode).toBe(409);
    expect((await act(t, host.headers, id, 'confirm')).statusCode).toBe(409);
    expect((await post(host, `/api/matches/${id}/arrived`)).statusCode).toBe(409);
  });

  it('within 24 h of the start it is a late cancellation, counted on the canceller for 180 days', async () => {
    const { host, guest, id } = await agreedMeal({ days: 1, time: 11 }); // tomorrow 11:00, 23 h ahead
    expect((await post(host, `/api/matches/${id}/cancel`, {})).statusCode).toBe(200);
    const seen = await sentOne(guest, id);
    expect(seen).toMatchObject({ status: 'CANCELLED', cancelledBy: 'host', cancelReason: null, lateCancel: true });
    expect(seen!.schedule.member.lateCancelCount).toBe(1);
    expect(seen!.requester.lateCancelCount).toBe(0);
    t.clock.advance(181 * 24 * HOUR);
    const later = await t.quickMember();
    expect((await t.app.inject({ url: `/api/users/${host.id}`, headers: later.headers })).json()).toMatchObject({ lateCancelCount: 0 });
  });

  it('refused after the start (409 MEAL_STARTED), for PENDING (409), for strangers (403), unknown (404), a 201-character reason (400)', async () => {
    const { host, guest, id } = await agreedMeal({ days: 0, time: 13, confirm: true });
    const long = await post(guest, `/api/matches/${id}/cancel`, { reason: '가'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'VALIDATION', field: 'reason' });
    const stranger = await t.quickMember();
    expect((await post(stranger, `/api/matches/${id}/cancel`)).statusCode).toBe(403);
    expect((await post(guest, '/api/matches/999999/cancel')).statusCode).toBe(404);
    t.clock.advance(HOUR); // 13:00 has started
    const late = await post(guest, `/api/matches/${id}/cancel`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ code: 'MEAL_STARTED', message: '이미 시작된 약속은 취소할 수 없어요.' });
    expect((await sentOne(guest, id))!.status).toBe('CONFIRMED');
    const pending = await requestMatch(t, guest.headers, await createSchedule(t, host.headers, { days: 2 }));
    expect((await post(guest, `/api/matches/${pending}/cancel`)).statusCode).toBe(409);
  });
});

describe('DELETE /api/matches/{id} by side and time', () => {
  it('a PENDING request deleted by its requester is withdrawn: gone from both lists, the host told', async () => {
    const host = await t.quickMember();
    const guest = await t.quickMember({ name: '철회자' });
    const scheduleId = await createSchedule(t, host.headers);
    const id = await requestMatch(t, guest.headers, scheduleId);
    const before = t.events.length;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/matches/${id}`, headers: guest.headers });
    expect(res.body).toBe('매칭 신청을 취소했어요.');
    expect(eventsSince(before)).toEqual([{ type: 'match_withdrawn', to: host.id, matchId: id }]);
    expect(await sentOne(guest, id)).toBeUndefined();
    expect(await receivedOne(host, id)).toBeUndefined();
    // They may ask again.
    expect((await t.app.inject({ method: 'POST', url: '/api/matches', headers: guest.headers, payload: { scheduleId } })).statusCode).toBe(201);
  });

  it('after the start it only hides the match from the caller; the partner keeps it and its chat', async () => {
    const { host, guest, id } = await agreedMeal({ days: 0, time: 13, confirm: true });
    expect((await post(host, `/api/chat/${id}/messages`, { content: '곧 도착해요' })).statusCode).toBe(201);
    t.clock.advance(2 * HOUR); // 14:00, the meal has started
    const before = t.events.length;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/matches/${id}`, headers: guest.headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('매칭이 삭제됐어요.');
    expect(t.events.length).toBe(before);
    expect(await sentOne(guest, id)).toBeUndefined();
    expect(await receivedOne(host, id)).toMatchObject({ status: 'CONFIRMED' });
    const history = await t.app.inject({ url: `/api/chat/${id}/history`, headers: host.headers });
    expect(history.json()).toEqual([expect.objectContaining({ content: '곧 도착해요' })]);
  });
});

describe('DELETE /api/schedules/{id} after the start', () => {
  it('409 MEAL_STARTED and nothing changes', async () => {
    const { host, guest, scheduleId, id } = await agreedMeal({ days: 0, time: 13 });
    t.clock.advance(HOUR);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/schedules/${scheduleId}`, headers: host.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'MEAL_STARTED', message: '이미 시작된 약속은 삭제할 수 없어요.' });
    expect((await sentOne(guest, id))!.status).toBe('ACCEPTED');
  });
});

describe('full meals and the waitlist (capacity 2, three requesters)', () => {
  it('the last seat waitlists the others; accepting one then is 409 정원이 찼어요; a cancellation opens the seat for them and the host', async () => {
    const host = await t.quickMember({ name: '호스트' });
    const [a, b, c] = await Promise.all(['가', '나', '다'].map((name) => t.quickMember({ name })));
    const scheduleId = await createSchedule(t, host.headers, { participants: 2, days: 4 });
    const [ma, mb, mc] = [await requestMatch(t, a!.headers, scheduleId), await requestMatch(t, b!.headers, scheduleId), await requestMatch(t, c!.headers, scheduleId)];
    // Before: open, and each requester's own status on the card.
    const stranger = await t.quickMember();
    expect(await scheduleInList(t, stranger.headers, scheduleId)).toMatchObject({ isFull: false, myRequestStatus: null });
    expect(await scheduleInList(t, a!.headers, scheduleId)).toMatchObject({ isFull: false, myRequestStatus: 'PENDING' });

    let before = t.events.length;
    expect((await act(t, host.headers, ma, 'accept')).statusCode).toBe(200);
    expect(eventsSince(before)).toEqual([
      { type: 'match_accepted', to: a!.id, matchId: ma },
      { type: 'schedule_full', to: b!.id, matchId: mb },
      { type: 'schedule_full', to: c!.id, matchId: mc },
    ]);
    expect(await sentOne(b!, mb)).toMatchObject({ status: 'PENDING', waitlisted: true });
    expect((await receivedOne(host, mc))!.schedule.isFull).toBe(true);
    expect(await scheduleInList(t, a!.headers, scheduleId)).toMatchObject({ isFull: true, myRequestStatus: 'ACCEPTED' });
    const full = await act(t, host.headers, mb, 'accept');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ code: 'SCHEDULE_FULL', message: '모집 인원이 모두 찼어요.' });

    before = t.events.length;
    expect((await post(a!, `/api/matches/${ma}/cancel`, { reason: '몸이 안 좋아요' })).statusCode).toBe(200);
    expect(eventsSince(before)).toEqual([
      { type: 'match_cancelled', to: host.id, matchId: ma },
      { type: 'seat_opened', to: host.id, matchId: ma },
      { type: 'seat_opened', to: b!.id, matchId: mb },
      { type: 'seat_opened', to: c!.id, matchId: mc },
    ]);
    expect(await sentOne(c!, mc)).toMatchObject({ status: 'PENDING', waitlisted: false });
    expect((await act(t, host.headers, mc, 'accept')).statusCode).toBe(200);
    expect(await sentOne(b!, mb)).toMatchObject({ waitlisted: true });
  });

  it('raising the capacity opens seats for the waitlisted; the random match never offers a full or started meal', async () => {
    const host = await t.quickMember();
    const [a, b] = await Promise.all([t.quickMember(), t.quickMember()]);
    const scheduleId = await createSchedule(t, host.headers, { participants: 2, days: 5 });
    const ma = await requestMatch(t, a.headers, scheduleId);
    const mb = await requestMatch(t, b.headers, scheduleId);
    expect((await act(t, host.headers, ma, 'accept')).statusCode).toBe(200);
    expect(await sentOne(b, mb)).toMatchObject({ waitlisted: true });
    const before = t.events.length;
    const put = await t.app.inject({ method: 'PUT', url: `/api/schedules/${scheduleId}`, headers: host.headers, payload: { text: '한 명 더', participants: 3 } });
    expect(put.statusCode).toBe(200);
    expect(eventsSince(before)).toEqual([{ type: 'seat_opened', to: b.id, matchId: mb }]);
    expect(await sentOne(b, mb)).toMatchObject({ waitlisted: false });
  });
});

describe('started meals', () => {
  it('leave GET /api/schedules and the random match at their hour; requesting one is 409', async () => {
    const host = await t.quickMember();
    const seeker = await t.quickMember();
    const scheduleId = await createSchedule(t, host.headers, { days: 0, time: 13 });
    expect(await scheduleInList(t, seeker.headers, scheduleId)).toBeDefined();
    t.clock.advance(HOUR); // 13:00
    expect(await scheduleInList(t, seeker.headers, scheduleId)).toBeUndefined();
    const random = await t.app.inject({ url: '/api/schedules/random', headers: seeker.headers });
    if (random.statusCode === 200) expect(random.json().id).not.toBe(scheduleId);
    else expect(random.statusCode).toBe(404);
    const ask = await t.app.inject({ method: 'POST', url: '/api/matches', headers: seeker.headers, payload: { scheduleId } });
    expect(ask.statusCode).toBe(409);
    expect(ask.json().code).toBe('SCHEDULE_PAST');
  });
});

describe('arrival and attendance', () => {
  it('도착했어요 from 60 min before to 60 min after the start, once told to the partner; 409 outside or unless confirmed', async () => {
    const { host, guest, id } = await agreedMeal({ days: 0, time: 14 });
    expect((await post(guest, `/api/matches/${id}/arrived`)).statusCode).toBe(409); // ACCEPTED only
    expect((await act(t, host.headers, id, 'confirm')).statusCode).toBe(200);
    const early = await post(guest, `/api/matches/${id}/arrived`); // 12:00, two hours before
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('ARRIVAL_WINDOW');
    t.clock.advance(HOUR + 60_000); // 13:01
    const before = t.events.length;
    const ok = await post(guest, `/api/matches/${id}/arrived`);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('도착을 알렸어요.');
    expect(t.events.slice(before)).toEqual([expect.objectContaining({ type: 'partner_arrived', toUserId: host.id, fromUser: expect.objectContaining({ name: '게스트' }) })]);
    expect((await post(guest, `/api/matches/${id}/arrived`)).statusCode).toBe(200);
    expect(t.events.length).toBe(before + 1); // told once
    expect((await sentOne(guest, id))!.arrivedAt.requester).toEqual(expect.any(String));
    t.clock.advance(2 * HOUR); // 15:01, past the window
    expect((await post(host, `/api/matches/${id}/arrived`)).statusCode).toBe(409);
    // Both arrived? Only the guest did: no meal counted from arrivals alone.
    expect((await sentOne(guest, id))!.requester.mealCount).toBe(0);
  });

  it('attendance from the start to 7 days after, changeable; present → mealCount, absent → noShowCount (distinct partners)', async () => {
    const { host, guest, scheduleId, id } = await agreedMeal({ days: 2, confirm: true });
    const early = await post(host, `/api/matches/${id}/attendance`, { partnerAttended: false });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('ATTENDANCE_WINDOW');
    await mealHappened(t, scheduleId); // yesterday 18:00
    expect((await post(host, `/api/matches/${id}/attendance`, { partnerAttended: false })).statusCode).toBe(200);
    let seen = await receivedOne(host, id);
    expect(seen!.attendance).toEqual({ byHost: false, byRequester: null });
    expect(seen!.requester).toMatchObject({ noShowCount: 1, mealCount: 0 });
    // Changed within the window: present after all.
    expect((await post(host, `/api/matches/${id}/attendance`, { partnerAttended: true })).statusCode).toBe(200);
    expect((await post(guest, `/api/matches/${id}/attendance`, { partnerAttended: true })).statusCode).toBe(200);
    seen = await receivedOne(host, id);
    expect(seen!.requester).toMatchObject({ noShowCount: 0, mealCount: 1 });
    expect(seen!.schedule.member).toMatchObject({ mealCount: 1 });
    expect((await post(host, `/api/matches/${id}/attendance`, { partnerAttended: 'yes' })).statusCode).toBe(400);
    const stranger = await t.quickMember();
    expect((await post(stranger, `/api/matches/${id}/attendance`, { partnerAttended: true })).statusCode).toBe(403);
    t.clock.advance(6 * 24 * HOUR + 7 * HOUR); // the meal was yesterday 18:00: now 7 days and an hour after it
    const closed = await post(guest, `/api/matches/${id}/attendance`, { partnerAttended: false });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('ATTENDANCE_WINDOW');
  });
});
