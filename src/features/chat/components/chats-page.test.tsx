import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '@/components/ui/toasts';
import { useSession } from '@/lib/session/store';
import { jsonResponse, makeUser, mockFetch } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';
import type { ChatSummary } from '@common/api/chat';

const live = vi.hoisted(() => ({ handlers: new Map<string, (body: unknown) => void>(), connects: new Set<() => void>() }));
vi.mock('@/lib/stomp-client', () => ({
  liveSubscribe: (destination: string, handler: (body: unknown) => void) => {
    live.handlers.set(destination, handler);
    return () => live.handlers.delete(destination);
  },
  onLiveConnect: (listener: () => void) => {
    live.connects.add(listener);
    return () => live.connects.delete(listener);
  },
}));

const { ChatsPage } = await import('./chats-page');
const CHAT_ACTIVITY_DESTINATION = '/topic/user/1/chats';
const { relativeLabel } = await import('../lib/chat-row');

const NOW = new Date('2026-11-24T09:00:00.000Z');
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000).toISOString();
const face = (id: number, name: string) => ({ id, name, profileImage: null });

// What GET /api/chats answers (common/api/chat.ts ChatSummary): a table row names its sender through `faces`.
const table: ChatSummary = {
  kind: 'table', id: 5, scheduleId: 5, placeName: '을지로 국밥', date: '2026-11-25', time: 19, memberCount: 3,
  faces: [face(1, '나나'), face(2, '민지'), face(3, '철수')],
  lastMessage: { id: 40, content: '곧 도착해요', kind: 'text', senderId: 2, createdAt: minutesAgo(5) },
  activityAt: minutesAgo(5), unreadCount: 2, muted: false, readOnly: false,
};
const oneToOne: ChatSummary = {
  kind: 'match', id: 7, scheduleId: 9, placeName: '성수 파스타', date: '2026-11-25', time: 12, partner: face(4, '영희'), memberCount: 2, faces: [face(4, '영희')],
  lastMessage: { id: 12, content: '내일 봬요', kind: 'text', senderId: 4, createdAt: minutesAgo(60 * 26) },
  activityAt: minutesAgo(60 * 26), unreadCount: 0, muted: false, readOnly: false,
};

function renderChats(fetchChats: () => Response) {
  const fetch = mockFetch({
    'GET /api/chats': fetchChats,
    'PUT /api/chats/match/7/mute': (_url, init) => jsonResponse(JSON.parse(String(init?.body))),
    'GET /api/schedules/5/chat': () => jsonResponse([]),
    'GET /api/chat/7/history': () => jsonResponse([]),
  });
  const root = createRootRoute({ component: () => (<><Toasts /><Outlet /></>) });
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/chats', component: ChatsPage }),
    createRoute({ getParentRoute: () => root, path: '/table/$scheduleId', component: () => <h1>모임 채팅</h1> }),
    createRoute({ getParentRoute: () => root, path: '/chat/$matchId', component: () => <h1>1:1 채팅</h1> }),
    createRoute({ getParentRoute: () => root, path: '/matching', component: () => <h1>매칭</h1> }),
  ];
  const router = createRouter({ routeTree: root.addChildren(routes), history: createMemoryHistory({ initialEntries: ['/chats'] }) });
  const queryClient = createTestQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetch, router };
}

