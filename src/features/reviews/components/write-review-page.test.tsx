import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MatchRequest } from '@common/api/matches';
import { resetFeedback } from '@/components/ui/feedback-store';
import { dismissOutboxFailure, useOutbox } from '@/lib/outbox';
import { useSession } from '@/lib/session/store';
import { jsonResponse, makeUser, mockFetch } from '@/test/fixtures';
import { renderWithFeedback } from '@/test/render';
import { WriteReviewPage } from './write-review-page';

afterEach(() => {
  resetFeedback();
  vi.unstubAllGlobals();
});

const target = { matchId: 7, opponent: { opponentId: 42, opponentName: '김밥', opponentProfileImage: null } };

function match(id: number, status: MatchRequest['status'], extra: Partial<MatchRequest> = {}): MatchRequest {
  return {
    id,
    status,
    requester: { id: 1, name: '나', profileImage: null },
    schedule: { id: 3, member: { id: 42, name: '호스트', profileImage: '/avatars/duck.svg' }, placeName: '식당', date: '2026-11-24', time: 18, text: '저녁' },
    hostReviewed: false,
    requesterReviewed: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...extra,
  };
}

describe('WriteReviewPage', () => {
  it('shows the opponent (default avatar), 3 stars, a 4-row comment; posts and goes on', async () => {
    const user = userEvent.setup();
    let body: unknown;
    let release: () => void = () => undefined;
    mockFetch({
      'POST /api/reviews': async (_url, init) => {
        body = JSON.parse(String(init?.body));
        await new Promise<void>((r) => (release = r));
        return jsonResponse({ id: 1 }, 201);
      },
    });
    const onDone = vi.fn();
    renderWithFeedback(<WriteReviewPage target={target} lookupMatchId={undefined} onDone={onDone} />);
    expect(screen.getByRole('heading', { level: 1, name: '리뷰 작성' })).toBeTruthy();
    expect(screen.getByText('김밥')).toBeTruthy();
    expect(document.querySelector('img.avatar')?.getAttribute('src')).toMatch(/avatar|default|\.svg|\.png/);
    expect(screen.getByRole('radio', { name: '3점' }).getAttribute('aria-checked')).toBe('true');
    const box = screen.getByRole('textbox', { name: '후기' }) as HTMLTextAreaElement;
    expect(box.rows).toBe(4);
    await user.click(screen.getByRole('radio', { name: '5점' }));
    await user.type(box, '  맛있게 잘 먹었어요  ');
    await user.click(screen.getByRole('button', { name: '등록' }));
    await waitFor(() => expect((screen.getByRole('button', { name: '등록' }) as HTMLButtonElement).disabled).toBe(true));
    release();
    expect(await screen.findByText('리뷰가 등록되었습니다.')).toBeTruthy();
    expect(body).toEqual({ matchId: 7, revieweeId: 42, rating: 5, comment: '맛있게 잘 먹었어요' });
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('offline, the review waits in the outbox: the page says so, goes on, and the match shows it as pending', async () => {
    const user = userEvent.setup();
    useSession.setState({ status: 'signedIn', user: makeUser({ id: 1 }) });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetch = mockFetch({ 'POST /api/reviews': () => jsonResponse({ id: 1 }, 201) });
    const onDone = vi.fn();
    const { unmount } = renderWithFeedback(<WriteReviewPage target={target} lookupMatchId={undefined} onDone={onDone} />);
    await user.type(screen.getByRole('textbox', { name: '후기' }), '다음에 또 만나요');
    await user.click(screen.getByRole('button', { name: '등록' }));
    expect(await screen.findByText('오프라인 상태라 연결되면 보낼게요.')).toBeTruthy();
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(fetch).not.toHaveBeenCalled();
    unmount();
    // Opened again for the same match while it waits: marked pending, cannot be sent twice.
    renderWithFeedback(<WriteReviewPage target={target} lookupMatchId={undefined} onDone={onDone} />);
    expect(screen.getByText('전송 대기 중')).toBeTruthy();
    expect((screen.getByRole('button', { name: '등록' }) as HTMLButtonElement).disabled).toBe(true);
    onLine.mockRestore();
    for (const entry of useOutbox.getState().entries) await dismissOutboxFailure(entry.key);
    useSession.setState({ status: 'signedOut', user: null });
  });

  it('shows the server message on failure, else the fallback, and stays', async () => {
    const user = userEvent.setup();
    let answer = jsonResponse({ message: '이미 리뷰를 작성했습니다.', code: 'ALREADY_REVIEWED' }, 409);
    mockFetch({ 'POST /api/reviews': () => answer });
    const onDone = vi.fn();
    renderWithFeedback(<WriteReviewPage target={target} lookupMatchId={undefined} onDone={onDone} />);
    await user.click(screen.getByRole('button', { name: '등록' }));
    expect(await screen.findByText('이미 리뷰를 작성했습니다.')).toBeTruthy();
    answer = new Response('', { status: 500 });
    await user.click(screen.getByRole('button', { name: '등록' }));
    expect(await screen.findByText('리뷰 등록 중 오류가 발생했습니다.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('without navigation state or ?matchId= it shows the missing-opponent message', () => {
    renderWithFeedback(<WriteReviewPage target={null} lookupMatchId={undefined} onDone={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toBe('상대방 정보가 없습니다. 매칭 내역에서 다시 시도해주세요.');
    expect(screen.queryByRole('button', { name: '등록' })).toBeNull();
  });

  it('a deep link ?matchId= finds the confirmed match in my sent requests (I am the requester)', async () => {
    mockFetch({ 'GET /api/matches': () => jsonResponse([]), 'GET /api/matches/sent': () => jsonResponse([match(9, 'CONFIRMED')]) });
    renderWithFeedback(<WriteReviewPage target={null} lookupMatchId={9} onDone={vi.fn()} />);
    expect(await screen.findByText('호스트')).toBeTruthy();
    expect(screen.getByRole('button', { name: '등록' })).toBeTruthy();
  });

  it.each([
    ['not confirmed', [match(9, 'ACCEPTED')]],
    ['already reviewed by my side', [match(9, 'CONFIRMED', { requesterReviewed: true })]],
    ['not mine', [match(8, 'CONFIRMED')]],
  ])('a deep link to a match that is %s shows the missing-opponent message', async (_name, sent) => {
    mockFetch({ 'GET /api/matches': () => jsonResponse([]), 'GET /api/matches/sent': () => jsonResponse(sent) });
    renderWithFeedback(<WriteReviewPage target={null} lookupMatchId={9} onDone={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toBe('상대방 정보가 없습니다. 매칭 내역에서 다시 시도해주세요.');
  });
});
