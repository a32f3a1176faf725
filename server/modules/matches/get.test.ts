/**
 * `GET /api/matches/{id}` (issue #19 left-overs): the one match for the chat and write-review pages,
 * in the list item's shape, for its host or requester only — found however old it is.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { act, allPages, createSchedule, kstNoonToday, requestMatch } from '../../test/schedule-fixtures.ts';

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
    expect(third.json()).toEqual({ message: '매칭 요청을 찾을 수 없습니다.', code: 'NOT_FOUND' });
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
    expect(hide.body).toBe('매칭이 삭제되었습니다.');
    expect((await allPages<Item>(t, guest.headers, '/api/matches/sent?limit=100')).some((m) => m.id === id)).toBe(false);
    const res = await getMatch(guest.headers, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'CONFIRMED' });
    expect((await getMatch(host.headers, id)).statusCode).toBe(200);
  });
});
