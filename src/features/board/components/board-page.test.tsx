import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '@common/api/board';
import type * as Maps from '@/lib/maps';
import type { MapProvider, MarkerOptions } from '@/lib/maps';
import { flushOutbox } from '@/lib/outbox';
import { useSession } from '@/lib/session/store';
import { jsonResponse, makeUser, mockFetch } from '@/test/fixtures';
import { renderWithFeedback } from '@/test/render';
import { BoardPage } from './board-page';
import { RecommendPage } from './recommend-page';

type MapsModule = typeof Maps;
const markers = new Map<string, MarkerOptions>();
const raised: Array<string | null> = [];
const fakeProvider: MapProvider = {
  name: 'leaflet',
  createMap: () =>
    Promise.resolve({
      setCenter: () => undefined,
      setLevel: () => undefined,
      addMarker: (m: MarkerOptions) => void markers.set(m.id, m),
      removeMarker: (id: string) => void markers.delete(id),
      clearMarkers: () => markers.clear(),
      raiseMarker: (id: string | null) => void raised.push(id),
      destroy: () => markers.clear(),
    }),
};
vi.mock('@/lib/maps', async (importOriginal) => ({
  ...(await importOriginal<MapsModule>()),
  loadMapProvider: () => Promise.resolve(fakeProvider),
}));

function post(id: number, overrides: Partial<Post> = {}): Post {
  return {
    id,
    title: `글 ${id}`,
    content: `<p>본문 ${id}</p>`,
    tags: [],
    address: '',
    latitude: null,
    longitude: null,
    author: { id: 2, name: '다른사람' },
    likes: 0,
    views: 0,
    likedMemberIds: [],
    comments: [],
    createdAt: '2026-11-20T00:00:00.000Z',
    ...overrides,
  };
}

beforeEach(() => {
  markers.clear();
  raised.length = 0;
  useSession.setState({ status: 'signedIn', user: makeUser({ id: 1 }) });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('board page', () => {
  it('shows cards with previews, author-only actions and the unknown author', async () => {
    mockFetch({
      'GET /api/board': () =>
        jsonResponse([
          post(1, { author: { id: 1, name: '나' }, content: `<p>${'가'.repeat(120)}</p>` }),
          post(2, { author: null, title: '<img src=x onerror=alert(1)>' }),
        ]),
    });
    renderWithFeedback(<BoardPage />);
    expect(screen.getByRole('heading', { level: 1, name: '맛집 소개' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: '게시글 목록' });
    const cards = within(list).getAllByRole('listitem').filter((li) => li.classList.contains('board-card'));
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain(`${'가'.repeat(100)}…`);
    expect(within(cards[0]!).getByRole('button', { name: '수정' })).toBeTruthy();
    expect(within(cards[1]!).queryByRole('button', { name: '수정' })).toBeNull();
    expect(cards[1]!.textContent).toContain('알 수 없음');
    expect(cards[1]!.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('applies the tag filter on 적용, cancels pending choices, removes a badge on click', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/board': () => jsonResponse([post(1, { tags: ['점심', '맛집'] }), post(2, { tags: ['점심'] })]),
    });
    renderWithFeedback(<BoardPage />);
    await screen.findByRole('button', { name: '글 2 자세히 보기' });
    await user.click(screen.getByRole('button', { name: '태그 필터' }));
    let panel = screen.getByRole('group', { name: '태그 필터' });
    await user.click(within(panel).getByRole('button', { name: '맛집' }));
    await user.click(within(panel).getByRole('button', { name: '취소' }));
    expect(screen.getByRole('button', { name: '글 2 자세히 보기' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '태그 필터' }));
    panel = screen.getByRole('group', { name: '태그 필터' });
    expect(within(panel).getByRole('button', { name: '맛집' }).getAttribute('aria-pressed')).toBe('false');
    await user.click(within(panel).getByRole('button', { name: '점심' }));
    await user.click(within(panel).getByRole('button', { name: '맛집' }));
    await user.click(within(panel).getByRole('button', { name: '적용' }));
    expect(screen.queryByRole('button', { name: '글 2 자세히 보기' })).toBeNull();
    expect(screen.getByRole('button', { name: '글 1 자세히 보기' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '맛집 필터 해제' }));
    expect(screen.getByRole('button', { name: '글 2 자세히 보기' })).toBeTruthy();
  });

  it('shows the empty state', async () => {
    mockFetch({ 'GET /api/board': () => jsonResponse([]) });
    renderWithFeedback(<BoardPage />);
    expect(await screen.findByText('표시할 게시글이 없습니다.')).toBeTruthy();
  });

  it('opens a post: sanitised content, views +1 for a non-author, still shown when the view call fails', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({
      'GET /api/board': () => jsonResponse([post(1, { views: 4, content: '<p>ok</p><img src=x onerror=alert(1)><script>alert(2)</script>' }), post(3, { views: 2 })]),
      'PUT /api/board/1/view': () => new Response(null, { status: 204 }),
      'PUT /api/board/3/view': () => jsonResponse({ message: '실패' }, 500),
    });
    renderWithFeedback(<BoardPage />);
    await user.click(await screen.findByRole('button', { name: '글 1 자세히 보기' }));
    const dialog = await screen.findByRole('dialog', { name: '글 1' });
    await waitFor(() => expect(within(dialog).getByTestId('post-views').textContent).toBe('5'));
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('img[onerror]')).toBeNull();
    expect(within(dialog).getByText('아직 댓글이 없습니다.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '댓글 작성' }));
    expect(await screen.findByText('댓글 내용을 입력해주세요.')).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: '글 3 자세히 보기' }));
    const other = await screen.findByRole('dialog', { name: '글 3' });
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).includes('/api/board/3/view'))).toBe(true));
    expect(within(other).getByTestId('post-views').textContent).toBe('2');
  });

  it('a comment that gets no answer waits as pending and is posted once, with the same key, when replayed', async () => {
    const user = userEvent.setup();
    let up = false;
    const saved = { id: 50, text: '나중에 갈게요', author: { id: 1, name: '나' }, createdAt: '2026-11-22T00:00:00.000Z' };
    const fetch = mockFetch({
      'GET /api/board': () => jsonResponse([post(1, { comments: up ? [saved] : [] })]),
      'PUT /api/board/1/view': () => new Response(null, { status: 204 }),
      'POST /api/board/1/comments': () => {
        if (!up) throw new TypeError('Failed to fetch');
        return jsonResponse(saved, 201);
      },
    });
    renderWithFeedback(<BoardPage />);
    await user.click(await screen.findByRole('button', { name: '글 1 자세히 보기' }));
    const dialog = await screen.findByRole('dialog', { name: '글 1' });
    await user.type(within(dialog).getByRole('textbox', { name: '댓글' }), '나중에 갈게요');
    await user.click(within(dialog).getByRole('button', { name: '댓글 작성' }));
    expect(await screen.findByText('오프라인 상태라 연결되면 보낼게요.')).toBeTruthy();
    const pending = (await within(dialog).findByText('나중에 갈게요')).closest('li')!;
    expect(pending.textContent).toContain('전송 대기 중');

    up = true;
    await flushOutbox();
    await waitFor(() => expect(within(screen.getByRole('dialog', { name: '글 1' })).queryByText('전송 대기 중')).toBeNull());
    expect(within(screen.getByRole('dialog', { name: '글 1' })).getAllByText('나중에 갈게요')).toHaveLength(1);
    const posts = fetch.mock.calls.filter(([u, init]) => String(u).endsWith('/api/board/1/comments') && init?.method === 'POST');
    const keyOf = (i: number) => (posts[i]?.[1]?.headers as Record<string, string>)['Idempotency-Key'];
    expect(posts).toHaveLength(2);
    expect(keyOf(1)).toBe(keyOf(0));
  });

  it('does not call the view route for the author', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({ 'GET /api/board': () => jsonResponse([post(1, { author: { id: 1, name: '나' } })]) });
    renderWithFeedback(<BoardPage />);
    await user.click(await screen.findByRole('button', { name: '글 1 자세히 보기' }));
    await screen.findByRole('dialog', { name: '글 1' });
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/view'))).toBe(false);
  });
});

