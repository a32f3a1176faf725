import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '@common/api/board';
import { flushOutbox, onOutboxSent } from '@/lib/outbox';
import { invalidateForOutbox } from '@/lib/query/query-client';
import { useSession } from '@/lib/session/store';
import type * as Maps from '@/lib/maps';
import { fakeMap } from '@/test/fake-map';
import { jsonResponse, makeUser, mockFetch } from '@/test/fixtures';
import { findToast, renderWithFeedback } from '@/test/render';
import { BoardPage, CARD_ROW_ESTIMATE, measureCardRow } from './board-page';
import { RecommendPage } from './recommend-page';

vi.mock('@/lib/maps', async (importOriginal) => ({
  ...(await importOriginal<typeof Maps>()),
  loadMapProvider: async () => (await import('@/test/fake-map')).fakeMapProvider,
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
    likedByMe: false,
    commentCount: 0,
    createdAt: '2026-11-20T00:00:00.000Z',
    ...overrides,
  };
}

/** Renders the board and recommendation pages under a router at `path` (their dialogs live in the address). */
function renderAt(path: string) {
  const root = createRootRoute({ component: Outlet });
  const routeTree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: '/board', component: BoardPage }),
    createRoute({ getParentRoute: () => root, path: '/restaurant-rec', component: RecommendPage }),
  ]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  const result = renderWithFeedback(<RouterProvider router={router as never} />);
  return { ...result, router };
}

const searchOf = (router: ReturnType<typeof renderAt>['router']) => router.state.location.search as Record<string, unknown>;

