import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MatchRequest } from '@common/api/matches';
import type { ChatMessage } from '@common/realtime';
import type { RoomData } from '../api/conversation';
import { jsonResponse, makeMatchRequest, makeUser, memberRef, mockFetch } from '@/test/fixtures';
import { renderWithFeedback, textResponse } from '@/test/render';

/** A controllable stand-in for the live channel. */
const live = vi.hoisted(() => ({
  handlers: new Map<string, (body: unknown) => void>(),
  reconnect: new Set<() => void>(),
  published: [] as Array<{ destination: string; body: unknown }>,
  /** The SEND headers and receipt callbacks of each publish (issue #16). */
  options: [] as Array<{ headers?: Record<string, string>; onReceipt?: () => void }>,
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
    livePublish: (destination: string, body: unknown, options: { headers?: Record<string, string>; onReceipt?: () => void } = {}) => {
      if (!useLiveStatus.getState().connected) return false;
      live.published.push({ destination, body });
      live.options.push(options);
      return true;
    },
  };
});

const { useLiveStatus } = await import('@/lib/stomp-client');
const { ChatPage, mergeMessages } = await import('./chat-page');
const { roomMessages } = await import('../api/conversation');
const { clearInFlight } = await import('../lib/live-send');
const { invalidateForNotification } = await import('@/shared/query/invalidation');

const me = makeUser({ id: 1, name: '나나' });
const msg = (id: number, content: string, senderId = 2): ChatMessage => ({ id, matchId: 7, senderId, senderName: senderId === 1 ? '나나' : '상대', content, createdAt: '2026-11-22T03:00:00.000Z' });
const opponent = { opponentId: 2, opponentName: '상대', opponentProfileImage: null };

beforeEach(() => {
  live.handlers.clear();
  live.reconnect.clear();
  live.published.length = 0;
  live.options.length = 0;
  useLiveStatus.setState({ connected: true });
  clearInFlight();
});
afterEach(() => vi.unstubAllGlobals());

