import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationItem } from '@common/api/notifications';
import { Toasts } from '@/components/ui/toasts';
import { queryRoots } from '@/lib/query/keys';
import { jsonResponse, mockFetch } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';
import { nextBefore } from '../api/notifications';
import { markChatNotificationsRead } from '../hooks/use-mark-chat-read';
import { bellLabel, NotificationBell } from './notification-bell';
import { NotificationsPage, relativeTime } from './notifications-page';

const NOW = new Date('2026-11-24T09:00:00.000Z');
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000).toISOString();

function item(id: number, overrides: Partial<NotificationItem> = {}): NotificationItem {
  return { id, type: 'new_match_request', message: `민지${id}님이 매칭을 신청했습니다.`, link: '/match-requests', read: false, createdAt: minutesAgo(100 - id), ...overrides };
}

/** A router with the bell on every page, the inbox, a chat and the activity page. */
function renderApp(path: string, queryClient: QueryClient = createTestQueryClient()) {
  const root = createRootRoute({
    component: () => (
      <>
        <Toasts />
        <NotificationBell />
        <Outlet />
      </>
    ),
  });
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/notifications', component: NotificationsPage }),
    createRoute({ getParentRoute: () => root, path: '/match-requests', component: () => <h1>활동 내역</h1> }),
    createRoute({ getParentRoute: () => root, path: '/chat/$matchId', component: () => <h1>채팅</h1> }),
  ];
  const router = createRouter({ routeTree: root.addChildren(routes), history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

/** A fake inbox server: `items` newest id first, pages of `limit` by `before`, read marks, the count. */
function inboxServer(items: NotificationItem[]) {
  const state = { items, reads: [] as unknown[] };
  const fetch = mockFetch({
    'GET /api/notifications': (url) => {
      const params = new URL(url, 'http://x').searchParams;
      const before = params.get('before') ? Number(params.get('before')) : Infinity;
      const limit = Number(params.get('limit') ?? 20);
      return jsonResponse(state.items.filter((i) => i.id < before).slice(0, limit));
    },
    'GET /api/notifications/unread-count': () => jsonResponse({ count: state.items.filter((i) => !i.read).length }),
    'POST /api/notifications/read': (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { ids?: number[]; all?: true };
      state.reads.push(body);
      state.items = state.items.map((i) => (body.all || body.ids?.includes(i.id) ? { ...i, read: true } : i));
      return new Response(null, { status: 204 });
    },
  });
  return { state, fetch };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the bell (issue #16 item 5)', () => {
  it('says the server unread count in its name and badge, links to /notifications, and follows the count', async () => {
    const server = inboxServer([item(3), item(2), item(1, { read: true })]);
    const { queryClient } = renderApp('/match-requests');
    const bell = await screen.findByRole('link', { name: '알림 2개 읽지 않음' });
    expect(bell.getAttribute('href')).toBe('/notifications');
    expect(within(bell).getByText('2')).toBeTruthy();
    // a live notification invalidates the count: it is read again from the server
    server.state.items = [item(4), ...server.state.items];
    await act(() => queryClient.invalidateQueries({ queryKey: queryRoots.notificationsUnread }));
    expect(await screen.findByRole('link', { name: '알림 3개 읽지 않음' })).toBeTruthy();
    server.state.items = server.state.items.map((i) => ({ ...i, read: true }));
    await act(() => queryClient.invalidateQueries({ queryKey: queryRoots.notificationsUnread }));
    const quiet = await screen.findByRole('link', { name: '알림' });
    expect(quiet.querySelector('.badge')).toBeNull();
  });

  it('labels and caps the badge', () => {
    expect(bellLabel(0)).toBe('알림');
    expect(bellLabel(3)).toBe('알림 3개 읽지 않음');
  });
});

describe('the inbox page (issue #16 item 5)', () => {
  it('lists newest first with Korean relative times and unread marks, pages with 더 보기, and shows the empty state', async () => {
    const items = Array.from({ length: 25 }, (_, i) => item(25 - i, { read: 25 - i <= 20 }));
    const server = inboxServer(items);
    renderApp('/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: '알림' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: '알림 목록' });
    let rows = within(list).getAllByRole('link');
    expect(rows).toHaveLength(20);
    expect(rows[0]!.textContent).toContain('읽지 않음: 민지25님이 매칭을 신청했습니다.');
    expect(rows[0]!.textContent).toContain('1시간 전');
    expect(rows[5]!.textContent).not.toContain('읽지 않음');
    await userEvent.click(screen.getByRole('button', { name: '더 보기' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(25));
    expect(server.fetch).toHaveBeenCalledWith(expect.stringContaining('before=6'), expect.anything());
    // the last page was short: no more 더 보기
    expect(screen.queryByRole('button', { name: '더 보기' })).toBeNull();
    rows = within(list).getAllByRole('link');
    expect(rows[24]!.textContent).toContain('민지1님');
  });

  it('says 새 알림이 없어요. when there is nothing, and the error state with 다시 시도 when the list fails', async () => {
    inboxServer([]);
    renderApp('/notifications');
    expect(await screen.findByText('새 알림이 없어요.')).toBeTruthy();
    expect((screen.getByRole('button', { name: '모두 읽음' }) as HTMLButtonElement).disabled).toBe(true);
    vi.unstubAllGlobals();
  });

  it('shows the load error with 다시 시도', async () => {
    mockFetch({ 'GET /api/notifications': () => jsonResponse({ message: 'x' }, 500), 'GET /api/notifications/unread-count': () => jsonResponse({ count: 0 }) });
    renderApp('/notifications');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeTruthy();
  });

  it('opening an item marks it read and goes to its link; 모두 읽음 marks everything and the bell goes quiet', async () => {
    const server = inboxServer([item(3, { type: 'new_message', link: '/chat/9', matchId: 9, message: '민지님이 새 메시지를 보냈습니다.' }), item(2), item(1)]);
    const { router } = renderApp('/notifications');
    await screen.findByRole('link', { name: '알림 3개 읽지 않음' });
    await userEvent.click(await screen.findByRole('link', { name: /민지님이 새 메시지를 보냈습니다/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/9'));
    expect(server.state.reads).toEqual([{ ids: [3] }]);
    expect(await screen.findByRole('link', { name: '알림 2개 읽지 않음' })).toBeTruthy();
    await act(() => router.navigate({ to: '/notifications' }));
    await userEvent.click(await screen.findByRole('button', { name: '모두 읽음' }));
    await waitFor(() => expect(server.state.reads).toEqual([{ ids: [3] }, { all: true }]));
    expect(await screen.findByRole('link', { name: '알림' })).toBeTruthy();
    const list = screen.getByRole('list', { name: '알림 목록' });
    await waitFor(() => expect(within(list).queryAllByText(/읽지 않음/)).toHaveLength(0));
  });
});

describe('opening a chat marks its message notifications read (issue #16 item 5)', () => {
  it("finds the chat's unread new_message items and marks only those", async () => {
    const server = inboxServer([
      item(5, { type: 'new_message', matchId: 9, link: '/chat/9' }),
      item(4, { type: 'new_message', matchId: 8, link: '/chat/8' }),
      item(3, { type: 'match_accepted', matchId: 9 }),
    ]);
    const client = createTestQueryClient();
    expect(await markChatNotificationsRead(client, 9)).toEqual([5]);
    expect(server.state.reads).toEqual([{ ids: [5] }]);
    // nothing left for that chat: no read call
    expect(await markChatNotificationsRead(client, 9)).toEqual([]);
    expect(server.state.reads).toHaveLength(1);
  });
});

describe('inbox helpers', () => {
  it('relative time in Korean', () => {
    expect(relativeTime(minutesAgo(0.5), NOW)).toBe('방금');
    expect(relativeTime(minutesAgo(3), NOW)).toBe('3분 전');
    expect(relativeTime(minutesAgo(125), NOW)).toBe('2시간 전');
  });

  it('the next page starts before the last id of a full page', () => {
    expect(nextBefore(Array.from({ length: 20 }, (_, i) => item(40 - i)))).toBe(21);
    expect(nextBefore([item(3)])).toBeUndefined();
  });
});
