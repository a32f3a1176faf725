/**
 * Issue #28 "Fair rules for the meal", through the API as each side's client observes it, with the
 * injected clock at each rule's edges: no-show claims (grace, check-in, the accused told, the 72 h
 * dispute and the admin's decision), coming back after one's own withdrawal or cancellation, the
 * late-cancellation warning time, moving a meal, hiding vs rejecting, reviews at the meal's end and
 * the past meals. Runs on PGlite (`node`) and PostgreSQL (`node-postgres`).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { act, allPages, createSchedule, kstDate, kstMidnight, kstNoonToday, requestMatch } from '../../../test/schedule-fixtures.ts';
import { notificationMessage } from '../../../../common/realtime.ts';
import { eq } from 'drizzle-orm';
import { schedules } from '../../../db/schema.ts';

type Member = Awaited<ReturnType<TestApp['quickMember']>>;
type Mark = { markedAt: string; disputeUntil: string; disputedAt: string | null; disputeNote: string | null; decision: string | null };
type Match = {
  id: number;
  status: string;
  cancelledBy: string | null;
  lateCancel: boolean;
  lateCancelFrom: string | null;
  absentReportFrom: string;
  reviewOpensAt: string;
  scheduleChangedAt: string | null;
  absence: { host: Mark | null; requester: Mark | null };
  requester: { noShowCount: number };
  schedule: { id: number; date: string; time: number; placeName: string; startsAt: string };
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ADMIN_EMAIL = 'meal-admin@example.com';
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['registerMember']>>;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  t.clock.set(kstNoonToday());
  admin = await t.registerMember({ name: '관리자', email: ADMIN_EMAIL });
});
afterEach(() => {
  t.clock.set(kstNoonToday());
});
afterAll(async () => {
  await t.close();
});

const post = (m: Member, url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: m.headers, ...(payload ? { payload } : {}) });
const one = async (m: Member, id: number) => {
  const res = await t.app.inject({ url: `/api/matches/${id}`, headers: m.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Match>();
};
const eventsSince = (n: number) => t.events.slice(n).map((e) => ({ type: e.type, to: e.toUserId, matchId: e.matchId }));
/** The instant `minutes` after KST `hour`:00 today. */
const todayAt = (hour: number, minutes = 0) => new Date(kstMidnight(t.clock.now()).getTime() + hour * HOUR + minutes * MINUTE);

/** A host and a guest with a CONFIRMED match on a meal `days` ahead at `time` (KST). */
async function confirmedMeal(over: { days?: number; time?: number; participants?: number } = {}) {
  const host = await t.quickMember({ name: '호스트' });
  const guest = await t.quickMember({ name: '게스트' });
  const scheduleId = await createSchedule(t, host.headers, { days: over.days ?? 0, time: over.time ?? 14, participants: over.participants ?? 4, placeName: '서린동 훠궈 정원' });
  const id = await requestMatch(t, guest.headers, scheduleId);
  expect((await act(t, host.headers, id, 'accept')).statusCode).toBe(200);
  expect((await act(t, host.headers, id, 'confirm')).statusCode).toBe(200);
  return { host, guest, scheduleId, id };
}

