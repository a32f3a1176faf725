import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MatchRequest } from '@common/api/matches';
import { jsonResponse, makeMatchRequest, makeUser, memberRef, mockFetch } from '@/test/fixtures';
import { renderWithFeedback, textResponse, findToast } from '@/test/render';
import { ActivityPage } from './activity-page';

const me = makeUser({ id: 1, name: '나', reviewCount: 6, averageRating: 4.26 });

/** Before every meal of these tests (the 24th, 18:00 KST): 2026-11-20 12:00 KST. */
const BEFORE = new Date('2026-11-20T03:00:00.000Z');

function request(id: number, status: MatchRequest['status'], side: 'host' | 'requester', extra: Partial<MatchRequest> = {}, schedule: Partial<MatchRequest['schedule']> = {}): MatchRequest {
  const other = memberRef(100 + id, `상대${id}`);
  const self = memberRef(1, '나');
  return makeMatchRequest({
    id,
    status,
    requester: side === 'host' ? other : self,
    ...extra,
    schedule: { id: 50 + id, member: side === 'host' ? self : other, placeName: `식당${id}`, date: '2026-11-24', time: 18, text: '같이 저녁', ...schedule },
  });
}

function item(name: string): HTMLElement {
  const li = screen.getByText(name).closest('li');
  if (!li) throw new Error(`no item for ${name}`);
  return li;
}

/** The names of an item's action buttons (the attendance question's are apart). */
function buttonNames(li: HTMLElement): string[] {
  return within(li.querySelector<HTMLElement>('.request-item__actions')!)
    .queryAllByRole('button')
    .map((b) => b.textContent ?? '');
}

type Routes = Parameters<typeof mockFetch>[0];

/** A list handler that answers like the server for `?when=upcoming|past` (issue #28 item 7): by the meal's start. */
function byWhen(handler: Routes[string]): Routes[string] {
  return async (url, init) => {
    const answer = await handler(url, init);
    const when = new URL(url, 'http://localhost').searchParams.get('when');
    if (!when) return answer;
    const items = (await answer.json()) as MatchRequest[];
    const started = (r: MatchRequest) => Date.parse(r.schedule.startsAt) <= Date.now();
    return jsonResponse(items.filter((r) => (when === 'past' ? started(r) : !started(r))));
  };
}

function renderPage(received: MatchRequest[], sent: MatchRequest[], extra: Routes = {}) {
  const routes: Routes = {
    'GET /api/matches': () => jsonResponse(received),
    'GET /api/matches/sent': () => jsonResponse(sent),
    'GET /api/user/me': () => jsonResponse(me),
    ...extra,
  };
  const fetch = mockFetch({ ...routes, 'GET /api/matches': byWhen(routes['GET /api/matches']!), 'GET /api/matches/sent': byWhen(routes['GET /api/matches/sent']!) });
  const onChat = vi.fn();
  const onReview = vi.fn();
  renderWithFeedback(<ActivityPage user={me} onUserRefreshed={() => undefined} onChat={onChat} onReview={onReview} />);
  return { fetch, onChat, onReview };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
  vi.setSystemTime(BEFORE);
});

/** A meal that started `minutes` before BEFORE (on the 20th, KST). */
const startedAgo = (minutes: number) => ({ startsAt: new Date(BEFORE.getTime() - minutes * 60_000).toISOString(), date: '2026-11-20', time: 11 });