beforeEach(() => {
  fakeMap.reset();
  useSession.setState({ status: 'signedIn', user: makeUser({ id: 1 }) });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('board page', { timeout: 20_000 }, () => {
  it('shows cards with previews, author-only actions and the unknown author', async () => {
    mockFetch({
      'GET /api/board': () =>
        jsonResponse([
          post(1, { author: { id: 1, name: '나' }, content: `<p>${'가'.repeat(120)}</p>` }),
          post(2, { author: null, title: '<img src=x onerror=alert(1)>' }),
        ]),
    });
    renderAt('/board');
    expect(await screen.findByRole('heading', { level: 1, name: '맛집 소개' })).toBeTruthy();
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

  it('applies the tag filter on 적용 (asked of the server), cancels pending choices, removes a badge on click', async () => {
    const user = userEvent.setup();
    const all = [post(1, { tags: ['점심', '맛집'] }), post(2, { tags: ['점심'] })];
    const asked: string[] = [];
    mockFetch({
      // Like the server: ?tags= keeps the posts carrying every listed tag.
      'GET /api/board': (url) => {
        const tags = new URL(url, 'http://x').searchParams.get('tags');
        asked.push(tags ?? '');
        return jsonResponse(tags ? all.filter((p) => tags.split(',').every((t) => p.tags.includes(t))) : all);
      },
    });
    renderAt('/board');
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
    expect(await screen.findByRole('button', { name: '글 1 자세히 보기' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '글 2 자세히 보기' })).toBeNull();
    expect(asked).toContain('점심,맛집');
    await user.click(screen.getByRole('button', { name: '맛집 필터 해제' }));
    expect(screen.getByRole('button', { name: '글 2 자세히 보기' })).toBeTruthy();
  });

  it('shows the empty state', async () => {
    mockFetch({ 'GET /api/board': () => jsonResponse([]) });
    renderAt('/board');
    expect(await screen.findByText('표시할 게시글이 없어요.')).toBeTruthy();
  });

  it('a failed load is not an empty board: 불러오지 못했어요 with 다시 시도, which loads it', async () => {
    const user = userEvent.setup();
    let up = false;
    mockFetch({ 'GET /api/board': () => (up ? jsonResponse([post(1)]) : jsonResponse({ message: '서버 오류' }, 500)) });
    renderAt('/board');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('불러오지 못했어요');
    expect(screen.queryByText('표시할 게시글이 없어요.')).toBeNull();
    up = true;
    await user.click(within(alert).getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('button', { name: '글 1 자세히 보기' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the opened post is in the address: ?post=1 while open, Back closes it, a shared link opens it', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/board': () => jsonResponse([post(11), post(12)]),
      'PUT /api/board/11/view': () => new Response(null, { status: 204 }),
      'PUT /api/board/12/view': () => new Response(null, { status: 204 }),
    });
    const { router } = renderAt('/board');
    await user.click(await screen.findByRole('button', { name: '글 11 자세히 보기' }));
    expect(await screen.findByRole('dialog', { name: '글 11' })).toBeTruthy();
    expect(String(searchOf(router).post)).toBe('11');
    router.history.back();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/board');
    expect(searchOf(router).post).toBeUndefined();

    await router.navigate({ to: '/board', search: { post: 12 } } as never);
    expect(await screen.findByRole('dialog', { name: '글 12' })).toBeTruthy();
  });

  it('a link to a post that is gone says so and closes', async () => {
    mockFetch({ 'GET /api/board': () => jsonResponse([post(1)]) });
    const { router } = renderAt('/board?post=99');
    await findToast('게시글을 찾을 수 없어요.');
    await waitFor(() => expect(searchOf(router).post).toBeUndefined());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a like shows at once and is rolled back when the server refuses it', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    mockFetch({
      'GET /api/board': () => jsonResponse([post(1, { author: { id: 1, name: '나' } })]),
      'POST /api/board/1/like': async () => {
        await held;
        return jsonResponse({ message: '실패' }, 500);
      },
    });
    renderAt('/board?post=1');
    const dialog = await screen.findByRole('dialog', { name: '글 1' });
    await user.click(within(dialog).getByRole('button', { name: /좋아요/ }));
    await waitFor(() => expect(within(dialog).getByTestId('post-likes').textContent).toBe('1'));
    expect(within(dialog).getByRole('button', { name: /좋아요/ }).getAttribute('aria-pressed')).toBe('true');
    // Issue #31 item 5: the state shows by shape too, a filled heart.
    expect(within(dialog).getByRole('button', { name: /좋아요/ }).textContent).toContain('♥');
    release();
    await findToast('좋아요 처리에 실패했어요.');
    await waitFor(() => expect(within(dialog).getByTestId('post-likes').textContent).toBe('0'));
    expect(within(dialog).getByRole('button', { name: /좋아요/ }).getAttribute('aria-pressed')).toBe('false');
    expect(within(dialog).getByRole('button', { name: /좋아요/ }).textContent).toContain('♡');
  });

  it('deletes my post after the confirm: gone from the list with a toast', async () => {
    const user = userEvent.setup();
    let gone = false;
    mockFetch({
      'GET /api/board': () => jsonResponse(gone ? [post(2)] : [post(1, { author: { id: 1, name: '나' } }), post(2)]),
      'DELETE /api/board/1': () => {
        gone = true;
        return new Response(null, { status: 204 });
      },
    });
    renderAt('/board');
    await screen.findByRole('button', { name: '글 1 자세히 보기' });
    await user.click(screen.getByRole('button', { name: '삭제' }));
    // Issue #18: a destructive confirm says 삭제, in red.
    const confirm = within(await screen.findByRole('alertdialog')).getByRole('button', { name: '삭제' });
    expect(confirm.className).toContain('btn--danger-solid');
    await user.click(confirm);
    await findToast('게시글을 삭제했어요.');
    await waitFor(() => expect(screen.queryByRole('button', { name: '글 1 자세히 보기' })).toBeNull());
    expect(screen.getByRole('button', { name: '글 2 자세히 보기' })).toBeTruthy();
  });

  it('opens a post: sanitised content, views +1 for a non-author, still shown when the view call fails', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({
      'GET /api/board': () => jsonResponse([post(1, { views: 4, content: '<p>ok</p><img src=x onerror=alert(1)><script>alert(2)</script>' }), post(3, { views: 2 })]),
      'GET /api/board/1/comments': () => jsonResponse([]),
      'PUT /api/board/1/view': () => new Response(null, { status: 204 }),
      'PUT /api/board/3/view': () => jsonResponse({ message: '실패' }, 500),
    });
    renderAt('/board');
    await user.click(await screen.findByRole('button', { name: '글 1 자세히 보기' }));
    const dialog = await screen.findByRole('dialog', { name: '글 1' });
    await waitFor(() => expect(within(dialog).getByTestId('post-views').textContent).toBe('5'));
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('img[onerror]')).toBeNull();
    expect(await within(dialog).findByText('아직 댓글이 없어요.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '댓글 작성' }));
    expect(await within(dialog).findByText('댓글 내용을 입력해주세요.')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: '댓글' }).getAttribute('aria-invalid')).toBe('true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
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
      'GET /api/board': () => jsonResponse([post(1, { commentCount: up ? 1 : 0 })]),
      'GET /api/board/1/comments': () => jsonResponse(up ? [saved] : []),
      'PUT /api/board/1/view': () => new Response(null, { status: 204 }),
      'POST /api/board/1/comments': () => {
        if (!up) throw new TypeError('Failed to fetch');
        return jsonResponse(saved, 201);
      },
    });
    const { queryClient } = renderAt('/board');
    // As the app's query client does (connectQueryClient): a replayed comment invalidates the board.
    const stop = onOutboxSent((entry) => invalidateForOutbox(queryClient, entry));
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
    // The replay invalidated the board: the refetched post holds the comment, once.
    await waitFor(() => expect(within(screen.getByRole('dialog', { name: '글 1' })).getAllByText('나중에 갈게요')).toHaveLength(1));
    expect(within(screen.getByRole('dialog', { name: '글 1' })).queryByText('전송 대기 중')).toBeNull();
    const posts = fetch.mock.calls.filter(([u, init]) => String(u).endsWith('/api/board/1/comments') && init?.method === 'POST');
    const keyOf = (i: number) => (posts[i]?.[1]?.headers as Record<string, string>)['Idempotency-Key'];
    expect(posts).toHaveLength(2);
    expect(keyOf(1)).toBe(keyOf(0));
    stop();
  });

  it('does not call the view route for the author', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({ 'GET /api/board': () => jsonResponse([post(1, { author: { id: 1, name: '나' } })]) });
    renderAt('/board');
    await user.click(await screen.findByRole('button', { name: '글 1 자세히 보기' }));
    await screen.findByRole('dialog', { name: '글 1' });
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/view'))).toBe(false);
  });
});

