/**
 * `GET /api/schedules/preview` (issue #31 item 2): visitors see the soonest upcoming meals with the
 * host's name masked (박*연), no text, coordinates or ids of members; a started or deleted meal never.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { createSchedule, kstNoonToday } from '../../../test/schedule-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(kstNoonToday());
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/schedules/preview', () => {
  it('answers visitors the soonest meals with masked host names and nothing private', async () => {
    const host = await t.quickMember({ name: '박서연', profileImage: '/avatars/duck.svg' });
    const later = await createSchedule(t, host.headers, { days: 3, time: 19, placeName: '나중 식당', text: '비밀 메모 010-1234-5678', latitude: 37.57, longitude: 126.98, venueId: 'demo-001' });
    const soon = await createSchedule(t, host.headers, { days: 1, time: 12, placeName: '먼저 식당' });
    const gone = await createSchedule(t, host.headers, { days: 2, time: 12, placeName: '지운 식당' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/schedules/${gone}`, headers: host.headers })).statusCode).toBeLessThan(300);
    // A meal that has started (today 13시, asked at 14시) is not upcoming.
    await createSchedule(t, host.headers, { days: 0, time: 13, placeName: '지난 식당' });
    t.clock.set(new Date(kstNoonToday().getTime() + 2 * 3_600_000));

    const res = await t.app.inject({ url: '/api/schedules/preview' });
    t.clock.set(kstNoonToday());
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as { id: number; placeName: string }[];
    expect(list.map((s) => s.id)).toEqual([soon, later]);
    expect(list[0]).toEqual({
      id: soon,
      date: expect.any(String),
      time: 12,
      placeName: '먼저 식당',
      placeCategory: '한식',
      participants: expect.any(Number),
      currentParticipants: 1,
      isFull: false,
      host: { name: '박*연', profileImage: '/avatars/duck.svg' },
    });
    expect(res.body).not.toContain('박서연');
    expect(res.body).not.toContain('010-1234-5678');
    expect(res.body).not.toContain('latitude');
  });

  it('limits to ?limit= (1–12) and refuses anything else with 400', async () => {
    const host = await t.quickMember({ name: '김호스트' });
    for (let i = 0; i < 3; i++) await createSchedule(t, host.headers, { days: 4, time: 13 + i });
    const two = await t.app.inject({ url: '/api/schedules/preview?limit=2' });
    expect(two.statusCode).toBe(200);
    expect(two.json()).toHaveLength(2);
    for (const bad of ['0', '13', 'x']) expect((await t.app.inject({ url: `/api/schedules/preview?limit=${bad}` })).statusCode, bad).toBe(400);
  });
});