describe('recommendation page', () => {
  it('adds markers (skipping invalid coordinates), and the carousel wraps and raises the marker', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/recommendations': () =>
        jsonResponse([
          post(1, { latitude: 37.5, longitude: 127, views: 10 }),
          post(2, { latitude: 37.6, longitude: 127.1, views: 12 }),
          post(3, { latitude: 999, longitude: 127, views: 11 }),
        ]),
    });
    renderWithFeedback(<RecommendPage />);
    const carousel = await screen.findByRole('region', { name: '추천 맛집' });
    await waitFor(() => expect([...markers.keys()].filter((k) => k.startsWith('post-'))).toEqual(['post-1', 'post-2']));
    expect(warn).toHaveBeenCalled();
    expect(within(carousel).getByRole('button', { name: '글 1 자세히 보기' })).toBeTruthy();
    await user.click(within(carousel).getByRole('button', { name: '이전' }));
    expect(within(carousel).getByRole('button', { name: '글 3 자세히 보기' })).toBeTruthy();
    await user.click(within(carousel).getByRole('button', { name: '다음' }));
    await user.click(within(carousel).getByRole('button', { name: '다음' }));
    expect(within(carousel).getByRole('button', { name: '글 2 자세히 보기' })).toBeTruthy();
    await waitFor(() => expect(raised.at(-1)).toBe('post-2'));
    warn.mockRestore();
  });

  it('shows the empty state and the load banner', async () => {
    mockFetch({ 'GET /api/recommendations': () => jsonResponse([]) });
    const { unmount } = renderWithFeedback(<RecommendPage />);
    expect(await screen.findByText('아직 추천 맛집이 없습니다. (10점 이상)')).toBeTruthy();
    unmount();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /api/recommendations': () => jsonResponse({ message: 'x' }, 500) });
    renderWithFeedback(<RecommendPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('데이터 또는 지도 스크립트를 불러오지 못했습니다.');
  });
});