describe('no-show claims (item 1)', () => {
  it('"absent" opens at the start + 30 min (409 TOO_EARLY naming the time one minute before), "present" at the start; the accused is told', async () => {
    const { host, guest, id } = await confirmedMeal({ time: 14 });
    const item = await one(host, id);
    expect(item.absentReportFrom).toBe(todayAt(14, 30).toISOString());
    t.clock.set(todayAt(14, 29));
    const early = await post(host, `/api/matches/${id}/attendance`, { partnerAttended: false });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ code: 'TOO_EARLY', message: '오후 2:30부터 알려주실 수 있어요.' });
    expect((await one(guest, id)).absence.requester).toBeNull();
    // "present" needs no grace.
    expect((await post(guest, `/api/matches/${id}/attendance`, { partnerAttended: true })).statusCode).toBe(200);
    t.clock.set(todayAt(14, 31));
    const before = t.events.length;
    expect((await post(host, `/api/matches/${id}/attendance`, { partnerAttended: false })).statusCode).toBe(200);
    const meal = { placeName: '서린동 훠궈 정원', date: kstDate(t.clock.now()), time: 14 };
    expect(t.events.slice(before)).toEqual([expect.objectContaining({ type: 'marked_absent', matchId: id, toUserId: guest.id, fromUser: expect.objectContaining({ id: host.id, name: '호스트' }), meal })]);
    expect(notificationMessage('marked_absent', '호스트', { meal })).toContain('서린동 훠궈 정원');
    // Saying it again tells nobody twice.
    expect((await post(host, `/api/matches/${id}/attendance`, { partnerAttended: false })).statusCode).toBe(200);
    expect(t.events.length).toBe(before + 1);
    const mark = (await one(guest, id)).absence.requester!;
    expect(Math.abs(Date.parse(mark.markedAt) - t.clock.now().getTime())).toBeLessThan(60_000);
    expect(mark).toEqual({ markedAt: mark.markedAt, disputeUntil: new Date(Date.parse(mark.markedAt) + 72 * HOUR).toISOString(), disputedAt: null, disputeNote: null, decision: null });
  });

  it('a partner who checked in with 도착했어요 cannot be marked absent (409 PARTNER_CHECKED_IN), even after the grace', async () => {
    const { host, guest, id } = await confirmedMeal({ time: 14 });
    t.clock.set(todayAt(13, 59));
    expect((await post(guest, `/api/matches/${id}/arrived`)).statusCode).toBe(200);
    // Refused for good: inside the grace and after it alike.
    for (const minute of [5, 45]) {
      t.clock.set(todayAt(14, minute));
      const refused = await post(host, `/api/matches/${id}/attendance`, { partnerAttended: false });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ code: 'PARTNER_CHECKED_IN', message: '상대방이 도착 확인을 했어요. 노쇼로 알릴 수 없어요.' });
    }
    expect((await one(host, id)).requester.noShowCount).toBe(0);
    // The guest, whose host never checked in, may still say the host did not come.
    expect((await post(guest, `/api/matches/${id}/attendance`, { partnerAttended: false })).statusCode).toBe(200);
  });

  it('the accused disputes within 72 h: not counted while open, listed in the admin queue; dismiss upholds it, hide removes it', async () => {
    const first = await confirmedMeal({ time: 14 });
    const mealDate = kstDate(t.clock.now());
    t.clock.set(todayAt(15));
    expect((await post(first.host, `/api/matches/${first.id}/attendance`, { partnerAttended: false })).statusCode).toBe(200);
    expect((await one(first.host, first.id)).requester.noShowCount).toBe(1);
    // No mark against the host: nothing to dispute.
    expect((await post(first.host, `/api/matches/${first.id}/attendance/dispute`, {})).json().code).toBe('NO_MARK');
    t.clock.advance(71 * HOUR);
    const disputed = await post(first.guest, `/api/matches/${first.id}/attendance/dispute`, { note: '  정시에 도착해서 기다렸어요.  ' });
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect((await post(first.guest, `/api/matches/${first.id}/attendance/dispute`, {})).json().code).toBe('ALREADY_DISPUTED');
    let item = await one(first.guest, first.id);
    expect(item.absence.requester).toMatchObject({ disputedAt: expect.any(String), disputeNote: '정시에 도착해서 기다렸어요.', decision: null });
    expect(item.requester.noShowCount).toBe(0);
    const mine = (await t.app.inject({ url: '/api/matches/absences', headers: first.guest.headers })).json();
    expect(mine).toEqual([expect.objectContaining({ matchId: first.id, markedBy: { id: first.host.id, name: '호스트' }, counted: false, meal: { placeName: '서린동 훠궈 정원', date: mealDate, time: 14 } })]);
    const queue = (await t.app.inject({ url: '/api/admin/reports?status=open', headers: admin.headers })).json() as Array<{ id: number; targetType: string; targetId: number; details: string[]; content: { title: string } }>;
    const group = queue.find((g) => g.targetType === 'attendance' && g.targetId === first.id)!;
    expect(group).toMatchObject({ details: ['정시에 도착해서 기다렸어요.'], content: { title: expect.stringContaining('서린동 훠궈 정원') } });
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/reports/${group.id}/resolve`, headers: admin.headers, payload: { action: 'dismiss' } })).statusCode).toBe(200);
    item = await one(first.guest, first.id);
    expect(item.absence.requester!.decision).toBe('upheld');
    expect(item.requester.noShowCount).toBe(1);

    // A second meal: disputed and removed by the admin, never counted again.
    t.clock.set(kstNoonToday());
    const second = await confirmedMeal({ time: 14 });
    t.clock.set(todayAt(15));
    await post(second.host, `/api/matches/${second.id}/attendance`, { partnerAttended: false });
    await post(second.guest, `/api/matches/${second.id}/attendance/dispute`);
    const queued = (await t.app.inject({ url: '/api/admin/reports?status=open', headers: admin.headers })).json() as Array<{ id: number; targetType: string; targetId: number }>;
    const secondGroup = queued.find((g) => g.targetType === 'attendance' && g.targetId === second.id)!;
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/reports/${secondGroup.id}/resolve`, headers: admin.headers, payload: { action: 'hide' } })).statusCode).toBe(200);
    expect((await one(second.guest, second.id)).absence.requester!.decision).toBe('removed');
    expect((await one(second.guest, second.id)).requester.noShowCount).toBe(0);
  });

  it('72 h after the mark the dispute window is closed (409 DISPUTE_WINDOW); members cannot file attendance reports themselves', async () => {
    const { host, guest, id } = await confirmedMeal({ time: 14 });
    t.clock.set(todayAt(15));
    await post(host, `/api/matches/${id}/attendance`, { partnerAttended: false });
    t.clock.advance(72 * HOUR + MINUTE);
    const late = await post(guest, `/api/matches/${id}/attendance/dispute`, { note: '늦었지만' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('DISPUTE_WINDOW');
    expect((await post(guest, `/api/matches/${id}/attendance/dispute`, { note: 'x'.repeat(201) })).statusCode).toBe(400);
    const forged = await post(guest, '/api/reports', { targetType: 'attendance', targetId: id, reason: 'other' });
    expect(forged.statusCode).toBe(400);
  });
});

