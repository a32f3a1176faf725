import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MatchRequest } from '@common/api/matches';
import { jsonResponse, makeUser, mockFetch } from '@/test/fixtures';
import { renderWithFeedback, textResponse, findToast } from '@/test/render';
import { ActivityPage } from './activity-page';

const me = makeUser({ id: 1, name: '나', reviewCount: 6, averageRating: 4.26 });

function request(id: number, status: MatchRequest['status'], side: 'host' | 'requester', extra: Partial<MatchRequest> = {}): MatchRequest {
  const other = { id: 100 + id, name: `상대${id}`, profileImage: null };
  const self = { id: 1, name: '나', profileImage: null };
  return {
    id,
    status,
    requester: side === 'host' ? other : self,
    schedule: { id: 50 + id, member: side === 'host' ? self : other, placeName: `식당${id}`, date: '2026-11-24', time: 18, text: '같이 저녁' },
    hostReviewed: false,
    requesterReviewed: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...extra,
  };
}

function item(name: string): HTMLElement {
  const li = screen.getByText(name).closest('li');
  if (!li) throw new Error(`no item for ${name}`);
  return li;
}

function buttonNames(li: HTMLElement): string[] {
  return within(li)
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

describe('activity page (SPEC §4)', () => {
  it('offers exactly the actions of each status and side, and hides REJECTED', async () => {
    renderPage(
      [
        request(1, 'PENDING', 'host'),
        request(2, 'ACCEPTED', 'host'),
        request(3, 'CONFIRMED', 'host'),
        request(4, 'CONFIRMED', 'host', { hostReviewed: true }),
        request(5, 'REJECTED', 'host'),
      ],
      [
        request(6, 'PENDING', 'requester'),
        request(7, 'ACCEPTED', 'requester'),
        request(8, 'CONFIRMED', 'requester', { hostReviewed: true }),
        request(9, 'CONFIRMED', 'requester', { requesterReviewed: true }),
        request(10, 'REJECTED', 'requester'),
      ],
    );
    await screen.findByText('상대1');
    expect(buttonNames(item('상대1'))).toEqual(['수락', '거절', '삭제']);
    expect(item('상대1').textContent).toContain('대기중');
    expect(item('상대1').textContent).toContain('11월 24일 18시');
    expect(item('상대1').textContent).toContain('식당1');
    expect(buttonNames(item('상대2'))).toEqual(['확정', '채팅', '삭제']);
    expect(item('상대2').textContent).toContain('수락됨');
    expect(buttonNames(item('상대3'))).toEqual(['채팅', '리뷰 쓰기', '삭제']);
    expect(item('상대3').textContent).toContain('확정됨');
    expect(screen.queryByText('상대4')).toBeNull();
    expect(screen.queryByText('상대5')).toBeNull();

    expect(buttonNames(item('상대6'))).toEqual(['삭제']);
    expect(buttonNames(item('상대7'))).toEqual(['채팅', '삭제']);
    expect(buttonNames(item('상대8'))).toEqual(['채팅', '리뷰 쓰기', '삭제']);
    expect(screen.queryByText('상대9')).toBeNull();
    expect(screen.queryByText('상대10')).toBeNull();

    expect(within(screen.getByRole('group', { name: '받은 요청' })).getByText('3')).toBeTruthy();
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

    await user.click(screen.getByRole('button', { name: '삭제' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('매칭을 삭제하시겠습니까?');
    await user.click(within(dialog).getByRole('button', { name: '확인' }));
    expect(await screen.findByText('매칭이 삭제되었습니다.')).toBeTruthy();
    expect(fetch.mock.calls.some(([url, init]) => String(url).endsWith('/api/matches/1') && init?.method === 'DELETE')).toBe(true);
  });

  it('passes the opponent to chat and review', async () => {
    const user = userEvent.setup();
    const { onChat, onReview } = renderPage([request(3, 'CONFIRMED', 'host')], []);
    await user.click(await screen.findByRole('button', { name: '채팅' }));
    expect(onChat).toHaveBeenCalledWith(3, { opponentId: 103, opponentName: '상대3', opponentProfileImage: null });
    await user.click(screen.getByRole('button', { name: '리뷰 쓰기' }));
    expect(onReview).toHaveBeenCalledWith(3, { opponentId: 103, opponentName: '상대3', opponentProfileImage: null });
  });
});
