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

function renderPage(received: MatchRequest[], sent: MatchRequest[], extra: Parameters<typeof mockFetch>[0] = {}) {
  const fetch = mockFetch({
    'GET /api/matches': () => jsonResponse(received),
    'GET /api/matches/sent': () => jsonResponse(sent),
    'GET /api/user/me': () => jsonResponse(me),
    ...extra,
  });
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
    expect(buttonNames(item('상대1'))).toEqual(['수락', '거절', '목록에서 삭제']);
    expect(item('상대1').textContent).toContain('대기중');
    expect(item('상대1').textContent).toContain('11월 24일 (화) 오후 6시');
    expect(item('상대1').textContent).toContain('식당1');
    expect(buttonNames(item('상대2'))).toEqual(['확정', '채팅', '약속 취소', '안전 공유']);
    expect(item('상대2').textContent).toContain('수락됨');
    // After the meal: review, and deleting only hides it; before: cancel, the calendar file and 안전 공유 (issue #17).
    expect(buttonNames(item('상대3'))).toEqual(['채팅', '리뷰 쓰기', '목록에서 삭제']);
    expect(item('상대3').textContent).toContain('확정됨');
    expect(buttonNames(item('상대11'))).toEqual(['채팅', '약속 취소', '캘린더에 추가', '안전 공유']);
    expect(screen.queryByText('상대4')).toBeNull();
    expect(screen.queryByText('상대5')).toBeNull();

    expect(buttonNames(item('상대6'))).toEqual(['신청 취소']);
    expect(buttonNames(item('상대7'))).toEqual(['채팅', '약속 취소', '안전 공유']);
    expect(buttonNames(item('상대8'))).toEqual(['채팅', '리뷰 쓰기', '목록에서 삭제']);
    expect(screen.queryByText('상대9')).toBeNull();
    expect(screen.queryByText('상대10')).toBeNull();

    expect(within(screen.getByRole('group', { name: '받은 요청' })).getByText('4')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: '보낸 요청' })).getByText('3')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: '내 평점' })).getByText('4.3')).toBeTruthy();
  });

  it('shows the empty states', async () => {
    renderPage([], [request(1, 'REJECTED', 'requester')]);
    expect(await screen.findByText('받은 매칭 요청이 없습니다.')).toBeTruthy();
    expect(await screen.findByText('보낸 요청이 없습니다.')).toBeTruthy();
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
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/api/matches')).length).toBe(2);
  });

  it('shows the server text or the fallback when an action fails, and confirms a delete', async () => {
    const user = userEvent.setup();
    const { fetch } = renderPage([request(1, 'PENDING', 'host')], [], {
      'POST /api/matches/1/reject': () => new Response('', { status: 500 }),
      'DELETE /api/matches/1': () => textResponse('매칭이 삭제되었습니다.'),
    });
    await user.click(await screen.findByRole('button', { name: '거절' }));
    await findToast('매칭 거절 중 오류가 발생했습니다.');

    await user.click(screen.getByRole('button', { name: '목록에서 삭제' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('이 약속을 내 목록에서 삭제할까요?');
    await user.click(within(dialog).getByRole('button', { name: '삭제' }));
    expect(await screen.findByText('매칭이 삭제되었습니다.')).toBeTruthy();
    expect(fetch.mock.calls.some(([url, init]) => String(url).endsWith('/api/matches/1') && init?.method === 'DELETE')).toBe(true);
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
      [request(4, 'CANCELLED', 'requester', { cancelledBy: 'host', cancelReason: '일정이 생겼어요' })],
    );
    await screen.findByText('상대1');
    expect(item('상대1').textContent).toContain('대기 중');
    // Waitlisted: the host cannot accept it.
    expect(buttonNames(item('상대1'))).toEqual(['거절', '목록에서 삭제']);
    expect(item('상대1').textContent).toContain('식사 3회 · 노쇼 1 · 늦은 취소 0');
    expect(item('상대2').textContent).toContain('마감');
    expect(item('상대3').textContent).toContain('취소됨');
    expect(item('상대3').textContent).toContain('신청자가 취소했어요');
    expect(buttonNames(item('상대3'))).toEqual(['목록에서 삭제']);
    expect(item('상대4').textContent).toContain('취소됨');
    expect(item('상대4').textContent).toContain('호스트가 취소했어요 · 일정이 생겼어요');
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
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/api/matches/sent')).length).toBeGreaterThanOrEqual(2);
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
          request(7, 'CONFIRMED', 'requester', { arrivedAt: { host: '2026-11-20T02:40:00.000Z', requester: arrived }, attendance: { byHost: null, byRequester: answer } }, startedAgo(20)),
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
    expect(item('상대7').textContent).toContain('상대방이 도착했어요');
    // Started 20 minutes ago: no cancel, no calendar; arrival and attendance instead (sharing stays open 6 h).
    expect(buttonNames(item('상대7'))).toEqual(['도착했어요', '채팅', '안전 공유', '리뷰 쓰기', '목록에서 삭제']);
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

  it('withdraws my PENDING request as 신청 취소 after a confirm', async () => {
    const user = userEvent.setup();
    const { fetch } = renderPage([], [request(6, 'PENDING', 'requester')], { 'DELETE /api/matches/6': () => textResponse('') });
    await user.click(await screen.findByRole('button', { name: '신청 취소' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('매칭 신청을 취소할까요?');
    await user.click(within(dialog).getByRole('button', { name: '확인' }));
    await findToast('매칭 신청을 취소했어요.');
    expect(fetch.mock.calls.some(([url, init]) => String(url).endsWith('/api/matches/6') && init?.method === 'DELETE')).toBe(true);
  });
});
