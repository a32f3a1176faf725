import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { act, createSchedule, kstDate, kstMidnight, kstNoonToday, requestMatch, scheduleBody, scheduleInList } from '../../../test/schedule-fixtures.ts';
import { NO_STATS } from '../public.ts';

let t: TestApp;
let host: Awaited<ReturnType<TestApp['quickMember']>>;
let other: Awaited<ReturnType<TestApp['quickMember']>>;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(kstNoonToday());
  host = await t.quickMember({ name: '김호스트', preferences: { 한식: true, 맵찔이: false }, profileImage: '/avatars/bear.svg' });
  other = await t.quickMember({ name: '이게스트' });
});
afterEach(() => {
  t.clock.set(kstNoonToday());
});
afterAll(async () => {
  await t.close();
});

const post = (headers: Record<string, string>, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/schedules', headers, payload: payload as object });

describe('POST /api/schedules', () => {
  it('creates a schedule: 201 with the author view, one participant, trimmed text', async () => {
    const body = scheduleBody(t, { text: '  광화문에서 국밥  ', venueId: 'demo-001', latitude: 37.5718, longitude: 126.9769 });
    const res = await post(host.headers, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      date: body.date,
      time: 12,
      text: '광화문에서 국밥',
      placeName: '광화문 국밥집',
      placeCategory: '한식',
      participants: 4,
      currentParticipants: 1,
      latitude: 37.5718,
      longitude: 126.9769,
      venueId: 'demo-001',
      startsAt: new Date(`${body.date}T12:00:00+09:00`).toISOString(),
      isFull: false,
      myRequestStatus: null,
      user: { id: host.id, name: '김호스트', profileImage: '/avatars/bear.svg', preferences: { 한식: true, 맵찔이: false }, reviewCount: 0, averageRating: 0, ...NO_STATS },
    });
    const plain = await post(host.headers, scheduleBody(t));
    expect(plain.json()).toMatchObject({ latitude: null, longitude: null, venueId: null });
  });

  it('capacity 2–8 (1 and 9 refused), hour 0–23 (-1 and 24 refused)', async () => {
    for (const [participants, status] of [[1, 400], [2, 201], [8, 201], [9, 400]] as const) {
      expect((await post(host.headers, scheduleBody(t, { participants }))).statusCode, `participants ${participants}`).toBe(status);
    }
    for (const [time, status] of [[-1, 400], [0, 201], [23, 201], [24, 400]] as const) {
      expect((await post(host.headers, scheduleBody(t, { time }))).statusCode, `time ${time}`).toBe(status);
    }
    expect((await post(host.headers, scheduleBody(t, { time: 12.5 }))).statusCode).toBe(400);
  });

  it('text: 200 characters ok, 201 refused, blank after trimming refused; Korean messages', async () => {
    expect((await post(host.headers, scheduleBody(t, { text: '가'.repeat(200) }))).statusCode).toBe(201);
    expect((await post(host.headers, scheduleBody(t, { text: '😀'.repeat(200) }))).statusCode).toBe(201);
    const long = await post(host.headers, scheduleBody(t, { text: '가'.repeat(201) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/[가-힣]/);
    const blank = await post(host.headers, scheduleBody(t, { text: '   \n ' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: '내용을 입력해주세요.', code: 'VALIDATION' });
    expect((await post(host.headers, scheduleBody(t, { text: '' }))).statusCode).toBe(400);
  });

  it('window: yesterday and +22 refused, today and +21 accepted (KST)', async () => {
    t.clock.set(new Date(kstMidnight(new Date()).getTime() + 8 * 60 * 60 * 1000)); // 08:00 KST: today's noon is ahead
    const now = t.clock.now();
    for (const [days, status] of [[-1, 400], [0, 201], [21, 201], [22, 400]] as const) {
      const res = await post(host.headers, { ...scheduleBody(t), date: kstDate(now, days) });
      expect(res.statusCode, `day ${days}`).toBe(status);
      if (status === 400) expect(res.json()).toEqual({ message: '일정은 오늘부터 21일 후까지의 날짜로만 만들 수 있습니다.', code: 'DATE_OUT_OF_WINDOW' });
    }
  });

  it('today at an hour that has started: 400 naming the hour, at 23:59 and 00:01 KST (issue #15)', async () => {
    const midnight = kstMidnight(new Date(), 1); // the next KST midnight
    t.clock.set(new Date(midnight.getTime() - 60_000)); // 23:59 KST
    const today = kstDate(t.clock.now());
    const late = await post(host.headers, { ...scheduleBody(t), date: today, time: 23 });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: '지난 시간에는 약속을 만들 수 없어요.', code: 'PAST_HOUR', field: 'time' });
    expect((await post(host.headers, { ...scheduleBody(t), date: kstDate(t.clock.now(), 1), time: 0 })).statusCode).toBe(201);
    t.clock.set(new Date(midnight.getTime() + 60_000)); // 00:01 KST, the next day
    const newDay = kstDate(t.clock.now());
    expect((await post(host.headers, { ...scheduleBody(t), date: newDay, time: 0 })).statusCode).toBe(400);
    const one = await post(host.headers, { ...scheduleBody(t), date: newDay, time: 1 });
    expect(one.statusCode).toBe(201);
    // Once its hour has started, the meal leaves everyone's list and cannot be edited.
    const id = (one.json() as { id: number }).id;
    expect(await scheduleInList(t, other.headers, id)).toBeDefined();
    t.clock.set(new Date(midnight.getTime() + 60 * 60_000)); // 01:00 KST
    expect(await scheduleInList(t, other.headers, id)).toBeUndefined();
    const edit = await t.app.inject({ method: 'PUT', url: `/api/schedules/${id}`, headers: host.headers, payload: { text: '수정', participants: 4 } });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toMatchObject({ code: 'PAST_HOUR' });
  });

  it('refuses invalid bodies with 400 (never 500) and anonymous callers with 401', async () => {
    for (const payload of [
      { ...scheduleBody(t), placeCategory: '피자' },
      { ...scheduleBody(t), date: '2025-02-30' },
      { ...scheduleBody(t), date: 'tomorrow' },
      { ...scheduleBody(t), latitude: 37.5 },
      { ...scheduleBody(t), placeName: '  ' },
      { ...scheduleBody(t), extra: 1 },
      { date: kstDate(t.clock.now(), 1) },
    ]) {
      const res = await post(host.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/[가-힣]/);
    }
    expect((await post({}, scheduleBody(t))).statusCode).toBe(401);
  });
});

describe('GET /api/schedules/my and /api/schedules', () => {
  it('my: only mine, from today (KST) on, ordered by date then hour', async () => {
    const me = await t.quickMember();
    const late = await createSchedule(t, me.headers, { days: 2, time: 19 });
    const early = await createSchedule(t, me.headers, { days: 2, time: 8 });
    const today = await createSchedule(t, me.headers, { days: 0, time: 23 });
    const first = await createSchedule(t, me.headers, { days: 1, time: 12 });
    await createSchedule(t, other.headers, { days: 1 });
    const res = await t.app.inject({ url: '/api/schedules/my', headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { id: number }) => s.id)).toEqual([today, first, early, late]);
    expect(res.json()[0]).toMatchObject({ currentParticipants: 1, placeCategory: '한식', participants: 4, time: 23 });
    // Two days later, today's and tomorrow's are past.
    t.clock.advance(2 * 24 * 3600_000);
    const later = await t.app.inject({ url: '/api/schedules/my', headers: me.headers });
    expect(later.json().map((s: { id: number }) => s.id)).toEqual([early, late]);
    expect((await t.app.inject({ url: '/api/schedules/my' })).statusCode).toBe(401);
  });

  it('all: everyone\'s schedules in the window with the author view (reviewCount, averageRating)', async () => {
    const a = await createSchedule(t, other.headers, { days: 0, time: 20 });
    const b = await createSchedule(t, host.headers, { days: 21, time: 0 });
    const res = await t.app.inject({ url: '/api/schedules', headers: other.headers });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ id: number; date: string; time: number; user: Record<string, unknown> }>;
    const ids = list.map((s) => s.id);
    expect(ids).toContain(a);
    expect(ids).toContain(b);
    const first = kstDate(t.clock.now());
    const last = kstDate(t.clock.now(), 21);
    expect(list.every((s) => s.date >= first && s.date <= last)).toBe(true);
    const sorted = [...list].sort((x, y) => x.date.localeCompare(y.date) || x.time - y.time);
    expect(list.map((s) => [s.date, s.time])).toEqual(sorted.map((s) => [s.date, s.time]));
    expect(list.find((s) => s.id === b)!.user).toEqual({ id: host.id, name: '김호스트', profileImage: '/avatars/bear.svg', preferences: { 한식: true, 맵찔이: false }, reviewCount: 0, averageRating: 0, ...NO_STATS });
    // A day later, `a` (today) is out of the window.
    t.clock.advance(24 * 3600_000);
    const next = (await t.app.inject({ url: '/api/schedules', headers: other.headers })).json() as Array<{ id: number }>;
    expect(next.map((s) => s.id)).not.toContain(a);
    expect(next.map((s) => s.id)).toContain(b);
    expect((await t.app.inject({ url: '/api/schedules' })).statusCode).toBe(401);
  });
});

