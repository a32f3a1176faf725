import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SchedulePreview } from '@common/api/schedules';
import { jsonResponse, mockFetch } from '@/test/fixtures';
import { renderWithFeedback } from '@/test/render';
import { UpcomingPreview } from './upcoming-preview';

const meal: SchedulePreview = {
  id: 7,
  date: '2026-12-07',
  time: 10,
  placeName: '을지로 국수집',
  placeCategory: '한식',
  participants: 4,
  currentParticipants: 2,
  isFull: false,
  host: { name: '벤***트', profileImage: null },
};

/** The preview inside a router (its cards link to /auth). */
function renderPreview() {
  const root = createRootRoute({ component: UpcomingPreview });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  return renderWithFeedback(<RouterProvider router={router as never} />);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * Issue #33 item 2: the visitors' preview keeps one row of one height whatever it holds, so the
 * home page below it does not move when the answer comes; each state says what it is.
 */
describe('upcoming preview on the home page', () => {
  it('shows skeleton cards, busy and announced, until the answer comes; then the meals in one row', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch({ 'GET /api/schedules/preview': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { container } = renderPreview();

    const section = await screen.findByRole('region', { name: '다가오는 약속 둘러보기' });
    expect(section.getAttribute('aria-busy')).toBe('true');
    expect(within(section).getByRole('status').textContent).toBe('다가오는 약속을 불러오고 있어요...');
    expect(container.querySelectorAll('.upcoming-preview__item--skeleton')).toHaveLength(3);

    answer(jsonResponse([meal, { ...meal, id: 8, placeName: '성수 백반', isFull: true }]));
    const list = await screen.findByRole('list');
    expect(screen.getByRole('region', { name: '다가오는 약속 둘러보기' }).hasAttribute('aria-busy')).toBe(false);
    expect(list.classList.contains('upcoming-preview__list')).toBe(true);
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const apply = within(list).getByRole('link', { name: '로그인하고 신청하기: 을지로 국수집' });
    expect(new URL(apply.getAttribute('href') ?? '', 'http://x').searchParams.get('redirect')).toBe('/matching?schedule=7&date=2026-12-07');
    expect(within(list).getByText('마감')).toBeTruthy();
    expect(container.querySelector('.upcoming-preview__item--skeleton')).toBeNull();
  });

  it('says there is no meal yet when the answer is empty', async () => {
    mockFetch({ 'GET /api/schedules/preview': () => jsonResponse([]) });
    renderPreview();
    expect((await screen.findByText('아직 등록된 약속이 없어요.')).classList.contains('upcoming-preview__note')).toBe(true);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says the meals could not be loaded when the server fails, in the same place', async () => {
    mockFetch({ 'GET /api/schedules/preview': () => jsonResponse({ message: '서버 오류' }, 500) });
    renderPreview();
    const note = await screen.findByText('약속을 불러오지 못했어요. 잠시 후 다시 열어 주세요.');
    expect(note.classList.contains('upcoming-preview__note')).toBe(true);
    expect(note.getAttribute('role')).toBe('status');
  });
});