const rows = () => screen.getAllByTestId('chat-row');
const rowTitles = () => rows().map((r) => r.querySelector('.chat-row__title')?.textContent);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  live.handlers.clear();
  useSession.setState({ user: makeUser({ id: 1, name: '나나' }) });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('채팅 list (issue #30 item 4)', () => {
  it('lists table and 1:1 conversations with titles, last messages, Korean relative times and unread counts, and opens one', async () => {
    const { router } = renderChats(() => jsonResponse([table, oneToOne]));
    await waitFor(() => expect(rowTitles()).toEqual(['을지로 국밥 모임 (3명)', '성수 파스타 · 영희']));
    const [first, second] = rows();
    expect(within(first!).getByText('민지: 곧 도착해요')).toBeTruthy();
    expect(within(first!).getByText('5분 전')).toBeTruthy();
    expect(within(first!).getByText('읽지 않은 메시지 2개')).toBeTruthy();
    expect(within(second!).getByText('내일 봬요')).toBeTruthy();
    expect(within(second!).getByText('1일 전')).toBeTruthy();
    expect(within(second!).queryByTestId('chat-unread')).toBeNull();
    await userEvent.click(within(first!).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/table/5'));
  });

  it('a live message moves its row to the top and bumps its count without refetching the list', async () => {
    const { fetch } = renderChats(() => jsonResponse([table, oneToOne]));
    await waitFor(() => expect(rows()).toHaveLength(2));
    const listCalls = () => fetch.mock.calls.filter(([u]) => String(u).includes('/api/chats?')).length;
    const before = listCalls();
    act(() => live.handlers.get(CHAT_ACTIVITY_DESTINATION)!({ kind: 'match', id: 7, lastMessage: { id: 13, content: '지금 출발해요', kind: 'text', senderId: 4, createdAt: NOW.toISOString() }, unreadCount: 1, muted: false }));
    await waitFor(() => expect(rowTitles()).toEqual(['성수 파스타 · 영희', '을지로 국밥 모임 (3명)']));
    expect(within(rows()[0]!).getByText('지금 출발해요')).toBeTruthy();
    expect(within(rows()[0]!).getByText('읽지 않은 메시지 1개')).toBeTruthy();
    expect(within(rows()[0]!).getByText('방금')).toBeTruthy();
    // The same message again (a second delivery) changes nothing; my own message does not count.
    act(() => live.handlers.get(CHAT_ACTIVITY_DESTINATION)!({ kind: 'match', id: 7, lastMessage: { id: 13, content: '지금 출발해요', kind: 'text', senderId: 4, createdAt: NOW.toISOString() }, unreadCount: 1, muted: false }));
    act(() => live.handlers.get(CHAT_ACTIVITY_DESTINATION)!({ kind: 'table', id: 5, lastMessage: { id: 41, content: '저도 가요', kind: 'text', senderId: 1, createdAt: NOW.toISOString() }, unreadCount: 2, muted: false }));
    await waitFor(() => expect(rowTitles()[0]).toBe('을지로 국밥 모임 (3명)'));
    expect(within(rows()[0]!).getByText('읽지 않은 메시지 2개')).toBeTruthy();
    expect(within(rows()[1]!).getByText('읽지 않은 메시지 1개')).toBeTruthy();
    expect(listCalls()).toBe(before);
  });

  it('fetches the list again when the live channel (re)connects: what came while it was down is not lost (issue #33 item 2)', async () => {
    const { fetch } = renderChats(() => jsonResponse([table, oneToOne]));
    await waitFor(() => expect(rows()).toHaveLength(2));
    const listCalls = () => fetch.mock.calls.filter(([u]) => String(u).includes('/api/chats?')).length;
    const before = listCalls();
    act(() => {
      for (const connected of live.connects) connected();
    });
    await waitFor(() => expect(listCalls()).toBe(before + 1));
  });

  it('알림 끄기 mutes one conversation (PUT …/mute) and says so; its count stays', async () => {
    const { fetch } = renderChats(() => jsonResponse([table, oneToOne]));
    await waitFor(() => expect(rows()).toHaveLength(2));
    const toggle = within(rows()[1]!).getByRole('button', { name: '성수 파스타 · 영희 알림 끄기' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'));
    expect(toggle.textContent).toBe('알림 켜기');
    const put = fetch.mock.calls.find(([u, init]) => String(u).endsWith('/api/chats/match/7/mute') && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ muted: true });
    expect(await screen.findByText('이 대화의 알림을 껐어요.')).toBeTruthy();
  });

  it('says so when there is no conversation yet, and when the list fails', async () => {
    renderChats(() => jsonResponse([]));
    expect(await screen.findByText(/아직 대화가 없어요/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '식사 약속 찾기' })).toBeTruthy();
  });

  it('shows the error state with 다시 시도 when the list cannot load', async () => {
    renderChats(() => jsonResponse({ message: 'x' }, 500));
    expect(await screen.findByRole('button', { name: '다시 시도' })).toBeTruthy();
  });

  it('relative times: 방금, minutes, days, then the date', () => {
    expect(relativeLabel(NOW.toISOString(), NOW)).toBe('방금');
    expect(relativeLabel(minutesAgo(3), NOW)).toBe('3분 전');
    expect(relativeLabel(minutesAgo(125), NOW)).toBe('2시간 전');
    expect(relativeLabel(minutesAgo(60 * 24 - 1), NOW)).toBe('23시간 전');
    expect(relativeLabel(minutesAgo(60 * 24 * 3 + 90), NOW)).toBe('3일 전');
    expect(relativeLabel(minutesAgo(60 * 24 * 10), NOW)).toBe('11월 14일');
  });
});
