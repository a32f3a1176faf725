/**
 * Issues #14 and #15: a host who deletes a schedule tells its requesters live. Each requester whose
 * request still stood receives `schedule_cancelled` on `/topic/user/{id}/notifications` (a real
 * STOMP client), with the Korean text naming the date, hour and place; the match's chat ends; push
 * gets the same notification.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSendDestination, chatTopic, USER_ERRORS_DESTINATION, userNotificationsTopic, type LiveNotification } from '../../../../common/realtime.ts';
import { listen, stompClient, waitFor, type TestStomp } from '../../../realtime/test-clients.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { act, createSchedule, kstDate, requestMatch } from '../../../test/schedule-fixtures.ts';
import { koreanDate } from '../../../../common/domain/korean-time.ts';

let t: TestApp;
let url: string;
const open: TestStomp[] = [];
type Member = Awaited<ReturnType<TestApp['quickMember']>>;

async function connected(m: Member): Promise<TestStomp> {
  const c = stompClient(url, m.token);
  open.push(c);
  await c.connected;
  return c;
}

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://app.test' } });
  url = await listen(t);
});

afterAll(async () => {
  await Promise.all(open.map((c) => c.stop()));
  await t.close();
});

describe('DELETE /api/schedules/{id} tells the requesters live (issues #14, #15)', () => {
  it('pending and accepted requesters get schedule_cancelled with the Korean text; rejected ones and strangers nothing; the chat ends', async () => {
    const host = await t.quickMember({ name: '호스트' });
    const pending = await t.quickMember({ name: '대기중' });
    const accepted = await t.quickMember({ name: '수락됨' });
    const rejected = await t.quickMember({ name: '거절됨' });
    const scheduleId = await createSchedule(t, host.headers, { participants: 4 });
    const pendingMatch = await requestMatch(t, pending.headers, scheduleId);
    const acceptedMatch = await requestMatch(t, accepted.headers, scheduleId);
    const rejectedMatch = await requestMatch(t, rejected.headers, scheduleId);
    expect((await act(t, host.headers, acceptedMatch, 'accept')).statusCode).toBe(200);
    expect((await act(t, host.headers, rejectedMatch, 'reject')).statusCode).toBe(200);

    const [p, a, r] = await Promise.all([connected(pending), connected(accepted), connected(rejected)]);
    const pn = p.subscribe(userNotificationsTopic(pending.id));
    const an = a.subscribe(userNotificationsTopic(accepted.id));
    const rn = r.subscribe(userNotificationsTopic(rejected.id));
    const chat = a.subscribe(chatTopic(acceptedMatch));
    await Promise.all([p.sync(), a.sync(), r.sync()]);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/schedules/${scheduleId}?reason=${encodeURIComponent('갑자기 출장이 잡혔어요')}`, headers: host.headers });
    expect(res.statusCode).toBe(204);
    await waitFor(() => pn.length >= 1 && an.length >= 1);
    const parse = (list: typeof pn) => list.map((m) => JSON.parse(m.body) as LiveNotification);
    const date = kstDate(t.clock.now(), 1); // the fixture's default: tomorrow at 12, 광화문 국밥집
    const expected = {
      type: 'schedule_cancelled',
      scheduleId,
      fromUser: { id: host.id, name: '호스트' },
      message: `호스트님이 ${koreanDate(date)} 오후 12시 광화문 국밥집 약속을 취소했어요. (사유: 갑자기 출장이 잡혔어요)`,
      meal: { placeName: '광화문 국밥집', date, time: 12 },
      reason: '갑자기 출장이 잡혔어요',
    };
    // Issue #16: each carries its inbox id and the page it opens.
    const stored = { id: expect.any(Number), link: '/match-requests', createdAt: expect.any(String) };
    expect(parse(pn)).toEqual([{ ...expected, matchId: pendingMatch, ...stored }]);
    expect(parse(an)).toEqual([{ ...expected, matchId: acceptedMatch, ...stored }]);
    // The accepted match's chat is over: a SEND there is refused on the error queue (issue #16) and nothing is delivered.
    const errors = a.subscribe(USER_ERRORS_DESTINATION);
    await a.sync();
    a.client.publish({ destination: chatSendDestination(acceptedMatch), body: JSON.stringify({ content: '삭제 후' }) });
    await waitFor(() => errors.length === 1);
    expect(JSON.parse(errors[0]!.body)).toMatchObject({ code: 'chat_closed', message: '취소된 약속이에요.' });
    expect(chat).toHaveLength(0);
    await r.sync();
    expect(rn).toHaveLength(0);
  });
});