describe('coming back (item 2)', () => {
  it('after their own withdrawal a member asks again, at most twice more; the card shows the newest status', async () => {
    const host = await t.quickMember();
    const guest = await t.quickMember();
    const scheduleId = await createSchedule(t, host.headers, { days: 2 });
    const status = async () => (await allPages<{ id: number; myRequestStatus: string | null }>(t, guest.headers, '/api/schedules?limit=100&date=' + kstDate(t.clock.now(), 2))).find((s) => s.id === scheduleId)!.myRequestStatus;
    for (let round = 0; round < 3; round++) {
      const id = await requestMatch(t, guest.headers, scheduleId);
      expect(await status()).toBe('PENDING');
      const again = await post(guest, '/api/matches', { scheduleId });
      expect(again.json().code).toBe('ALREADY_REQUESTED');
      const withdrawn = await t.app.inject({ method: 'DELETE', url: `/api/matches/${id}`, headers: guest.headers });
      expect(withdrawn.body).toBe('매칭 신청을 취소했어요.');
      expect(await status()).toBe('CANCELLED');
      // The host no longer lists a withdrawn request.
      expect(((await t.app.inject({ url: '/api/matches', headers: host.headers })).json() as Match[]).some((m) => m.id === id)).toBe(false);
    }
    const fourth = await post(guest, '/api/matches', { scheduleId });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({ code: 'REQUEST_LIMIT', message: '한 약속에는 신청을 취소한 뒤 2번까지만 다시 신청할 수 있어요.' });
  });

  it('after their own cancellation of an accepted match a member asks again; after a rejection or a host cancellation 409 NOT_INVITED_AGAIN', async () => {
    const host = await t.quickMember();
    const [own, rejected, dropped] = await Promise.all([t.quickMember(), t.quickMember(), t.quickMember()]);
    const scheduleId = await createSchedule(t, host.headers, { days: 2, participants: 4 });
    const ownId = await requestMatch(t, own.headers, scheduleId);
    await act(t, host.headers, ownId, 'accept');
    expect((await post(own, `/api/matches/${ownId}/cancel`, { reason: '일정이 생겼어요' })).statusCode).toBe(200);
    expect((await post(own, '/api/matches', { scheduleId })).statusCode).toBe(201);

    const rejectedId = await requestMatch(t, rejected.headers, scheduleId);
    await act(t, host.headers, rejectedId, 'reject');
    const refused = await post(rejected, '/api/matches', { scheduleId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'NOT_INVITED_AGAIN', message: '호스트가 거절한 약속이라 다시 신청할 수 없어요.' });

    const droppedId = await requestMatch(t, dropped.headers, scheduleId);
    await act(t, host.headers, droppedId, 'accept');
    expect((await post(host, `/api/matches/${droppedId}/cancel`)).statusCode).toBe(200);
    expect((await post(dropped, '/api/matches', { scheduleId })).json()).toEqual({ code: 'NOT_INVITED_AGAIN', message: '호스트가 취소한 약속이라 다시 신청할 수 없어요.' });
  });
});