/** Opens the header's ⋯ menu (issue #30 item 5) and picks `name`. */
async function chooseFromMenu(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: '채팅 메뉴' }));
  await user.click(await screen.findByRole('menuitem', { name }));
}

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
    await waitFor(() => expect(texts()).toEqual(['하나', '둘', '셋', '넷']), SLOW);
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
    // The message's client-id goes in the body too (issue #16 item 4), so a resend is stored once.
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ content: '끊긴 동안', clientId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown });
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
    expect(roomMessages(queryClient.getQueryData<RoomData>(['chat', 7])).map((m) => m.content)).toEqual(['하나', '둘']);
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

  it('without navigation state finds the partner on the server: GET /api/matches/{id}, however old the match (issue #19)', async () => {
    // I requested it: the partner is the host.
    const fetch = mockFetch({
      'GET /api/matches/7': () => jsonResponse(makeMatchRequest({ id: 7, status: 'ACCEPTED', requester: memberRef(1, '나나'), schedule: { id: 3, member: memberRef(5, '호스트') } })),
      'GET /api/chat/7/history': () => jsonResponse([msg(1, '기록')]),
    });
    const view = renderWithFeedback(<ChatPage matchId={7} user={me} opponent={null} onLeft={() => undefined} />);
    expect(await screen.findByRole('heading', { level: 1, name: '호스트님과의 채팅' })).toBeTruthy();
    await waitFor(() => expect(texts()).toEqual(['기록']));
    // One match by id; the lists (and their ?limit=100 lookups) are not read any more.
    const urls = fetch.mock.calls.map(([u]) => String(u));
    expect(urls.some((u) => /\/api\/matches\/7$/.test(u))).toBe(true);
    expect(urls.some((u) => /\/api\/matches(\/sent)?(\?|$)/.test(u))).toBe(false);
    view.unmount();
    // I host it: the partner is the requester.
    mockFetch({
      'GET /api/matches/8': () => jsonResponse(makeMatchRequest({ id: 8, status: 'CONFIRMED', requester: memberRef(6, '신청자'), schedule: { id: 4, member: memberRef(1, '나나') } })),
      'GET /api/chat/8/history': () => jsonResponse([]),
    });
    renderWithFeedback(<ChatPage matchId={8} user={me} opponent={null} onLeft={() => undefined} />);
    expect(await screen.findByRole('heading', { level: 1, name: '신청자님과의 채팅' })).toBeTruthy();
  });

  it('a failed match load (not a 404) shows 다시 시도, and retrying finds the partner', async () => {
    let fail = true;
    mockFetch({
      'GET /api/matches/7': () =>
        fail ? jsonResponse({ message: '잠시 후 다시 시도해주세요.' }, 400) : jsonResponse(makeMatchRequest({ id: 7, requester: memberRef(1, '나나'), schedule: { member: memberRef(5, '호스트') } })),
      'GET /api/chat/7/history': () => jsonResponse([]),
    });
    const user = userEvent.setup();
    renderWithFeedback(<ChatPage matchId={7} user={me} opponent={null} onLeft={() => undefined} />);
    const retry = await screen.findByRole('button', { name: '다시 시도' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: '호스트님과의 채팅' })).toBeTruthy();
  });

  it('a match that is not the member\'s shows "채팅 상대를 찾을 수 없어요."', async () => {
    mockFetch({ 'GET /api/matches/7': () => jsonResponse({ message: '매칭을 찾을 수 없어요.', code: 'MATCH_NOT_FOUND' }, 404) });
    renderWithFeedback(<ChatPage matchId={7} user={me} opponent={null} onLeft={() => undefined} />);
    expect(await screen.findByText('채팅 상대를 찾을 수 없어요.')).toBeTruthy();
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
    await chooseFromMenu(user, '나가기');
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('채팅방을 나가면 대화 내용이 모두 사라집니다. 나갈까요?');
    await user.click(within(dialog).getByRole('button', { name: '나가기' }));
    expect(await screen.findByText('채팅방을 나갔어요.')).toBeTruthy();
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
    mockFetch({ 'GET /api/matches/7': () => jsonResponse(match), 'GET /api/chat/7/history': () => jsonResponse([]) });
    const user = userEvent.setup();
    const view = renderWithFeedback(<ChatPage matchId={7} user={me} opponent={opponent} onLeft={() => undefined} />);
    // The partner's figures come with the match.
    expect(await screen.findByText('식사 5회 · 노쇼 0 · 늦은 취소 2')).toBeTruthy();
    await chooseFromMenu(user, '나가기');
    const dialog = await screen.findByRole('alertdialog');
    const text = dialog.textContent ?? '';
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    view.unmount();
    return text;
  }

  it('the leave confirm says what will happen: before the meal it cancels, after the start it only hides my chat', async () => {
    expect(await leaveText(sentMatch('ACCEPTED', future))).toContain('나가면 약속이 취소되고 상대방에게 알림이 가요.');
    const early = await leaveText(sentMatch('CONFIRMED', future));
    expect(early).toContain('나가면 약속이 취소되고 상대방에게 알림이 가요.');
    expect(early).not.toContain('늦은 취소');
    // Issue #28 item 3: inside the late window the confirm says it will be recorded.
    const late = await leaveText(sentMatch('CONFIRMED', future, { lateCancelFrom: new Date(Date.now() - 60_000).toISOString() }));
    expect(late).toContain('지금 취소하면 늦은 취소로 기록돼요. (최근 180일 동안 프로필에 표시)');
    const after = await leaveText(sentMatch('CONFIRMED', past));
    expect(after).toContain('대화방이 내 목록에서만 사라져요. 상대방의 대화는 그대로 남아요.');
    expect(after).not.toContain('취소되고');
  });

  it('a cancelled match shows "취소된 약속이에요" and no input; a refused history leaves the notice alone', async () => {
    mockFetch({
      'GET /api/matches/7': () => jsonResponse(sentMatch('CANCELLED', future, { cancelledBy: 'host' })),
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
      'GET /api/matches/7': () => jsonResponse(sentMatch(status, future, status === 'CANCELLED' ? { cancelledBy: 'host', cancelReason: '일정이 생겼어요' } : {})),
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

/** A loaded 2-core machine renders 150 rows slowly. */
const SLOW = { timeout: 5_000 };

describe('ChatPage reads like a messenger (issue #16 item 7)', () => {
  it('shows each message\'s KST time and a separator for each KST day; the log is a polite live region', async () => {
    mockFetch({
      'GET /api/chat/7/history': () =>
        jsonResponse([
          { ...msg(1, '일요일 저녁'), createdAt: '2026-11-22T09:05:00.000Z' },
          { ...msg(2, '같은 날', 1), createdAt: '2026-11-22T14:59:00.000Z' },
          { ...msg(3, '화요일 자정'), createdAt: '2026-11-23T15:00:00.000Z' },
        ]),
    });
    renderWithFeedback(<ChatPage matchId={7} user={me} opponent={opponent} onLeft={() => undefined} />);
    await waitFor(() => expect(texts()).toEqual(['일요일 저녁', '같은 날', '화요일 자정']));
    const log = screen.getByRole('log', { name: '대화 내용' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    const days = [...log.querySelectorAll('.chat__day')].map((d) => d.textContent);
    expect(days).toEqual(['11월 22일 일요일', '11월 24일 화요일']);
    const times = within(log)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('time')?.textContent);
    expect(times).toEqual(['오후 6:05', '오후 11:59', '오전 12:00']);
    expect(log.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-22T09:05:00.000Z');
  });

  it('names the meal in the header: place, date, hour and status (취소됨 once cancelled)', async () => {
    const match = (status: MatchRequest['status'], cancelled = false) =>
      makeMatchRequest({ id: 7, status, requester: memberRef(1, '나나'), schedule: { member: memberRef(2, '상대'), placeName: '을지로 국밥', date: '2099-12-14', time: 18, cancelled } });
    let current = match('CONFIRMED');
    mockFetch({ 'GET /api/matches/7': () => jsonResponse(current), 'GET /api/chat/7/history': () => jsonResponse([]) });
    const { queryClient } = renderWithFeedback(<ChatPage matchId={7} user={me} opponent={opponent} onLeft={() => undefined} />);
    expect(await screen.findByText('을지로 국밥 · 12월 14일 (월) 오후 6시 · 확정됨')).toBeTruthy();
    current = match('ACCEPTED', true);
    await act(() => queryClient.invalidateQueries({ queryKey: ['matches'] }));
    expect(await screen.findByText('을지로 국밥 · 12월 14일 (월) 오후 6시 · 취소됨')).toBeTruthy();
  });

  it('loads older messages by the before cursor when scrolled to the top, keeps the position, and stops at the first message', async () => {
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => msg(from + i, `m${from + i}`));
    let release: () => void = () => undefined;
    const fetch = mockFetch({
      'GET /api/chat/7/history': async (url) => {
        if (url.includes('before=101')) {
          await new Promise<void>((r) => (release = r));
          return jsonResponse(range(51, 100));
        }
        if (url.includes('before=51')) return jsonResponse(range(40, 50));
        return jsonResponse(range(101, 200));
      },
    });
    renderWithFeedback(<ChatPage matchId={7} user={me} opponent={opponent} onLeft={() => undefined} />);
    await waitFor(() => expect(texts()).toHaveLength(100), SLOW);
    const log = screen.getByRole('log', { name: '대화 내용' });
    // jsdom has no layout: each row is 20 px, the log shows 200 px.
    let top = 0;
    Object.defineProperty(log, 'scrollHeight', { configurable: true, get: () => log.querySelectorAll('li').length * 20 });
    Object.defineProperty(log, 'clientHeight', { configurable: true, get: () => 200 });
    Object.defineProperty(log, 'scrollTop', { configurable: true, get: () => top, set: (v: number) => (top = v) });
    top = 0;
    fireEvent.scroll(log);
    expect(await screen.findByText('이전 메시지 불러오는 중…', {}, SLOW)).toBeTruthy();
    act(() => release());
    await waitFor(() => expect(texts()).toHaveLength(150), SLOW);
    expect(texts()[0]).toBe('m51');
    expect(screen.queryByText('이전 메시지 불러오는 중…')).toBeNull();
    // The 50 older rows (1000 px) went above: the member still sees what they saw.
    expect(top).toBe(1000);
    top = 10;
    fireEvent.scroll(log);
    await waitFor(() => expect(texts()[0]).toBe('m40'), SLOW);
    // Fewer than a page came back: that was the first message, no more requests.
    top = 0;
    fireEvent.scroll(log);
    await new Promise((r) => setTimeout(r, 50));
    const before = fetch.mock.calls.filter(([u]) => String(u).includes('before='));
    expect(before.map(([u]) => new URL(String(u), 'http://x').searchParams.get('before'))).toEqual(['101', '51']);
    expect(String(before[0]![0])).toContain('limit=50');
  }, 40_000);

  it('a short history asks for nothing older', async () => {
    const fetch = mockFetch({ 'GET /api/chat/7/history': () => jsonResponse([msg(1, '하나')]) });
    renderWithFeedback(<ChatPage matchId={7} user={me} opponent={opponent} onLeft={() => undefined} />);
    await waitFor(() => expect(texts()).toEqual(['하나']));
    fireEvent.scroll(screen.getByRole('log', { name: '대화 내용' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(fetch.mock.calls.some(([u]) => String(u).includes('before='))).toBe(false);
  });

  it('keeps the newest message in view when the phone keyboard shrinks the viewport, only if it was in view', async () => {
    const viewport = new EventTarget();
    vi.stubGlobal('visualViewport', viewport);
    mockFetch({ 'GET /api/chat/7/history': () => jsonResponse([msg(1, '하나'), msg(2, '둘')]) });
    renderWithFeedback(<ChatPage matchId={7} user={me} opponent={opponent} onLeft={() => undefined} />);
    await waitFor(() => expect(texts()).toEqual(['하나', '둘']));
    const log = screen.getByRole('log', { name: '대화 내용' });
    let top = 0;
    let height = 1000;
    Object.defineProperty(log, 'scrollHeight', { configurable: true, get: () => height });
    Object.defineProperty(log, 'clientHeight', { configurable: true, get: () => 400 });
    Object.defineProperty(log, 'scrollTop', { configurable: true, get: () => top, set: (v: number) => (top = v) });
    top = 600;
    fireEvent.scroll(log);
    // The keyboard opens: the log is shorter, the browser leaves scrollTop where it was.
    Object.defineProperty(log, 'clientHeight', { configurable: true, get: () => 200 });
    viewport.dispatchEvent(new Event('resize'));
    expect(top).toBe(1000);
    // Scrolled up to read: a resize leaves the position alone.
    top = 300;
    height = 1000;
    fireEvent.scroll(log);
    viewport.dispatchEvent(new Event('resize'));
    expect(top).toBe(300);
  });
});

describe('ChatPage never loses a message (issue #16 item 4)', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  async function sendText(content: string) {
    const box = screen.getByRole('textbox', { name: '메시지를 입력하세요' });
    fireEvent.change(box, { target: { value: content } });
    fireEvent.click(screen.getByRole('button', { name: '전송' }));
    await Promise.resolve();
  }

  function unsentItem(content: string): HTMLElement {
    const item = within(screen.getByRole('log', { name: '대화 내용' }))
      .getAllByRole('listitem')
      .find((li) => li.querySelector('p')?.textContent === content);
    if (!item) throw new Error(`no message ${content}`);
    return item;
  }

  it('a live message carries a client-id: 보내는 중 until its echo with that client-id, then shown once as sent', async () => {
    mockFetch({ 'GET /api/chat/7/history': () => jsonResponse([msg(1, '하나')]) });
    renderWithFeedback(<ChatPage matchId={7} user={me} opponent={opponent} onLeft={() => undefined} />);
    await waitFor(() => expect(texts()).toEqual(['하나']), SLOW);
    await sendText('곧 도착해요');
    expect(live.published).toHaveLength(1);
    const headers = live.options[0]!.headers!;
    expect(headers['client-id']).toMatch(UUID);
    expect(headers.receipt).toBe(headers['client-id']);
    expect(texts()).toEqual(['하나', '곧 도착해요']);
    expect(within(unsentItem('곧 도착해요')).getByText('보내는 중')).toBeTruthy();
    // Someone else's message with the same text does not settle mine.
    act(() => live.handlers.get('/topic/chat/7')!({ ...msg(2, '곧 도착해요'), clientId: crypto.randomUUID() }));
    expect(within(unsentItem('곧 도착해요')).queryByText('보내는 중')).toBeTruthy();
    act(() => live.handlers.get('/topic/chat/7')!({ ...msg(3, '곧 도착해요', 1), clientId: headers['client-id'] }));
    await waitFor(() => expect(texts()).toEqual(['하나', '곧 도착해요', '곧 도착해요']));
    expect(screen.queryByText('보내는 중')).toBeNull();
    // The echo again (a resend the server acknowledged): still once.
    act(() => live.handlers.get('/topic/chat/7')!({ ...msg(3, '곧 도착해요', 1), clientId: headers['client-id'] }));
    expect(texts()).toHaveLength(3);
  });

  it('no echo or RECEIPT within 10 s: 전송 실패; 다시 보내기 sends again with the same client-id', async () => {
    mockFetch({ 'GET /api/chat/7/history': () => jsonResponse([]) });
    renderWithFeedback(<ChatPage matchId={7} user={me} opponent={opponent} onLeft={() => undefined} />);
    await screen.findByRole('log', { name: '대화 내용' });
    vi.useFakeTimers();
    try {
      await sendText('여보세요');
      await act(() => vi.advanceTimersByTimeAsync(9_000));
      expect(within(unsentItem('여보세요')).getByText('보내는 중')).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(1_100));
      expect(within(unsentItem('여보세요')).getByText('전송 실패')).toBeTruthy();
      fireEvent.click(within(unsentItem('여보세요')).getByRole('button', { name: '다시 보내기' }));
      await act(() => Promise.resolve());
    } finally {
      vi.useRealTimers();
    }
    expect(live.published).toHaveLength(2);
    expect(live.options[1]!.headers!['client-id']).toBe(live.options[0]!.headers!['client-id']);
    expect(within(unsentItem('여보세요')).getByText('보내는 중')).toBeTruthy();
    // The RECEIPT says it is stored: no longer pending, shown with its time.
    act(() => live.options[1]!.onReceipt!());
    expect(within(unsentItem('여보세요')).queryByText('보내는 중')).toBeNull();
    expect(within(unsentItem('여보세요')).queryByText('전송 실패')).toBeNull();
  });

  it('a SEND the server refused on /user/queue/errors (its receipt) comes back into the input with the reason under it (issue #30 item 5)', async () => {
    mockFetch({ 'GET /api/chat/7/history': () => jsonResponse([]) });
    renderWithFeedback(<ChatPage matchId={7} user={me} opponent={opponent} onLeft={() => undefined} />);
    await screen.findByRole('log', { name: '대화 내용' });
    await sendText('나쁜 말');
    const box = screen.getByRole<HTMLInputElement>('textbox', { name: '메시지를 입력하세요' });
    expect(box.value).toBe('');
    const receipt = live.options[0]!.headers!.receipt!;
    // Someone else's refusal is not mine.
    act(() => live.handlers.get('/user/queue/errors')!({ code: 'chat_closed', message: '다른 방', destination: '/app/chat/8', receiptId: crypto.randomUUID() }));
    expect(within(unsentItem('나쁜 말')).getByText('보내는 중')).toBeTruthy();
    act(() => live.handlers.get('/user/queue/errors')!({ code: 'CONTENT_BLOCKED', message: '부적절한 표현이 있어요.', destination: '/app/chat/7', receiptId: receipt }));
    await waitFor(() => expect(box.value).toBe('나쁜 말'));
    expect(screen.getByRole('alert').textContent).toBe('보내지 못했어요: 부적절한 표현이 있어요.');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    // Not a row of the log any more: it is back in the input to be edited.
    expect(texts()).toEqual([]);
    fireEvent.change(box, { target: { value: '좋은 말' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('after a reconnect, pending messages are sent again with the same client-id; failed ones wait for 다시 보내기', async () => {
    mockFetch({ 'GET /api/chat/7/history': () => jsonResponse([]) });
    renderWithFeedback(<ChatPage matchId={7} user={me} opponent={opponent} onLeft={() => undefined} />);
    await screen.findByRole('log', { name: '대화 내용' });
    await sendText('첫 번째');
    await sendText('두 번째');
    const [first, second] = live.options.map((o) => o.headers!['client-id']);
    act(() => live.handlers.get('/user/queue/errors')!({ code: 'validation', message: '안 돼요', destination: '/app/chat/7', receiptId: second }));
    act(() => useLiveStatus.setState({ connected: false }));
    act(() => useLiveStatus.setState({ connected: true }));
    act(() => [...live.reconnect].forEach((l) => l()));
    await waitFor(() => expect(live.published).toHaveLength(3));
    expect(live.options[2]!.headers!['client-id']).toBe(first);
    // The server stored it once and echoes it once.
    act(() => live.handlers.get('/topic/chat/7')!({ ...msg(5, '첫 번째', 1), clientId: first }));
    await waitFor(() => expect(texts()).toEqual(['첫 번째']));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '메시지를 입력하세요' }).value).toBe('두 번째');
    expect(screen.getByRole('alert').textContent).toBe('보내지 못했어요: 안 돼요');
  });

  it('a message the catch-up history already holds (same clientId) is settled, not shown twice', async () => {
    let server: ChatMessage[] = [];
    mockFetch({ 'GET /api/chat/7/history': () => jsonResponse(server) });
    renderWithFeedback(<ChatPage matchId={7} user={me} opponent={opponent} onLeft={() => undefined} />);
    await screen.findByRole('log', { name: '대화 내용' });
    await sendText('끊기기 직전');
    const id = live.options[0]!.headers!['client-id']!;
    server = [{ ...msg(1, '끊기기 직전', 1), clientId: id }];
    act(() => [...live.reconnect].forEach((l) => l()));
    await waitFor(() => expect(texts()).toEqual(['끊기기 직전']));
    expect(screen.queryByText('보내는 중')).toBeNull();
  });

  it('over HTTP (live channel down) the message is pending until the 201, then sent; a server failure is 전송 실패 with 다시 보내기 (same clientId); a refused POST goes back into the input', async () => {
    let answer: 'ok' | 'down' | 'refuse' = 'ok';
    const fetch = mockFetch({
      'GET /api/chat/7/history': () => jsonResponse([]),
      'POST /api/chat/7/messages': (_url, init) =>
        answer === 'refuse'
          ? jsonResponse({ message: '부적절한 표현이 있어요.' }, 400)
          : answer === 'down'
            ? jsonResponse({ message: '잠시 후 다시 시도해주세요.' }, 503)
            : jsonResponse(msg(9 + fetchCount++, (JSON.parse(String(init?.body)) as { content: string }).content, 1), 201),
    });
    let fetchCount = 0;
    renderWithFeedback(<ChatPage matchId={7} user={me} opponent={opponent} onLeft={() => undefined} />);
    await screen.findByRole('log', { name: '대화 내용' });
    act(() => useLiveStatus.setState({ connected: false }));
    await sendText('HTTP로');
    await waitFor(() => expect(texts()).toEqual(['HTTP로']));
    await waitFor(() => expect(screen.queryByText('보내는 중')).toBeNull());
    const posts = fetch.mock.calls.filter(([u, init]) => init?.method === 'POST' && String(u).endsWith('/messages'));
    expect(posts).toHaveLength(1);
    expect((JSON.parse(String(posts[0]![1]!.body)) as { clientId?: string }).clientId).toMatch(UUID);
    answer = 'down';
    await sendText('실패할 말');
    expect(await within(unsentItem('실패할 말')).findByText('전송 실패')).toBeTruthy();
    // 다시 보내기 posts it again with the same clientId.
    answer = 'ok';
    fireEvent.click(within(unsentItem('실패할 말')).getByRole('button', { name: '다시 보내기' }));
    await waitFor(() => expect(texts()).toEqual(['HTTP로', '실패할 말']));
    await waitFor(() => expect(screen.queryByText(/전송 실패/)).toBeNull());
    const ids = fetch.mock.calls.filter(([u, init]) => init?.method === 'POST' && String(u).endsWith('/messages')).map(([, init]) => (JSON.parse(String(init!.body)) as { clientId: string }).clientId);
    expect(ids).toHaveLength(3);
    expect(ids[2]).toBe(ids[1]);
    expect(ids[1]).not.toBe(ids[0]);
    answer = 'refuse';
    await sendText('나쁜 말');
    const box = screen.getByRole<HTMLInputElement>('textbox', { name: '메시지를 입력하세요' });
    await waitFor(() => expect(box.value).toBe('나쁜 말'));
    expect(screen.getByRole('alert').textContent).toBe('보내지 못했어요: 부적절한 표현이 있어요.');
    expect(texts()).toEqual(['HTTP로', '실패할 말']);
  });
});
