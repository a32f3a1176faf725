/**
 * `GET /api/matches/{id}/calendar.ics` (issue #15 item 9): the answer is parsed back with a real
 * iCalendar parser (ical.js) and checked as a calendar app would read it — the start instant, the
 * end, the UID (stable across downloads and participants), summary, location and description —
 * plus who may download it (401/403/404) and which statuses (409). The process runs in
 * America/New_York during this file, so a start written in the server's own zone would fail.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { venues } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { act, createSchedule, kstMidnight, kstNoonToday, requestMatch } from '../../../test/schedule-fixtures.ts';

const HOUR = 60 * 60 * 1000;
let t: TestApp;
let host: Awaited<ReturnType<TestApp['quickMember']>>;
let guest: Awaited<ReturnType<TestApp['quickMember']>>;
let stranger: Awaited<ReturnType<TestApp['quickMember']>>;
const savedTz = process.env.TZ;

beforeAll(async () => {
  process.env.TZ = 'America/New_York';
  t = await createTestApp({ env: { PUBLIC_URL: 'https://bapsang.example' } });
  t.clock.set(kstNoonToday());
  host = await t.quickMember({ name: '김호스트' });
  guest = await t.quickMember({ name: '이게스트' });
  stranger = await t.quickMember({ name: '박남' });
  await t.app.db.insert(venues).values([
    { id: 'cal-road', placeName: '을지로 칼국수', categoryName: '음식점 > 한식 > 칼국수', addressName: '서울 중구 을지로3가 1', roadAddressName: '서울 중구 을지로 100', latitude: 37.566, longitude: 126.99, source: 'member' },
    { id: 'cal-lot', placeName: '명동 만두', categoryName: '음식점 > 한식 > 만두', addressName: '서울 중구 명동2가 3', roadAddressName: '', latitude: 37.563, longitude: 126.985, source: 'member' },
  ]);
});
afterAll(async () => {
  await t.close();
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

/** A match on a new schedule of `host` (tomorrow at `time` KST unless told), requested by `guest`, moved to `status`. */
async function match(status: 'PENDING' | 'ACCEPTED' | 'CONFIRMED' | 'REJECTED', over: Parameters<typeof createSchedule>[2] = {}) {
  const scheduleId = await createSchedule(t, host.headers, { days: 1, time: 18, ...over });
  const id = await requestMatch(t, guest.headers, scheduleId);
  if (status === 'REJECTED') expect((await act(t, host.headers, id, 'reject')).statusCode).toBe(200);
  if (status === 'ACCEPTED' || status === 'CONFIRMED') expect((await act(t, host.headers, id, 'accept')).statusCode).toBe(200);
  if (status === 'CONFIRMED') expect((await act(t, host.headers, id, 'confirm')).statusCode).toBe(200);
  return id;
}

const download = (id: number | string, headers: Record<string, string> = {}) => t.app.inject({ url: `/api/matches/${id}/calendar.ics`, headers });

/** Parses an answer with ical.js: the calendar, its one event and the VTIMEZONEs it carries. */
function parse(body: string) {
  ICAL.TimezoneService.reset();
  const calendar = new ICAL.Component(ICAL.parse(body));
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const vevent = events[0]!;
  return { calendar, zones, vevent, event: new ICAL.Event(vevent) };
}

