import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Review } from '@common/api/reviews';
import { resetFeedback } from '@/components/ui/feedback-store';
import { jsonResponse, mockFetch } from '@/test/fixtures';
import { renderWithFeedback } from '@/test/render';
import { MyReviewsPage } from './my-reviews-page';

afterEach(() => {
  resetFeedback();
  vi.unstubAllGlobals();
});

const review = (id: number, rating: number, name: string): Review => ({
  id,
  matchId: id,
  revieweeId: 1,
  rating,
  comment: `${name}의 후기`,
  createdAt: '2026-11-20T10:00:00.000Z',
  reviewer: { name, profileImage: null },
});

describe('MyReviewsPage', () => {
  it('lists cards with name, date, five stars and the comment; delete asks, removes the card and refetches', async () => {
    const user = userEvent.setup();
    let stored = [review(1, 4, '가'), review(2, 2, '나')];
    const fetch = mockFetch({
      'GET /api/reviews/my': () => jsonResponse(stored),
      'DELETE /api/reviews/1': () => {
        stored = stored.filter((r) => r.id !== 1);
        return new Response(null, { status: 204 });
      },
    });
    renderWithFeedback(<MyReviewsPage />);
    expect(screen.getByRole('heading', { level: 1, name: '내가 받은 리뷰' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: '받은 리뷰 목록' });
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('가')).toBeTruthy();
    expect(within(first).getByText('2026년 11월 20일')).toBeTruthy();
    expect(within(first).getByRole('img', { name: /별점 4점/ })).toBeTruthy();
    expect(first.querySelectorAll('.star--on')).toHaveLength(4);
    expect(first.querySelectorAll('.star')).toHaveLength(5);
    expect(within(first).getByText('가의 후기')).toBeTruthy();

    await user.click(within(first).getByRole('button', { name: /삭제/ }));
    expect(await screen.findByText('리뷰를 삭제해도 회원님의 평균 평점은 변경되지 않아요. 삭제할까요?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '취소' }));
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);
    await user.click(within(first).getByRole('button', { name: /삭제/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(screen.queryByText('가의 후기')).toBeNull());
    expect(screen.getByText('나의 후기')).toBeTruthy();
    // Focus is not lost with the card: it moves to the next card's delete button.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: '나님의 리뷰 삭제' })));
  }, 20_000);

  it('shows the delete failure and keeps the card', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/reviews/my': () => jsonResponse([review(1, 5, '가')]), 'DELETE /api/reviews/1': () => new Response('', { status: 500 }) });
    renderWithFeedback(<MyReviewsPage />);
    await user.click(await screen.findByRole('button', { name: /삭제/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '삭제' }));
    expect(await screen.findByText('리뷰 삭제 중 오류가 생겼어요.')).toBeTruthy();
    expect(screen.getByText('가의 후기')).toBeTruthy();
  });

  it('empty and error states', async () => {
    mockFetch({ 'GET /api/reviews/my': () => jsonResponse([]) });
    const { unmount } = renderWithFeedback(<MyReviewsPage />);
    expect(await screen.findByText('아직 받은 리뷰가 없어요.')).toBeTruthy();
    unmount();
    let fail = true;
    mockFetch({ 'GET /api/reviews/my': () => (fail ? jsonResponse({ message: '서버 오류' }, 500) : jsonResponse([review(3, 5, '다')])) });
    renderWithFeedback(<MyReviewsPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('불러오지 못했어요');
    expect(screen.queryByText('아직 받은 리뷰가 없어요.')).toBeNull();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('다의 후기')).toBeTruthy();
  });
});