describe('warn before a mark (item 3)', () => {
  it('lateCancelFrom is the start − 24 h: a cancellation one minute before is not late, one minute after is', async () => {
    const a = await confirmedMeal({ days: 2, time: 12 });
    const item = await one(a.guest, a.id);
    const lateFrom = Date.parse(item.schedule.startsAt) - 24 * HOUR;
    expect(item.lateCancelFrom).toBe(new Date(lateFrom).toISOString());
    t.clock.set(lateFrom - MINUTE);
    await post(a.guest, `/api/matches/${a.id}/cancel`);
    expect((await one(a.guest, a.id)).lateCancel).toBe(false);

    t.clock.set(kstNoonToday());
    const b = await confirmedMeal({ days: 2, time: 12 });
    t.clock.set(lateFrom + MINUTE);
    await post(b.guest, `/api/matches/${b.id}/cancel`);
    expect((await one(b.guest, b.id)).lateCancel).toBe(true);
  });

  it('deleting a meal with a confirmed guest sends the reason the host chose to the guest', async () => {
    const { host, guest, scheduleId, id } = await confirmedMeal({ days: 2 });
    const before = t.events.length;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/schedules/${scheduleId}?reason=${encodeURIComponent('몸이 안 좋아요')}`, headers: host.headers });
    expect(res.statusCode).toBe(204);
    expect(t.events.slice(before)).toEqual([expect.objectContaining({ type: 'schedule_cancelled', toUserId: guest.id, reason: '몸이 안 좋아요' })]);
    expect(await one(guest, id)).toMatchObject({ status: 'CANCELLED', cancelledBy: 'host' });
  });
});

describe('moving a meal (item 4)', () => {
  it('a new hour and place tell every accepted, confirmed and waiting guest with the old and new meal; a seated guest then cancels without a late mark', async () => {
    const host = await t.quickMember({ name: '김민지' });
    const [accepted, confirmed, waiting] = await Promise.all([t.quickMember(), t.quickMember(), t.quickMember()]);
    const scheduleId = await createSchedule(t, host.headers, { days: 1, time: 19, participants: 4, placeName: '서린동 훠궈 정원' });
    const acceptedId = await requestMatch(t, accepted.headers, scheduleId);
    const confirmedId = await requestMatch(t, confirmed.headers, scheduleId);
    const waitingId = await requestMatch(t, waiting.headers, scheduleId);
    await act(t, host.headers, acceptedId, 'accept');
    await act(t, host.headers, confirmedId, 'accept');
    await act(t, host.headers, confirmedId, 'confirm');
    const date = kstDate(t.clock.now(), 1);
    const before = t.events.length;
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/schedules/${scheduleId}`,
      headers: host.headers,
      payload: { text: '시간을 바꿨어요', participants: 4, time: 20, placeName: '을지로 칼국수', placeCategory: '한식' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ time: 20, placeName: '을지로 칼국수', date });
    const previous = { placeName: '서린동 훠궈 정원', date, time: 19 };
    const meal = { placeName: '을지로 칼국수', date, time: 20 };
    expect(t.events.slice(before).map((e) => ({ type: e.type, to: e.toUserId, meal: e.meal, previous: e.previous }))).toEqual(
      [acceptedId, confirmedId, waitingId].map((_, i) => ({ type: 'schedule_changed', to: [accepted, confirmed, waiting][i]!.id, meal, previous })),
    );
    expect(notificationMessage('schedule_changed', '김민지', { meal, previous })).toMatch(/^김민지님이 약속을 바꿨어요: \d+월 \d+일 \(.\) 오후 7시 서린동 훠궈 정원 → \d+월 \d+일 \(.\) 오후 8시 을지로 칼국수$/);
    const item = await one(accepted, acceptedId);
    expect(item.scheduleChangedAt).toEqual(expect.any(String));
    expect(item.lateCancelFrom).toBeNull();
    // Within 24 h of the new start: still not late, because the meal moved after they were accepted.
    t.clock.set(Date.parse(item.schedule.startsAt) - 2 * HOUR);
    expect((await post(accepted, `/api/matches/${acceptedId}/cancel`)).statusCode).toBe(200);
    expect((await one(accepted, acceptedId)).lateCancel).toBe(false);
  });

  it('not to a started hour or outside the window (400), not after the start (400), and only by the host (403)', async () => {
    const host = await t.quickMember();
    const guest = await t.quickMember();
    const scheduleId = await createSchedule(t, host.headers, { days: 0, time: 15 });
    const put = (payload: object, by: Member = host) => t.app.inject({ method: 'PUT', url: `/api/schedules/${scheduleId}`, headers: by.headers, payload: { text: '점심', participants: 4, ...payload } });
    expect((await put({ time: 11 })).json().code).toBe('PAST_HOUR'); // 11:00 today has started (it is 12:00)
    expect((await put({ date: kstDate(t.clock.now(), 22) })).json().code).toBe('DATE_OUT_OF_WINDOW');
    expect((await put({ placeName: '   ' })).statusCode).toBe(400);
    expect((await put({ placeName: '새 장소', latitude: 37.5 })).statusCode).toBe(400);
    expect((await put({ time: 16 }, guest)).statusCode).toBe(403);
    t.clock.set(todayAt(15, 1));
    expect((await put({ time: 18 })).json().code).toBe('PAST_HOUR');
  });
});