describe('GET /api/matches/{id}/calendar.ics', () => {
  it('answers a valid calendar: start in Asia/Seoul, 90 minutes, stable UID, summary, road address, partner', async () => {
    expect(new Date(Date.UTC(2026, 0, 15)).getTimezoneOffset()).toBe(300); // the server runs in New York here
    const id = await match('CONFIRMED', { placeName: '을지로 칼국수', venueId: 'cal-road', latitude: 37.566, longitude: 126.99 });
    const res = await download(id, guest.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="babsang-${id}.ics"`);
    expect(res.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);

    const { calendar, zones, vevent, event } = parse(res.body);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    expect(zones.map((z) => z.getFirstPropertyValue('tzid'))).toEqual(['Asia/Seoul']);
    expect(vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Asia/Seoul');
    // 18:00 KST tomorrow = 09:00 UTC, computed without the code under test.
    const start = new Date(kstMidnight(t.clock.now(), 1).getTime() + 18 * HOUR);
    expect(event.startDate.toJSDate().toISOString()).toBe(start.toISOString());
    expect(`${event.startDate.hour}:${event.startDate.minute}`).toBe('18:0');
    expect(event.endDate.toJSDate().toISOString()).toBe(new Date(start.getTime() + 90 * 60 * 1000).toISOString());
    expect(event.duration.toSeconds()).toBe(90 * 60);
    expect(event.uid).toBe(`match-${id}@bapsang.example`);
    expect(event.summary).toBe('밥상친구: 을지로 칼국수');
    expect(event.location).toBe('서울 중구 을지로 100');
    expect(event.description).toContain('김호스트');
    expect(vevent.getFirstPropertyValue('dtstamp')).toBeTruthy();

    // The host's download is the same event (same UID), naming the requester; and again later: same UID.
    const hostCopy = parse((await download(id, host.headers)).body).event;
    expect(hostCopy.uid).toBe(event.uid);
    expect(hostCopy.startDate.toJSDate().getTime()).toBe(start.getTime());
    expect(hostCopy.description).toContain('이게스트');
    t.clock.advance(HOUR);
    expect(parse((await download(id, guest.headers)).body).event.uid).toBe(`match-${id}@bapsang.example`);
  });

  it('puts the lot address when the venue has no road address, and the place name without a venue', async () => {
    const lot = await match('ACCEPTED', { placeName: '명동 만두', venueId: 'cal-lot', latitude: 37.563, longitude: 126.985, time: 12, days: 2 });
    const lotEvent = parse((await download(lot, guest.headers)).body).event;
    expect(lotEvent.location).toBe('서울 중구 명동2가 3');
    expect(lotEvent.startDate.toJSDate().toISOString()).toBe(new Date(kstMidnight(t.clock.now(), 2).getTime() + 12 * HOUR).toISOString());

    const plain = await match('ACCEPTED', { placeName: '광화문 국밥집', time: 0, days: 3 });
    const plainEvent = parse((await download(plain, host.headers)).body).event;
    expect(plainEvent.location).toBe('광화문 국밥집');
    expect(plainEvent.summary).toBe('밥상친구: 광화문 국밥집');
    // Midnight KST is still the previous day in UTC; the calendar shows the KST day.
    expect(plainEvent.startDate.toJSDate().toISOString()).toBe(kstMidnight(t.clock.now(), 3).toISOString());
    expect(plainEvent.startDate.toString().slice(0, 10)).toBe(new Date(kstMidnight(t.clock.now(), 3).getTime() + 9 * HOUR).toISOString().slice(0, 10));
  });

  it('401 anonymous, 403 a member who is not a participant, 404 unknown, 400 non-numeric', async () => {
    const id = await match('CONFIRMED');
    const anonymous = await download(id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ message: '로그인이 필요해요.' });
    const other = await download(id, stranger.headers);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: '본인의 약속만 캘린더에 추가할 수 있어요.', code: 'FORBIDDEN' });
    const unknown = await download(2_000_000, guest.headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: '매칭 요청을 찾을 수 없습니다.', code: 'NOT_FOUND' });
    expect((await download('abc', guest.headers)).statusCode).toBe(400);
  });

  it('409 in Korean unless ACCEPTED or CONFIRMED (PENDING, REJECTED, CANCELLED)', async () => {
    const pending = await match('PENDING');
    const rejected = await match('REJECTED');
    const cancelled = await match('CONFIRMED');
    const cancel = await t.app.inject({ method: 'POST', url: `/api/matches/${cancelled}/cancel`, headers: guest.headers, payload: {} });
    expect(cancel.statusCode, cancel.body).toBe(200);
    for (const id of [pending, rejected, cancelled]) {
      for (const who of [host, guest]) {
        const res = await download(id, who.headers);
        expect(res.statusCode, `${id}: ${res.body}`).toBe(409);
        expect(res.json()).toEqual({ message: '수락되거나 확정된 약속만 캘린더에 추가할 수 있어요.', code: 'NOT_AGREED' });
      }
    }
  });
});