describe('board polish (issue #18)', { timeout: 20_000 }, () => {
  it('a card opens by keyboard (Enter and Space), shows its first image as a lazy sized thumbnail and a relative date', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T03:00:00.000Z'));
    const user = userEvent.setup();
    mockFetch({
      'GET /api/board': () =>
        jsonResponse([
          post(1, { content: '<p>사진</p><p><img src="/uploads/a.webp" alt="국수" width="800" height="600"><img src="/uploads/b.webp"></p>', createdAt: '2026-11-24T02:57:00.000Z' }),
          post(2, { createdAt: '2026-11-23T01:00:00.000Z' }),
        ]),
      'PUT /api/board/1/view': () => new Response(null, { status: 204 }),
      'PUT /api/board/2/view': () => new Response(null, { status: 204 }),
    });
    const { router } = renderAt('/board');
    const open1 = await screen.findByRole('button', { name: '글 1 자세히 보기' });
    const card1 = open1.closest<HTMLElement>('.board-card')!;
    const thumb = card1.querySelector('img')!;
    expect(thumb.getAttribute('src')).toBe('/uploads/a.webp');
    expect(thumb.getAttribute('alt')).toBe('');
    expect(thumb.getAttribute('loading')).toBe('lazy');
    expect(thumb.getAttribute('width')).toBeTruthy();
    expect(thumb.getAttribute('height')).toBeTruthy();
    expect(within(card1).getByText('3분 전')).toBeTruthy();
    const card2 = screen.getByRole('button', { name: '글 2 자세히 보기' }).closest<HTMLElement>('.board-card')!;
    expect(card2.querySelector('img')).toBeNull();
    expect(within(card2).getByText('어제')).toBeTruthy();

    open1.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: '글 1' })).toBeTruthy();
    expect(searchOf(router).post).toBe(1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    screen.getByRole('button', { name: '글 2 자세히 보기' }).focus();
    await user.keyboard(' ');
    expect(await screen.findByRole('dialog', { name: '글 2' })).toBeTruthy();
    vi.useRealTimers();
  });

  it('my comment is edited in place and deleted after a red 삭제 confirm; others\' comments have no such buttons', async () => {
    const user = userEvent.setup();
    const comments = [
      { id: 10, text: '내 댓글', author: { id: 1, name: '나' }, createdAt: '2026-11-20T00:00:00.000Z' },
      { id: 11, text: '남의 댓글', author: { id: 2, name: '다른사람' }, createdAt: '2026-11-20T00:01:00.000Z' },
    ];
    const calls: string[] = [];
    mockFetch({
      'GET /api/board': () => jsonResponse([post(1, { commentCount: comments.length })]),
      'GET /api/board/1/comments': () => jsonResponse(comments),
      'PUT /api/board/1/view': () => new Response(null, { status: 204 }),
      'PUT /api/board/1/comments/10': (_url, init) => {
        const { text } = JSON.parse(String(init?.body)) as { text: string };
        calls.push(`PUT ${text}`);
        comments[0] = { ...comments[0]!, text };
        return jsonResponse(comments[0]);
      },
      'DELETE /api/board/1/comments/10': () => {
        calls.push('DELETE');
        comments.splice(0, 1);
        return new Response(null, { status: 204 });
      },
    });
    renderAt('/board?post=1');
    const dialog = await screen.findByRole('dialog', { name: '글 1' });
    expect(within(dialog).queryByRole('button', { name: '댓글 수정: 남의 댓글' })).toBeNull();
    await user.click(await within(dialog).findByRole('button', { name: '댓글 수정: 내 댓글' }));
    const box = within(dialog).getByRole('textbox', { name: '댓글 수정' });
    await user.clear(box);
    await user.type(box, '고친 댓글');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('고친 댓글')).toBeTruthy();
    expect(calls).toEqual(['PUT 고친 댓글']);

    await user.click(within(dialog).getByRole('button', { name: '삭제: 고친 댓글' }));
    const confirm = within(await screen.findByRole('alertdialog')).getByRole('button', { name: '삭제' });
    expect(confirm.className).toContain('btn--danger-solid');
    await user.click(confirm);
    await findToast('댓글이 삭제되었어요.');
    await waitFor(() => expect(within(dialog).queryByText('고친 댓글')).toBeNull());
    expect(calls).toEqual(['PUT 고친 댓글', 'DELETE']);
    expect(within(dialog).getByText('남의 댓글')).toBeTruthy();
  });

  it("차단하기 on another member's comment asks first, blocks and reloads the board without them (issue #17)", async () => {
    const user = userEvent.setup();
    let blocked = false;
    const bodies: unknown[] = [];
    const comments = [
      { id: 10, text: '내 댓글', author: { id: 1, name: '나' }, createdAt: '2026-11-20T00:00:00.000Z' },
      { id: 11, text: '남의 댓글', author: { id: 2, name: '다른사람' }, createdAt: '2026-11-20T00:01:00.000Z' },
    ];
    mockFetch({
      'GET /api/board': () => jsonResponse([post(1, { author: { id: 3, name: '글쓴이' }, commentCount: blocked ? 1 : 2 })]),
      'GET /api/board/1/comments': () => jsonResponse(blocked ? comments.slice(0, 1) : comments),
      'PUT /api/board/1/view': () => new Response(null, { status: 204 }),
      'POST /api/blocks': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        blocked = true;
        return jsonResponse({ message: '차단했어요.' }, 201);
      },
    });
    renderAt('/board?post=1');
    const dialog = await screen.findByRole('dialog', { name: '글 1' });
    expect(within(dialog).queryByRole('button', { name: '나 차단하기' })).toBeNull();
    await user.click(await within(dialog).findByRole('button', { name: '다른사람 차단하기' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('다른사람님을 차단할까요?');
    await user.click(within(confirm).getByRole('button', { name: '확인' }));
    await findToast('다른사람님을 차단했어요.');
    expect(bodies).toEqual([{ userId: 2 }]);
    await waitFor(() => expect(within(dialog).queryByText('남의 댓글')).toBeNull());
  });

  it('searches on the server after typing rests, with q in the address', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    mockFetch({
      'GET /api/board': (url) => {
        const q = new URL(url, 'http://x').searchParams.get('q');
        if (q !== null) asked.push(q);
        return jsonResponse(q ? [post(2, { tags: ['카페'] })] : [post(1), post(2, { tags: ['카페'] })]);
      },
    });
    const { router } = renderAt('/board');
    await screen.findByRole('button', { name: '글 1 자세히 보기' });
    await user.type(screen.getByRole('searchbox', { name: '게시글 검색' }), ' 카페 ');
    await waitFor(() => expect(searchOf(router).q).toBe('카페'));
    await waitFor(() => expect(screen.queryByRole('button', { name: '글 1 자세히 보기' })).toBeNull());
    expect(screen.getByRole('button', { name: '글 2 자세히 보기' })).toBeTruthy();
    expect(asked).toEqual(['카페']);
  });
});