describe('hide is not reject (item 5)', () => {
  it('POST /hide refuses a request that has not ended; on an ended one it hides it from the caller only', async () => {
    const host = await t.quickMember();
    const guest = await t.quickMember();
    const scheduleId = await createSchedule(t, host.headers, { days: 2 });
    const id = await requestMatch(t, guest.headers, scheduleId);
    const pending = await post(host, `/api/matches/${id}/hide`);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().code).toBe('NOT_ENDED');
    expect((await one(guest, id)).status).toBe('PENDING');
    await act(t, host.headers, id, 'reject');
    const hidden = await post(host, `/api/matches/${id}/hide`);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.body).toBe('목록에서 숨겼어요.');
    expect(((await t.app.inject({ url: '/api/matches', headers: host.headers })).json() as Match[]).some((m) => m.id === id)).toBe(false);
    expect(((await t.app.inject({ url: '/api/matches/sent', headers: guest.headers })).json() as Match[]).find((m) => m.id === id)!.status).toBe('REJECTED');
    expect((await post(await t.quickMember(), `/api/matches/${id}/hide`)).statusCode).toBe(403);
  });
});

describe('reviews after the meal (item 6)', () => {
  it('open at the start + 90 min: one minute before 409 REVIEW_TOO_EARLY naming the time, one minute after 201', async () => {
    const { host, guest, id } = await confirmedMeal({ time: 14 });
    expect((await one(guest, id)).reviewOpensAt).toBe(todayAt(15, 30).toISOString());
    const review = () => post(guest, '/api/reviews', { matchId: id, revieweeId: host.id, rating: 5, comment: '즐거웠어요' });
    t.clock.set(todayAt(15, 29));
    const early = await review();
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ code: 'REVIEW_TOO_EARLY', message: '오후 3:30부터 후기를 쓸 수 있어요.' });
    t.clock.set(todayAt(15, 31));
    expect((await review()).statusCode).toBe(201);
  });
});

