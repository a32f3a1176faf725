import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MatchRequest } from '@common/api/matches';
import type { ChatMessage } from '@common/realtime';
import { jsonResponse, makeMatchRequest, makeUser, memberRef, mockFetch } from '@/test/fixtures';
import { renderWithFeedback, textResponse } from '@/test/render';

/** A controllable stand-in for the live channel. */
const live = vi.hoisted(() => ({
  handlers: new Map<string, (body: unknown) => void>(),
  reconnect: new Set<() => void>(),
  published: [] as Array<{ destination: string; body: unknown }>,
  connected: true,
}));

vi.mock('@/lib/stomp-client', async () => {
  const { create } = await import('zustand');
  const useLiveStatus = create<{ connected: boolean }>()(() => ({ connected: true }));
  return {
    useLiveStatus,
    liveSubscribe: (destination: string, handler: (body: unknown) => void) => {
      live.handlers.set(destination, handler);
      return () => live.handlers.delete(destination);
    },
    onLiveConnect: (l: () => void) => {
      live.reconnect.add(l);
      return () => live.reconnect.delete(l);
    },
    livePublish: (destination: string, body: unknown) => {
      if (!useLiveStatus.getState().connected) return false;
      live.published.push({ destination, body });
      return true;
    },
  };
});

const { useLiveStatus } = await import('@/lib/stomp-client');
const { ChatPage, mergeMessages } = await import('./chat-page');
const { invalidateForNotification } = await import('@/lib/query/invalidation');

const me = makeUser({ id: 1, name: '나나' });
const msg = (id: number, content: string, senderId = 2): ChatMessage => ({ id, matchId: 7, senderId, senderName: senderId === 1 ? '나나' : '상대', content, createdAt: '2026-11-22T03:00:00.000Z' });
const opponent = { opponentId: 2, opponentName: '상대', opponentProfileImage: null };

beforeEach(() => {
  live.handlers.clear();
  live.reconnect.clear();
  live.published.length = 0;
  useLiveStatus.setState({ connected: true });
});
afterEach(() => vi.unstubAllGlobals());

function texts(): string[] {
  return within(screen.getByRole('log', { name: '대화 내용' }))
    .queryAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent ?? '');
}