describe('recommendation page', { timeout: 20_000 }, () => {
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
    renderAt('/restaurant-rec');
    const carousel = await screen.findByRole('region', { name: '추천 맛집' });
    await waitFor(() => expect([...fakeMap.markers.keys()].filter((k) => k.startsWith('post-'))).toEqual(['post-1', 'post-2']));
    expect(warn).toHaveBeenCalled();
    expect(within(carousel).getByRole('button', { name: '글 1 자세히 보기' })).toBeTruthy();
    await user.click(within(carousel).getByRole('button', { name: '이전' }));
    expect(within(carousel).getByRole('button', { name: '글 3 자세히 보기' })).toBeTruthy();
    await user.click(within(carousel).getByRole('button', { name: '다음' }));
    await user.click(within(carousel).getByRole('button', { name: '다음' }));
    expect(within(carousel).getByRole('button', { name: '글 2 자세히 보기' })).toBeTruthy();
    await waitFor(() => expect(fakeMap.raised.at(-1)).toBe('post-2'));
    warn.mockRestore();
  });

  it('shows the empty state, and a failed load as 불러오지 못했어요 with 다시 시도 (not as empty)', async () => {
    mockFetch({ 'GET /api/recommendations': () => jsonResponse([]) });
    const { unmount } = renderAt('/restaurant-rec');
    expect(await screen.findByText('아직 추천 맛집이 없어요. (10점 이상)')).toBeTruthy();
    unmount();
    mockFetch({ 'GET /api/recommendations': () => jsonResponse({ message: 'x' }, 500) });
    renderAt('/restaurant-rec');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('불러오지 못했어요');
    expect(within(alert).getByRole('button', { name: '다시 시도' })).toBeTruthy();
    expect(screen.queryByText('아직 추천 맛집이 없어요. (10점 이상)')).toBeNull();
  });

  it('opens a recommended post in the address (?post=) and closes it with Back', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/recommendations': () => jsonResponse([post(1, { latitude: 37.5, longitude: 127, views: 10 })]),
      'PUT /api/board/1/view': () => new Response(null, { status: 204 }),
    });
    const { router } = renderAt('/restaurant-rec');
    const carousel = await screen.findByRole('region', { name: '추천 맛집' });
    await user.click(within(carousel).getByRole('button', { name: '글 1 자세히 보기' }));
    expect(await screen.findByRole('dialog', { name: '글 1' })).toBeTruthy();
    expect(String(searchOf(router).post)).toBe('1');
    router.history.back();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('board paging and virtualisation (issue #19)', { timeout: 30_000 }, () => {
  /** Three pages of 20 posts (ids 60…1, newest first), the next page named by the Link header. */
  function threePages() {
    const all = Array.from({ length: 60 }, (_, i) => post(60 - i));
    const requested: string[] = [];
    const fetch = mockFetch({
      'GET /api/board': (url) => {
        const params = new URL(url, 'http://x').searchParams;
        requested.push(params.get('cursor') ?? 'first');
        const from = Number(params.get('cursor') ?? '0');
        const limit = Number(params.get('limit') ?? '20');
        const page = all.slice(from, from + limit);
        const next = from + limit < all.length ? `</api/board?cursor=${from + limit}&limit=${limit}>; rel="next"` : null;
        return new Response(JSON.stringify(page), { status: 200, headers: { 'content-type': 'application/json', ...(next ? { link: next } : {}) } });
      },
    });
    return { all, requested, fetch };
  }
  const cards = () => within(screen.getByRole('list', { name: '게시글 목록' })).queryAllByRole('listitem').filter((el) => el.classList.contains('board-card'));

  it('loads one page first, then the next page from the Link on 더 보기, and stops after the last', async () => {
    const user = userEvent.setup();
    const { requested } = threePages();
    renderAt('/board');
    await screen.findByRole('button', { name: '글 60 자세히 보기' });
    expect(requested).toEqual(['first']);
    await user.click(screen.getByRole('button', { name: '더 보기' }));
    await waitFor(() => expect(requested).toEqual(['first', '20']));
    await waitFor(() => expect(screen.getByRole('button', { name: '더 보기' }).hasAttribute('disabled')).toBe(false));
    await user.click(screen.getByRole('button', { name: '더 보기' }));
    await waitFor(() => expect(requested).toEqual(['first', '20', '40']));
    await waitFor(() => expect(screen.queryByRole('button', { name: /더 보기|더 불러오는 중/ })).toBeNull());
  });

  it('renders at most one page plus the virtual window of cards, even with all three pages loaded', async () => {
    const user = userEvent.setup();
    threePages();
    renderAt('/board');
    await screen.findByRole('button', { name: '글 60 자세히 보기' });
    // One column (jsdom has no matchMedia width): rows of one card, 360 px estimated, a 768 px window.
    const windowRows = Math.ceil(window.innerHeight / 360) + 2 * 2;
    expect(cards().length).toBeLessThanOrEqual(Math.min(20, windowRows));
    for (let i = 0; i < 2; i++) {
      await user.click(await screen.findByRole('button', { name: '더 보기' }));
      await waitFor(() => expect(screen.queryByRole('button', { name: '더 불러오는 중...' })).toBeNull());
    }
    await waitFor(() => expect(screen.queryByRole('button', { name: '더 보기' })).toBeNull());
    // 60 posts are loaded, but only the window's cards are in the document (the newest first).
    const shown = cards();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThanOrEqual(20 + windowRows);
    expect(shown.length).toBeLessThan(60);
    expect(shown[0]!.getAttribute('data-post-id')).toBe('60');
    // The list's height stands for all 60 rows, so the page scrolls as if they were there.
    const list = screen.getByRole('list', { name: '게시글 목록' }) as HTMLElement;
    expect(parseInt(list.style.height, 10)).toBe(60 * 360);
  });

  it('opens a post that is not on a loaded page from GET /api/board/{id}', async () => {
    mockFetch({
      'GET /api/board': () => jsonResponse([post(1)]),
      'GET /api/board/99': () => jsonResponse(post(99, { title: '멀리 있는 글' })),
      'GET /api/board/99/comments': () => jsonResponse([{ id: 5, text: '오래된 댓글', author: { id: 2, name: '다른사람' }, createdAt: '2026-11-20T00:00:00.000Z' }]),
      'PUT /api/board/99/view': () => new Response(null, { status: 204 }),
    });
    renderAt('/board?post=99');
    const dialog = await screen.findByRole('dialog', { name: '멀리 있는 글' });
    expect(await within(dialog).findByText('오래된 댓글')).toBeTruthy();
  });
});