describe('PUT /api/schedules/{id}', () => {
  it('the author saves text and capacity; others 403; unknown 404; bad id 400', async () => {
    const id = await createSchedule(t, host.headers);
    const put = (headers: Record<string, string>, url: string, payload: unknown) => t.app.inject({ method: 'PUT', url, headers, payload: payload as object });
    const ok = await put(host.headers, `/api/schedules/${id}`, { text: ' 메뉴 변경: 냉면 ', participants: 6 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id, text: '메뉴 변경: 냉면', participants: 6, currentParticipants: 1 });
    expect((await scheduleInList(t, other.headers, id))!.participants).toBe(6);
    const forbidden = await put(other.headers, `/api/schedules/${id}`, { text: '내 거', participants: 2 });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: '본인이 만든 일정만 수정할 수 있습니다.', code: 'FORBIDDEN' });
    expect((await put(host.headers, '/api/schedules/999999', { text: 'x', participants: 2 })).statusCode).toBe(404);
    expect((await put(host.headers, '/api/schedules/abc', { text: 'x', participants: 2 })).statusCode).toBe(400);
    expect((await put(host.headers, '/api/schedules/99999999999', { text: 'x', participants: 2 })).statusCode).toBe(400);
    expect((await put(host.headers, `/api/schedules/${id}`, { text: '  ', participants: 2 })).statusCode).toBe(400);
    expect((await put(host.headers, `/api/schedules/${id}`, { text: 'x', participants: 9 })).statusCode).toBe(400);
    expect((await put({}, `/api/schedules/${id}`, { text: 'x', participants: 2 })).statusCode).toBe(401);
  });

  it('capacity never below the current participants: 409', async () => {
    const id = await createSchedule(t, host.headers, { participants: 4 });
    for (let i = 0; i < 2; i++) {
      const guest = await t.quickMember();
      const matchId = await requestMatch(t, guest.headers, id);
      expect((await act(t, host.headers, matchId, 'accept')).statusCode).toBe(200);
    }
    const res = await t.app.inject({ method: 'PUT', url: `/api/schedules/${id}`, headers: host.headers, payload: { text: '줄이기', participants: 2 } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: '현재 참여 인원보다 적은 인원으로 줄일 수 없습니다.', code: 'CAPACITY_BELOW_PARTICIPANTS' });
    const exact = await t.app.inject({ method: 'PUT', url: `/api/schedules/${id}`, headers: host.headers, payload: { text: '딱 맞게', participants: 3 } });
    expect(exact.statusCode).toBe(200);
    expect(exact.json()).toMatchObject({ participants: 3, currentParticipants: 3 });
  });
});