describe('past meals (item 7)', () => {
  it('?when=past lists every meal whose start has passed — reviewed or cancelled too — and ?when=upcoming the others, paged', async () => {
    const host = await t.quickMember();
    const guest = await t.quickMember();
    const today = await createSchedule(t, host.headers, { days: 0, time: 13 });
    const later = await createSchedule(t, host.headers, { days: 0, time: 18 });
    const tomorrow = await createSchedule(t, host.headers, { days: 1, time: 12 });
    const ids = [];
    for (const s of [today, later, tomorrow]) {
      const id = await requestMatch(t, guest.headers, s);
      await act(t, host.headers, id, 'accept');
      await act(t, host.headers, id, 'confirm');
      ids.push(id);
    }
    // The 18:00 meal is cancelled before it starts; its start still passes.
    await post(guest, `/api/matches/${ids[1]}/cancel`);
    t.clock.set(todayAt(19));
    await post(guest, '/api/reviews', { matchId: ids[0], revieweeId: host.id, rating: 4, comment: '' });
    const pastSent = await allPages<Match>(t, guest.headers, '/api/matches/sent?when=past&limit=1');
    expect(pastSent.map((m) => m.id)).toEqual([ids[1], ids[0]]);
    const upcomingSent = await allPages<Match>(t, guest.headers, '/api/matches/sent?when=upcoming&limit=1');
    expect(upcomingSent.map((m) => m.id)).toEqual([ids[2]]);
    const pastReceived = await allPages<Match>(t, host.headers, '/api/matches?when=past');
    expect(pastReceived.map((m) => m.id)).toEqual([ids[1], ids[0]]);
    expect((await t.app.inject({ url: '/api/matches?when=yesterday', headers: host.headers })).statusCode).toBe(400);
    // Hidden past meals leave the caller's past list only.
    await post(guest, `/api/matches/${ids[0]}/hide`);
    expect((await allPages<Match>(t, guest.headers, '/api/matches/sent?when=past')).map((m) => m.id)).toEqual([ids[1]]);
    expect((await allPages<Match>(t, host.headers, '/api/matches?when=past')).map((m) => m.id)).toEqual([ids[1], ids[0]]);
  });
});

describe('every notice names the meal and the person (item 9)', () => {
  it('accept and confirm say who, which date and hour and which place, in 해요체', async () => {
    const { guest, id } = await confirmedMeal({ days: 1, time: 19 });
    const date = kstDate(t.clock.now(), 1);
    const confirmedNotice = t.events.filter((e) => e.matchId === id && e.type === 'match_confirmed').at(-1)!;
    expect(confirmedNotice.toUserId).toBe(guest.id);
    const text = notificationMessage('match_confirmed', '김민지', { meal: confirmedNotice.meal });
    expect(text).toMatch(new RegExp(`^김민지님이 \\d+월 \\d+일 \\(.\\) 오후 7시 서린동 훠궈 정원 약속을 확정했어요\\.$`));
    expect(confirmedNotice.meal).toEqual({ placeName: '서린동 훠궈 정원', date, time: 19 });
    expect(eventsSince(0).some((e) => e.type === 'match_accepted' && e.matchId === id)).toBe(true);
  });
});