describe('ChatPage (SPEC §2, §4 Chat, §5)', () => {
  it('shows the history first, appends live messages without duplicates and catches up after a reconnect', async () => {
    const fetch = mockFetch({
      'GET /api/chat/7/history': (url) => (url.includes('after=3') ? jsonResponse([msg(3, '셋'), msg(4, '넷')]) : jsonResponse([msg(1, '하나'), msg(2, '둘', 1)])),
    });
    renderWithFeedback(<ChatPage matchId={7} user={me} opponent={opponent} onLeft={() => undefined} />);
    expect(screen.getByRole('heading', { level: 1, name: '상대님과의 채팅' })).toBeTruthy();
    await waitFor(() => expect(texts()).toEqual(['하나', '둘']));
    act(() => live.handlers.get('/topic/chat/7')!(msg(3, '셋')));
    act(() => live.handlers.get('/topic/chat/7')!(msg(3, '셋')));
    await waitFor(() => expect(texts()).toEqual(['하나', '둘', '셋']));
    act(() => [...live.reconnect].forEach((l) => l()));
    await waitFor(() => expect(texts()).toEqual(['하나', '둘', '셋', '넷']));
    expect(fetch.mock.calls.some(([u]) => String(u).includes('after=3'))).toBe(true);
    expect(screen.getAllByText('나').length).toBeGreaterThan(0);
  });

  it('sends live when connected, through POST /messages when the live channel is down; never blank or signed out', async () => {
    const fetch = mockFetch({
      'GET /api/chat/7/history': () => jsonResponse([]),
      'POST /api/chat/7/messages': (_url, init) => jsonResponse(msg(9, (JSON.parse(String(init?.body)) as { content: string }).content, 1), 201),
    });
    const user = userEvent.setup();
    const { unmount } = renderWithFeedback(<ChatPage matchId={7} user={me} opponent={opponent} onLeft={() => undefined} />);
    const box = screen.getByRole('textbox', { name: '메시지를 입력하세요' });
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: '전송' }));
    expect(live.published).toHaveLength(0);
    act(() => useLiveStatus.setState({ connected: false }));
    await user.clear(box);
    await user.type(box, '끊긴 동안');
    await user.click(screen.getByRole('button', { name: '전송' }));
    expect(live.published).toHaveLength(0);
    expect(screen.getByText('연결 중…')).toBeTruthy();
    await waitFor(() => expect(texts()).toEqual(['끊긴 동안']));
    const post = fetch.mock.calls.find(([u, init]) => String(u).endsWith('/api/chat/7/messages') && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ content: '끊긴 동안' });
    expect((post?.[1]?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    act(() => useLiveStatus.setState({ connected: true }));
    await user.type(box, '안녕하세요');
    await user.click(screen.getByRole('button', { name: '전송' }));
    expect(live.published).toEqual([{ destination: '/app/chat/7', body: { senderId: 1, senderName: '나나', content: '안녕하세요' } }]);
    expect((box as HTMLInputElement).value).toBe('');
    unmount();
    renderWithFeedback(<ChatPage matchId={7} user={null} opponent={opponent} onLeft={() => undefined} />);
    await user.type(screen.getByRole('textbox', { name: '메시지를 입력하세요' }), '누구');
    await user.click(screen.getByRole('button', { name: '전송' }));
    expect(live.published).toHaveLength(1);
  }, 20_000);

  it('keeps the messages in the query cache: live ones are appended there, an invalidation (new_message, replayed outbox write) refetches', async () => {
    let server = [msg(1, '하나')];
    mockFetch({ 'GET /api/chat/7/history': () => jsonResponse(server) });
    const { queryClient } = renderWithFeedback(<ChatPage matchId={7} user={me} opponent={opponent} onLeft={() => undefined} />);
    await waitFor(() => expect(texts()).toEqual(['하나']));
    act(() => live.handlers.get('/topic/chat/7')!(msg(2, '둘')));
    await waitFor(() => expect(texts()).toEqual(['하나', '둘']));
    expect(queryClient.getQueryData<ChatMessage[]>(['chat', 7])?.map((m) => m.content)).toEqual(['하나', '둘']);
    // A message posted elsewhere (e.g. replayed from the outbox) arrives through the refetch.
    server = [msg(1, '하나'), msg(2, '둘'), msg(3, '오프라인에서 쓴 말', 1)];
    await act(() => queryClient.invalidateQueries({ queryKey: ['chat', 7] }));
    await waitFor(() => expect(texts()).toEqual(['하나', '둘', '오프라인에서 쓴 말']));
  });

  it('a failed history load says so and retries', async () => {
    let fail = true;
    mockFetch({ 'GET /api/chat/7/history': () => (fail ? jsonResponse({ message: '서버 오류' }, 500) : jsonResponse([msg(1, '다시 왔어요')])) });
    const user = userEvent.setup();
    renderWithFeedback(<ChatPage matchId={7} user={me} opponent={opponent} onLeft={() => undefined} />);
    expect((await screen.findByRole('alert')).textContent).toContain('불러오지 못했어요');
    fail = false;
    await user.click(screen.getByRole('button', { name: '다시 시도' }));
    await waitFor(() => expect(texts()).toEqual(['다시 왔어요']));
  });

  it('without navigation state finds the partner on the server (sent requests)', async () => {
    mockFetch({
      'GET /api/matches': () => jsonResponse([]),
      'GET /api/matches/sent': () =>
        jsonResponse([{ id: 7, status: 'ACCEPTED', requester: { id: 1, name: '나나', profileImage: null }, schedule: { id: 3, member: { id: 5, name: '호스트', profileImage: null } } }]),
      'GET /api/chat/7/history': () => jsonResponse([msg(1, '기록')]),
    });
    renderWithFeedback(<ChatPage matchId={7} user={me} opponent={null} onLeft={() => undefined} />);
    expect(await screen.findByRole('heading', { level: 1, name: '호스트님과의 채팅' })).toBeTruthy();
    await waitFor(() => expect(texts()).toEqual(['기록']));
  });

  it('a match that is not the member\'s shows "채팅 상대를 찾을 수 없습니다."', async () => {
    mockFetch({ 'GET /api/matches': () => jsonResponse([]), 'GET /api/matches/sent': () => jsonResponse([]) });
    renderWithFeedback(<ChatPage matchId={7} user={me} opponent={null} onLeft={() => undefined} />);
    expect(await screen.findByText('채팅 상대를 찾을 수 없습니다.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('leaving asks first, deletes the match, says so and goes back', async () => {
    const fetch = mockFetch({
      'GET /api/chat/7/history': () => jsonResponse([]),
      'DELETE /api/matches/7': () => textResponse('매칭이 삭제되었습니다.'),
    });
    const onLeft = vi.fn();
    const user = userEvent.setup();
    renderWithFeedback(<ChatPage matchId={7} user={me} opponent={opponent} onLeft={onLeft} />);
    await user.click(screen.getByRole('button', { name: '나가기' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('채팅방을 나가면 대화 내용이 모두 사라집니다. 나가시겠습니까?');
    await user.click(within(dialog).getByRole('button', { name: '확인' }));
    expect(await screen.findByText('채팅방을 나갔습니다.')).toBeTruthy();
    expect(onLeft).toHaveBeenCalledOnce();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });
});

describe('ChatPage and the meal lifecycle (issue #15)', () => {
  const future = { date: '2099-12-14', time: 18 };
  const past = { date: '2026-11-20', time: 18 };
  /** Match 7, which I requested from 상대 (id 2). */
  const sentMatch = (status: MatchRequest['status'], schedule: Partial<MatchRequest['schedule']>, extra: Partial<MatchRequest> = {}) =>
    makeMatchRequest({ id: 7, status, requester: memberRef(1, '나나'), ...extra, schedule: { member: memberRef(2, '상대', { mealCount: 5, noShowCount: 0, lateCancelCount: 2 }), ...schedule } });

  async function leaveText(match: MatchRequest): Promise<string> {
    mockFetch({ 'GET /api/matches': () => jsonResponse([]), 'GET /api/matches/sent': () => jsonResponse([match]), 'GET /api/chat/7/history': () => jsonResponse([]) });
    const user = userEvent.setup();
    const view = renderWithFeedback(<ChatPage matchId={7} user={me} opponent={opponent} onLeft={() => undefined} />);
    // The partner's figures come with the match.
    expect(await screen.findByText('식사 5회 · 노쇼 0 · 늦은 취소 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '나가기' }));
    const dialog = await screen.findByRole('alertdialog');
    const text = dialog.textContent ?? '';
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    view.unmount();
    return text;
  }

  it('the leave confirm says what will happen: before the meal it cancels, after the start it only hides my chat', async () => {
    expect(await leaveText(sentMatch('ACCEPTED', future))).toContain('나가면 약속이 취소되고 상대방에게 알림이 가요.');
    expect(await leaveText(sentMatch('CONFIRMED', future))).toContain('나가면 약속이 취소되고 상대방에게 알림이 가요.');
    const after = await leaveText(sentMatch('CONFIRMED', past));
    expect(after).toContain('대화방이 내 목록에서만 사라져요. 상대방의 대화는 그대로 남아요.');
    expect(after).not.toContain('취소되고');
  });

  it('a cancelled match shows "취소된 약속이에요" and no input; a refused history leaves the notice alone', async () => {
    mockFetch({
      'GET /api/matches': () => jsonResponse([]),
      'GET /api/matches/sent': () => jsonResponse([sentMatch('CANCELLED', future, { cancelledBy: 'host' })]),
      'GET /api/chat/7/history': () => jsonResponse({ message: '취소된 약속이에요.' }, 403),
    });
    renderWithFeedback(<ChatPage matchId={7} user={me} opponent={opponent} onLeft={() => undefined} />);
    expect(await screen.findByText('취소된 약속이에요. 메시지를 보낼 수 없어요.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: '전송' })).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: '다시 시도' })).toBeNull();
  });

  it('a match_cancelled notification for the open chat switches it to the cancelled state without a reload; the history stays', async () => {
    let status: MatchRequest['status'] = 'CONFIRMED';
    mockFetch({
      'GET /api/matches': () => jsonResponse([]),
      'GET /api/matches/sent': () => jsonResponse([sentMatch(status, future, status === 'CANCELLED' ? { cancelledBy: 'host', cancelReason: '일정이 생겼어요' } : {})]),
      'GET /api/chat/7/history': () => jsonResponse([msg(1, '내일 봬요')]),
    });
    const { queryClient } = renderWithFeedback(<ChatPage matchId={7} user={me} opponent={opponent} onLeft={() => undefined} />);
    await waitFor(() => expect(texts()).toEqual(['내일 봬요']));
    await screen.findByText('식사 5회 · 노쇼 0 · 늦은 취소 2');
    expect(screen.getByRole('textbox', { name: '메시지를 입력하세요' })).toBeTruthy();
    status = 'CANCELLED';
    // What the notifications store does with a live match_cancelled (src/lib/query/invalidation.ts).
    act(() => void invalidateForNotification(queryClient, { type: 'match_cancelled', matchId: 7 }));
    expect(await screen.findByText('취소된 약속이에요. 메시지를 보낼 수 없어요.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(texts()).toEqual(['내일 봬요']);
  });
});

describe('mergeMessages', () => {
  it('keeps ids unique and ordered', () => {
    expect(mergeMessages([msg(2, 'b'), msg(1, 'a')].sort((x, y) => x.id - y.id), [msg(3, 'c'), msg(2, 'b')]).map((m) => m.id)).toEqual([1, 2, 3]);
  });
});