describe('DELETE /api/schedules/{id}', () => {
  it('only the author; deletes the schedule with its requests; tells the requesters', async () => {
    const id = await createSchedule(t, host.headers);
    const guest = await t.quickMember({ name: '신청자' });
    const rejected = await t.quickMember();
    const m1 = await requestMatch(t, guest.headers, id);
    const m2 = await requestMatch(t, rejected.headers, id);
    await act(t, host.headers, m2, 'reject');
    const forbidden = await t.app.inject({ method: 'DELETE', url: `/api/schedules/${id}`, headers: other.headers });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: '일정 삭제에 실패했습니다. 본인이 만든 일정만 삭제할 수 있습니다.', code: 'FORBIDDEN' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/schedules/${id}` })).statusCode).toBe(401);
    const before = t.events.length;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/schedules/${id}`, headers: host.headers });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const body = scheduleBody(t);
    const reason = null; // no reason chosen: none is invented (issue #28 item 3)
    expect(t.events.slice(before)).toEqual([
      {
        type: 'schedule_cancelled',
        matchId: m1,
        scheduleId: id,
        toUserId: guest.id,
        fromUser: { id: host.id, name: '김호스트', profileImage: '/avatars/bear.svg' },
        meal: { placeName: body.placeName, date: body.date, time: body.time },
        reason,
      },
    ]);
    expect(await scheduleInList(t, other.headers, id)).toBeUndefined();
    // Issue #15: the requester's sent list shows 취소됨 with the reason; the rejected one stays rejected.
    const sent = (await t.app.inject({ url: '/api/matches/sent', headers: guest.headers })).json() as Array<Record<string, unknown>>;
    expect(sent).toEqual([expect.objectContaining({ id: m1, status: 'CANCELLED', cancelledBy: 'host', cancelReason: reason, lateCancel: false })]);
    expect(sent[0]!.schedule).toMatchObject({ id, cancelled: true });
    expect((await t.app.inject({ url: '/api/matches/sent', headers: rejected.headers })).json()).toEqual([expect.objectContaining({ id: m2, status: 'REJECTED' })]);
    expect((await act(t, host.headers, m1, 'accept')).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/schedules/${id}`, headers: host.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/schedules/abc', headers: host.headers })).statusCode).toBe(400);
  });
});