describe('one notice per change and consistent seats (issue #32 item 7)', () => {
  /** The types of the notices in `member`'s inbox about meal `scheduleId`, sorted. */
  const noticeTypesAbout = async (member: { headers: Record<string, string> }, scheduleId: number) => {
    const inbox = (await t.app.inject({ url: '/api/notifications?limit=50', headers: member.headers })).json<Array<{ type: string; scheduleId?: number }>>();
    return inbox.filter((n) => n.scheduleId === scheduleId).map((n) => n.type).sort();
  };

  it('seats flipping full → free → full → free within a minute tell each waiting member once of each', async () => {
    const host = await t.quickMember();
    const seated = await t.quickMember();
    const second = await t.quickMember();
    const waiting = await Promise.all([0, 1, 2].map(() => t.quickMember()));
    const scheduleId = await createSchedule(t, host.headers, { days: 2, participants: 2 });
    const seatedId = await requestMatch(t, seated.headers, scheduleId);
    const secondId = await requestMatch(t, second.headers, scheduleId);
    for (const w of waiting) await requestMatch(t, w.headers, scheduleId);
    await act(t, host.headers, seatedId, 'accept'); // full
    await post(seated, `/api/matches/${seatedId}/cancel`); // free
    await act(t, host.headers, secondId, 'accept'); // full again
    await post(second, `/api/matches/${secondId}/cancel`); // free again
    for (const w of waiting) expect(await noticeTypesAbout(w, scheduleId)).toEqual(['schedule_full', 'seat_opened']);
  });

  it('seats flipping full → free → full → free within a minute, across the end of a minute, tell each waiting member once of each', async () => {
    const host = await t.quickMember();
    const seated = await t.quickMember();
    const second = await t.quickMember();
    const waiting = await Promise.all([0, 1].map(() => t.quickMember()));
    const scheduleId = await createSchedule(t, host.headers, { days: 2, participants: 2 });
    const seatedId = await requestMatch(t, seated.headers, scheduleId);
    const secondId = await requestMatch(t, second.headers, scheduleId);
    for (const w of waiting) await requestMatch(t, w.headers, scheduleId);
    // The first flip 20 s before a minute ends, the second just after it: 21 s apart, two calendar minutes.
    const minuteEnd = (Math.floor(t.clock.now().getTime() / MINUTE) + 2) * MINUTE;
    t.clock.set(minuteEnd - 20_000);
    await act(t, host.headers, seatedId, 'accept'); // full
    await post(seated, `/api/matches/${seatedId}/cancel`); // free
    t.clock.set(minuteEnd + 1_000);
    await act(t, host.headers, secondId, 'accept'); // full again
    await post(second, `/api/matches/${secondId}/cancel`); // free again
    for (const w of waiting) expect(await noticeTypesAbout(w, scheduleId)).toEqual(['schedule_full', 'seat_opened']);
  });

  it('a meal deleted while its host accepts keeps current_participants = 1 + seated guests (10 races)', async () => {
    for (let race = 0; race < 10; race++) {
      const host = await t.quickMember();
      const guests = await Promise.all([0, 1, 2, 3, 4].map(() => t.quickMember()));
      const scheduleId = await createSchedule(t, host.headers, { days: 2, participants: 4 });
      const ids: number[] = [];
      for (const g of guests) ids.push(await requestMatch(t, g.headers, scheduleId));
      await Promise.all([
        ...ids.map((id) => act(t, host.headers, id, 'accept')),
        t.app.inject({ method: 'DELETE', url: `/api/schedules/${scheduleId}`, headers: host.headers }),
      ]);
      const [row] = await t.app.db.select({ current: schedules.currentParticipants }).from(schedules).where(eq(schedules.id, scheduleId));
      const statuses = await Promise.all(guests.map(async (g, i) => (await one(g, ids[i]!)).status));
      expect(row!.current).toBe(1 + statuses.filter((st) => st === 'ACCEPTED' || st === 'CONFIRMED').length);
      expect(statuses.every((st) => st === 'CANCELLED')).toBe(true);
    }
  });
});