describe('measureCardRow (issue #33 item 2: no layout read on mount)', () => {
  const row = document.createElement('div');
  row.setAttribute('data-index', '3');
  const instance = (cached?: number) => {
    const itemSizeCache = new Map<string, number>(cached === undefined ? [] : [['key-3', cached]]);
    return { itemSizeCache, options: { getItemKey: (i: number) => `key-${i}` }, indexFromElement: (el: Element) => Number(el.getAttribute('data-index')) } as unknown as Parameters<typeof measureCardRow>[2];
  };
  const entry = (blockSize: number) => ({ borderBoxSize: [{ blockSize, inlineSize: 360 }] }) as unknown as ResizeObserverEntry;

  it('answers the laid-out height the ResizeObserver reports, rounded', () => {
    expect(measureCardRow(row, entry(412.4), instance())).toBe(412);
  });

  it('on mount (no observer entry) answers the height known so far, the estimate first, without reading the element', () => {
    const reads = vi.spyOn(row, 'getBoundingClientRect');
    expect(measureCardRow(row, undefined, instance())).toBe(CARD_ROW_ESTIMATE);
    expect(measureCardRow(row, undefined, instance(298))).toBe(298);
    expect(measureCardRow(row, entry(0), instance(298))).toBe(298);
    expect(reads).not.toHaveBeenCalled();
  });
});