describe('activity page (SPEC §4, issue #15)', () => {
  it('offers exactly the actions of each status and side, and hides REJECTED', async () => {
    renderPage(
      [
        request(1, 'PENDING', 'host'),
        request(2, 'ACCEPTED', 'host'),
        request(3, 'CONFIRMED', 'host', {}, startedAgo(60 * 24 * 8)),
        request(4, 'CONFIRMED', 'host', { hostReviewed: true }),
        request(5, 'REJECTED', 'host'),
        request(11, 'CONFIRMED', 'host'),
      ],
      [
        request(6, 'PENDING', 'requester'),
        request(7, 'ACCEPTED', 'requester'),
        request(8, 'CONFIRMED', 'requester', { hostReviewed: true }, startedAgo(60 * 24 * 8)),
        request(9, 'CONFIRMED', 'requester', { requesterReviewed: true }),
        request(10, 'REJECTED', 'requester'),
      ],
    );
    await screen.findByText('상대1');
    // Issue #28 item 5: a waiting request is accepted or rejected, never "deleted".
    expect(buttonNames(item('상대1'))).toEqual(['수락', '거절']);
    expect(item('상대1').textContent).toContain('대기중');
    expect(item('상대1').textContent).toContain('11월 24일 (화) 오후 6시');
    expect(item('상대1').textContent).toContain('식당1');
    expect(buttonNames(item('상대2'))).toEqual(['확정', '채팅', '약속 취소', '안전 공유']);
    expect(item('상대2').textContent).toContain('수락됨');
    // After the meal (in 지난 약속): review, and 목록에서 숨기기; before: cancel, the calendar file and 안전 공유 (issue #17).
    expect(buttonNames(item('상대3'))).toEqual(['채팅', '리뷰 쓰기', '목록에서 숨기기']);
    const past = screen.getByRole('region', { name: '지난 약속' });
    expect(within(past).getByText('상대3')).toBeTruthy();
    expect(within(past).getByText('상대8')).toBeTruthy();
    expect(item('상대3').textContent).toContain('내가 연 약속');
    expect(item('상대8').textContent).toContain('내가 신청한 약속');
    expect(item('상대3').textContent).toContain('확정됨');
    expect(buttonNames(item('상대11'))).toEqual(['채팅', '약속 취소', '캘린더에 추가', '안전 공유']);
    expect(screen.queryByText('상대4')).toBeNull();
    expect(screen.queryByText('상대5')).toBeNull();

    expect(buttonNames(item('상대6'))).toEqual(['신청 취소']);
    expect(buttonNames(item('상대7'))).toEqual(['채팅', '약속 취소', '안전 공유']);
    expect(buttonNames(item('상대8'))).toEqual(['채팅', '리뷰 쓰기', '목록에서 숨기기']);
    expect(screen.queryByText('상대9')).toBeNull();
    expect(screen.queryByText('상대10')).toBeNull();

    // The tiles count the upcoming lists (past meals live in 지난 약속).
    expect(within(screen.getByRole('group', { name: '받은 요청' })).getByText('3')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: '보낸 요청' })).getByText('2')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: '내 평점' })).getByText('4.3')).toBeTruthy();
  });

  it('shows the empty states', async () => {
    renderPage([], [request(1, 'REJECTED', 'requester')]);
    expect(await screen.findByText('받은 매칭 요청이 없어요.')).toBeTruthy();
    expect(await screen.findByText('보낸 요청이 없어요.')).toBeTruthy();
    expect(await screen.findByText('지난 약속이 없어요.')).toBeTruthy();
  });

  it('asks for past meals with ?when=past and the lists with ?when=upcoming', async () => {
    const { fetch } = renderPage([], []);
    await screen.findByText('지난 약속이 없어요.');
    const urls = fetch.mock.calls.map(([url]) => String(url).replace(/^https?:\/\/[^/]+/, ''));
    expect(urls).toEqual(expect.arrayContaining(['/api/matches?when=upcoming', '/api/matches/sent?when=upcoming', '/api/matches?when=past', '/api/matches/sent?when=past']));
  });

  it('accepts, shows the server text and loads the lists again', async () => {
    const user = userEvent.setup();
    let accepted = false;
    const { fetch } = renderPage([], [], {
      'GET /api/matches': () => jsonResponse([request(1, accepted ? 'ACCEPTED' : 'PENDING', 'host')]),
      'POST /api/matches/1/accept': () => {
        accepted = true;
        return textResponse('매칭을 수락했습니다.');
      },
    });
    await user.click(await screen.findByRole('button', { name: '수락' }));
    await findToast('매칭을 수락했습니다.');
    await waitFor(() => expect(item('상대1').textContent).toContain('수락됨'));
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/api/matches?when=upcoming')).length).toBe(2);
  });

  it('rejects a waiting request after a dialog that says so, and shows the fallback when it fails', async () => {
    const user = userEvent.setup();
    const { fetch } = renderPage([request(1, 'PENDING', 'host')], [], {
      'POST /api/matches/1/reject': () => new Response('', { status: 500 }),
    });
    await user.click(await screen.findByRole('button', { name: '거절' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('이 매칭 신청을 거절할까요?');
    expect(dialog.textContent).not.toContain('목록');
    await user.click(within(dialog).getByRole('button', { name: '거절' }));
    await findToast('매칭 거절 중 오류가 생겼어요.');
    expect(fetch.mock.calls.some(([url, init]) => String(url).endsWith('/api/matches/1/reject') && init?.method === 'POST')).toBe(true);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('목록에서 숨기기 hides an ended request with POST /hide after a confirm', async () => {
    const user = userEvent.setup();
    let hidden = false;
    const { fetch } = renderPage([], [], {
      'GET /api/matches/sent': () => jsonResponse(hidden ? [] : [request(4, 'CANCELLED', 'requester', { cancelledBy: 'host' })]),
      'POST /api/matches/4/hide': () => {
        hidden = true;
        return textResponse('목록에서 숨겼어요.');
      },
    });
    await user.click(await screen.findByRole('button', { name: '목록에서 숨기기' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('이 약속을 내 목록에서 숨길까요?');
    await user.click(within(dialog).getByRole('button', { name: '삭제' }));
    await findToast('목록에서 숨겼어요.');
    await waitFor(() => expect(screen.queryByText('상대4')).toBeNull());
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('passes the opponent to chat and review', async () => {
    const user = userEvent.setup();
    const { onChat, onReview } = renderPage([request(3, 'CONFIRMED', 'host', {}, startedAgo(60 * 24 * 8))], []);
    await user.click(await screen.findByRole('button', { name: '채팅' }));
    expect(onChat).toHaveBeenCalledWith(3, { opponentId: 103, opponentName: '상대3', opponentProfileImage: null });
    await user.click(screen.getByRole('button', { name: '리뷰 쓰기' }));
    expect(onReview).toHaveBeenCalledWith(3, { opponentId: 103, opponentName: '상대3', opponentProfileImage: null });
  });

  it('shows 대기 중, 마감, 취소됨 with who and why, and the requester\'s figures', async () => {
    renderPage(
      [
        request(1, 'PENDING', 'host', { waitlisted: true, requester: memberRef(101, '상대1', { mealCount: 3, noShowCount: 1, lateCancelCount: 0 }) }),
        request(2, 'ACCEPTED', 'host', {}, { isFull: true }),
        request(3, 'CANCELLED', 'host', { cancelledBy: 'requester', cancelReason: null }),
      ],
      [
        request(4, 'CANCELLED', 'requester', { cancelledBy: 'host', cancelReason: '일정이 생겼어요' }),
        request(5, 'CANCELLED', 'requester', { cancelledBy: 'host', cancelReason: '호스트가 일정을 취소했어요.' }),
      ],
    );
    await screen.findByText('상대1');
    expect(item('상대1').textContent).toContain('자리 대기');
    // Waitlisted: the host cannot accept it.
    expect(buttonNames(item('상대1'))).toEqual(['거절']);
    expect(item('상대1').textContent).toContain('식사 3회 · 노쇼 1 · 늦은 취소 0');
    expect(item('상대2').textContent).toContain('마감');
    expect(item('상대3').textContent).toContain('취소됨');
    expect(item('상대3').textContent).toContain('신청자가 취소했어요');
    expect(buttonNames(item('상대3'))).toEqual(['목록에서 숨기기']);
    expect(item('상대4').textContent).toContain('취소됨');
    expect(item('상대4').textContent).toContain('호스트가 취소했어요 · 사유: 일정이 생겼어요');
    // The server's default reason of a delete only repeats who cancelled: said once.
    expect(item('상대5').querySelector('.request-item__cancelled')?.textContent).toBe('호스트가 취소했어요');
  });

  it('warns in the cancel dialog when the cancellation will be recorded as late', async () => {
    const user = userEvent.setup();
    renderPage([], [request(7, 'CONFIRMED', 'requester', { lateCancelFrom: new Date(BEFORE.getTime() - 60_000).toISOString() }), request(8, 'CONFIRMED', 'requester', { lateCancelFrom: null })]);
    await user.click(await within(await waitFor(() => item('상대7'))).findByRole('button', { name: '약속 취소' }));
    let dialog = await screen.findByRole('dialog', { name: '약속을 취소할까요?' });
    expect(dialog.textContent).toContain('지금 취소하면 늦은 취소로 기록돼요. (최근 180일 동안 프로필에 표시)');
    await user.click(within(dialog).getByRole('button', { name: '돌아가기' }));
    // The meal moved after I was accepted (lateCancelFrom null): never late.
    await user.click(within(item('상대8')).getByRole('button', { name: '약속 취소' }));
    dialog = await screen.findByRole('dialog', { name: '약속을 취소할까요?' });
    expect(dialog.textContent).not.toContain('늦은 취소');
  });

  it('cancels with a chosen reason or one written (≤ 200), then loads the lists again', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    let cancelled = false;
    const { fetch } = renderPage([], [], {
      'GET /api/matches/sent': () => jsonResponse([request(7, cancelled ? 'CANCELLED' : 'CONFIRMED', 'requester', cancelled ? { cancelledBy: 'requester' } : {})]),
      'POST /api/matches/7/cancel': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        if (bodies.length === 1) return textResponse('잠시 후 다시 시도해주세요.', 503);
        cancelled = true;
        return textResponse('약속을 취소했어요.');
      },
    });
    await user.click(await screen.findByRole('button', { name: '약속 취소' }));
    let dialog = await screen.findByRole('dialog', { name: '약속을 취소할까요?' });
    expect(dialog.textContent).toContain('상대방에게 취소 알림이 가요.');
    // Four days before the meal: not late.
    expect(dialog.textContent).not.toContain('늦은 취소');
    await user.click(within(dialog).getByRole('radio', { name: '몸이 안 좋아요' }));
    await user.click(within(dialog).getByRole('button', { name: '약속 취소' }));
    await findToast('잠시 후 다시 시도해주세요.');
    expect(bodies[0]).toEqual({ reason: '몸이 안 좋아요' });
    // Still open after a failure: write a reason instead.
    dialog = screen.getByRole('dialog', { name: '약속을 취소할까요?' });
    await user.click(within(dialog).getByRole('radio', { name: '직접 입력' }));
    const box = within(dialog).getByRole('textbox', { name: '취소 사유 직접 입력' });
    await user.click(box);
    await user.paste('가'.repeat(201));
    await user.click(within(dialog).getByRole('button', { name: '약속 취소' }));
    expect(await within(dialog).findByText('취소 사유는 200자까지 쓸 수 있어요.')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toHaveLength(1);
    await user.clear(box);
    await user.type(box, '  급한 회의가 생겼어요 ');
    await user.click(within(dialog).getByRole('button', { name: '약속 취소' }));
    await findToast('약속을 취소했어요.');
    expect(bodies[1]).toEqual({ reason: '급한 회의가 생겼어요' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '약속을 취소할까요?' })).toBeNull());
    await waitFor(() => expect(item('상대7').textContent).toContain('취소됨'));
    expect(item('상대7').textContent).toContain('신청자가 취소했어요');
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/api/matches/sent?when=upcoming')).length).toBeGreaterThanOrEqual(2);
  });

  it('says 도착했어요 in the arrival window and asks whether the partner came after the start (changeable)', async () => {
    const user = userEvent.setup();
    const posted: Array<{ url: string; body: unknown }> = [];
    let answer: boolean | null = null;
    let arrived: string | null = null;
    const record = (url: string, init: RequestInit | undefined) => posted.push({ url: url.replace(/^https?:\/\/[^/]+/, ''), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    renderPage([], [], {
      'GET /api/matches/sent': () =>
        jsonResponse([
          request(7, 'CONFIRMED', 'requester', { arrivedAt: { host: null, requester: arrived }, attendance: { byHost: null, byRequester: answer } }, startedAgo(40)),
        ]),
      'POST /api/matches/7/arrived': (url, init) => {
        record(url, init);
        arrived = BEFORE.toISOString();
        return textResponse('도착을 알렸어요.');
      },
      'POST /api/matches/7/attendance': (url, init) => {
        record(url, init);
        answer = (JSON.parse(String(init?.body)) as { partnerAttended: boolean }).partnerAttended;
        return textResponse('답변을 저장했어요.');
      },
    });
    await screen.findByText('상대7');
    // Started 40 minutes ago: no cancel, no calendar; arrival and attendance instead (sharing stays open 6 h);
    // reviews open at the meal's end (start + 90 min).
    expect(buttonNames(item('상대7'))).toEqual(['도착했어요', '채팅', '안전 공유', '목록에서 숨기기']);
    await user.click(within(item('상대7')).getByRole('button', { name: '도착했어요' }));
    await findToast('도착을 알렸어요.');
    await waitFor(() => expect(within(item('상대7')).queryByRole('button', { name: '도착했어요' })).toBeNull());

    const question = within(item('상대7')).getByRole('group', { name: '상대방이 약속 장소에 나왔나요?' });
    await user.click(within(question).getByRole('button', { name: '안 나왔어요' }));
    await waitFor(() => expect(within(question).queryByRole('button', { name: '안 나왔어요' })).toBeNull());
    expect(question.textContent).toContain('안 나왔어요');
    await user.click(within(question).getByRole('button', { name: '답변 바꾸기' }));
    expect(within(question).getByRole('button', { name: '안 나왔어요' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(within(question).getByRole('button', { name: '나왔어요' }));
    await waitFor(() => expect(posted).toHaveLength(3));
    expect(posted).toEqual([
      { url: '/api/matches/7/arrived', body: undefined },
      { url: '/api/matches/7/attendance', body: { partnerAttended: false } },
      { url: '/api/matches/7/attendance', body: { partnerAttended: true } },
    ]);
  });

  it('saves the calendar file through the API client as babsang-{id}.ics', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn((blob: Blob) => (void blob, 'blob:calendar'));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const { fetch } = renderPage([request(3, 'CONFIRMED', 'host')], [], {
      'GET /api/matches/3/calendar.ics': () => new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } }),
    });
    await user.click(await screen.findByRole('button', { name: '캘린더에 추가' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:calendar', download: 'babsang-3.ics' }]));
    const blob = createObjectURL.mock.calls[0]![0];
    expect(await blob.text()).toContain('BEGIN:VCALENDAR');
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/api/matches/3/calendar.ics'))).toBe(true);
  });

  it('does not offer 안 나왔어요 before start + 30 min (says when) nor when the partner checked in', async () => {
    renderPage(
      [request(1, 'CONFIRMED', 'host', {}, startedAgo(20))],
      [request(2, 'CONFIRMED', 'requester', { arrivedAt: { host: '2026-11-20T02:40:00.000Z', requester: null } }, startedAgo(45))],
    );
    const early = within(await waitFor(() => item('상대1'))).getByRole('group', { name: '상대방이 약속 장소에 나왔나요?' });
    expect(within(early).queryByRole('button', { name: '안 나왔어요' })).toBeNull();
    expect(within(early).getByRole('button', { name: '나왔어요' })).toBeTruthy();
    expect(early.textContent).toContain('오후 12:10부터 알려주실 수 있어요.');
    const arrived = within(item('상대2')).getByRole('group', { name: '상대방이 약속 장소에 나왔나요?' });
    expect(item('상대2').textContent).toContain('상대방이 도착했어요');
    expect(within(arrived).queryByRole('button', { name: '안 나왔어요' })).toBeNull();
    expect(arrived.textContent).toContain('상대방이 도착 확인을 했어요. 노쇼로 알릴 수 없어요.');
  });

  it('shows an absence mark against me and disputes it with an optional note (≤ 200)', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    let disputed = false;
    const mark = () => ({
      markedAt: BEFORE.toISOString(),
      disputeUntil: new Date(BEFORE.getTime() + 72 * 3_600_000).toISOString(),
      disputedAt: disputed ? BEFORE.toISOString() : null,
      disputeNote: null,
      decision: null,
    });
    renderPage([], [], {
      'GET /api/matches/sent': () => jsonResponse([request(3, 'CONFIRMED', 'requester', { absence: { host: null, requester: mark() } }, startedAgo(120))]),
      'POST /api/matches/3/attendance/dispute': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        disputed = true;
        return textResponse('이의를 접수했어요. 운영진이 확인할게요.');
      },
    });
    const card = await waitFor(() => item('상대3'));
    expect(card.textContent).toContain('상대방이 회원님이 오지 않았다고 알렸어요.');
    expect(card.textContent).toContain('11월 23일 (월) 오후 12시까지 이의를 제기할 수 있어요.');
    await user.click(within(card).getByRole('button', { name: '이의 제기' }));
    const dialog = await screen.findByRole('dialog', { name: '이의 제기' });
    expect(dialog.textContent).toContain('저는 약속 장소에 있었어요');
    const box = within(dialog).getByRole('textbox', { name: '설명 (선택)' });
    await user.click(box);
    await user.paste('가'.repeat(201));
    await user.click(within(dialog).getByRole('button', { name: '이의 제기' }));
    expect(await within(dialog).findByText('설명은 200자까지 쓸 수 있어요.')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toHaveLength(0);
    await user.clear(box);
    await user.type(box, ' 제가 먼저 도착했어요 ');
    await user.click(within(dialog).getByRole('button', { name: '이의 제기' }));
    await findToast('이의를 접수했어요. 운영진이 확인할게요.');
    expect(bodies).toEqual([{ note: '제가 먼저 도착했어요' }]);
    await waitFor(() => expect(item('상대3').textContent).toContain('이의 제기됨 · 검토 중'));
    expect(within(item('상대3')).queryByRole('button', { name: '이의 제기' })).toBeNull();
  });

  it('withdraws my PENDING request as 신청 취소 after a confirm', async () => {
    const user = userEvent.setup();
    const { fetch } = renderPage([], [request(6, 'PENDING', 'requester')], { 'DELETE /api/matches/6': () => textResponse('') });
    await user.click(await screen.findByRole('button', { name: '신청 취소' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('매칭 신청을 취소할까요?');
    await user.click(within(dialog).getByRole('button', { name: '신청 취소' }));
    await findToast('매칭 신청을 취소했어요.');
    expect(fetch.mock.calls.some(([url, init]) => String(url).endsWith('/api/matches/6') && init?.method === 'DELETE')).toBe(true);
  });
});
