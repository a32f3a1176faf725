import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXPIRED_MARKER_KEY, expiredNotice } from '@/lib/token-storage';
import { fakeJwt, jsonResponse, makeUser, mockFetch } from '@/test/fixtures';

/** Stand-ins for @stomp/stompjs `Client`s: the config each was built with and its activate/deactivate calls. */
const stomp = vi.hoisted(() => ({
  clients: [] as Array<{ config: { onStompError?: (frame: { headers: Record<string, string> }) => void }; activated: number; deactivated: number }>,
}));

vi.mock('@stomp/stompjs', () => ({
  Client: class {
    connected = false;
    activated = 0;
    deactivated = 0;
    constructor(readonly config: object) {
      stomp.clients.push(this as never);
    }
    activate() {
      this.activated += 1;
    }
    async deactivate() {
      this.deactivated += 1;
    }
  },
}));

const { connectLive, disconnectLive, liveUrl, RECONNECT_DELAY_MS, startLiveChannel } = await import('./stomp-client');
const { useSession } = await import('@/lib/session/store');

describe('live channel URL (SPEC §7)', () => {
  it('follows the page origin: ws for http, wss for https', () => {
    expect(liveUrl('', { protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/ws');
    expect(liveUrl('', { protocol: 'https:', host: 'bapsang.example' })).toBe('wss://bapsang.example/ws');
  });

  it('uses the API host when one is configured', () => {
    expect(liveUrl('https://api.bapsang.example', { protocol: 'http:', host: 'localhost:5173' })).toBe('wss://api.bapsang.example/ws');
  });

  it('reconnects after 5000 ms (SPEC §9)', () => {
    expect(RECONNECT_DELAY_MS).toBe(5000);
  });
});

describe('a dead token on the live channel (issue #13)', () => {
  afterEach(async () => {
    await disconnectLive();
    stomp.clients.length = 0;
    localStorage.clear();
  });

  it.each([['TOKEN_EXPIRED'], ['TOKEN_REVOKED']])('an ERROR with code %s stops the client and signs out as expired', async (code) => {
    const stop = startLiveChannel();
    useSession.getState().signIn({ token: fakeJwt(Date.now() + 3_600_000), user: makeUser(), remember: true });
    // The STOMP library is loaded on the first connect.
    await vi.waitFor(() => expect(stomp.clients).toHaveLength(1));
    const c = stomp.clients[0]!;
    // A revocation asks the API why (issue #31 item 6); here it is an ordinary one.
    mockFetch({ 'GET /api/user/me': () => jsonResponse({ code: 'TOKEN_REVOKED', message: '로그인이 만료됐어요. 다시 로그인해주세요.' }, 401) });
    c.config.onStompError?.({ headers: { message: '로그인이 만료됐어요. 다시 로그인해주세요.', code } });
    expect(c.deactivated).toBeGreaterThan(0);
    await vi.waitFor(() => expect(useSession.getState().status).toBe('signedOut'));
    expect(localStorage.getItem(EXPIRED_MARKER_KEY)).not.toBeNull();
    expect(expiredNotice()).toBeNull();
    expect(stomp.clients).toHaveLength(1);
    stop();
  });

  it('a revocation by a suspension signs out with what happened, told by the API (issue #31 item 6)', async () => {
    const stop = startLiveChannel();
    useSession.getState().signIn({ token: fakeJwt(Date.now() + 3_600_000), user: makeUser(), remember: true });
    await vi.waitFor(() => expect(stomp.clients).toHaveLength(1));
    const text = '이용이 정지된 계정이에요. 사유: 운영정책 위반. 문의: help@example.com';
    mockFetch({ 'GET /api/user/me': () => jsonResponse({ code: 'ACCOUNT_SUSPENDED', message: text }, 401) });
    stomp.clients[0]!.config.onStompError?.({ headers: { message: '로그인이 만료됐어요. 다시 로그인해주세요.', code: 'TOKEN_REVOKED' } });
    await vi.waitFor(() => expect(useSession.getState().status).toBe('signedOut'));
    expect(expiredNotice()).toBe(text);
    stop();
  });

  it.each([['ACCOUNT_SUSPENDED'], ['ACCOUNT_DELETED']])('a CONNECT refused with %s (the account ended before the channel was up) stops reconnecting and signs out with the account text', async (code) => {
    const stop = startLiveChannel();
    useSession.getState().signIn({ token: fakeJwt(Date.now() + 3_600_000), user: makeUser(), remember: true });
    await vi.waitFor(() => expect(stomp.clients).toHaveLength(1));
    const c = stomp.clients[0]!;
    const text = '이용이 정지된 계정이에요. (2026. 12. 13.까지) 사유: 운영정책 위반. 문의: help@example.com';
    mockFetch({ 'GET /api/user/me': () => jsonResponse({ code, message: text }, 401) });
    c.config.onStompError?.({ headers: { message: text, code } });
    expect(c.deactivated).toBeGreaterThan(0);
    await vi.waitFor(() => expect(useSession.getState().status).toBe('signedOut'));
    expect(expiredNotice()).toBe(text);
    expect(stomp.clients).toHaveLength(1);
    stop();
  });

  it('an ended account keeps the ERROR\'s text when the API cannot be asked', async () => {
    const stop = startLiveChannel();
    useSession.getState().signIn({ token: fakeJwt(Date.now() + 3_600_000), user: makeUser(), remember: true });
    await vi.waitFor(() => expect(stomp.clients).toHaveLength(1));
    const text = '탈퇴가 완료되었어요.';
    mockFetch({ 'GET /api/user/me': () => Promise.reject(new TypeError('Failed to fetch')) });
    stomp.clients[0]!.config.onStompError?.({ headers: { message: text, code: 'ACCOUNT_DELETED' } });
    await vi.waitFor(() => expect(useSession.getState().status).toBe('signedOut'));
    expect(expiredNotice()).toBe(text);
    stop();
  });

  it('any other ERROR leaves the session and the reconnecting client alone', async () => {
    useSession.getState().signIn({ token: fakeJwt(Date.now() + 3_600_000), user: makeUser(), remember: true });
    await connectLive(useSession.getState().token!);
    const c = stomp.clients[0]!;
    c.config.onStompError?.({ headers: { message: '권한이 없어요.' } });
    expect(c.deactivated).toBe(0);
    expect(useSession.getState().status).toBe('signedIn');
  });
});

describe('a restored session on the live channel (issue #33 item 2)', () => {
  afterEach(async () => {
    await disconnectLive();
    stomp.clients.length = 0;
    localStorage.clear();
  });

  it('connects only once me confirmed the stored member, never with the unverified token', async () => {
    const token = fakeJwt(Date.now() + 3_600_000);
    localStorage.setItem('bapsang.session', JSON.stringify({ token, expiresAt: Date.now() + 3_600_000, user: makeUser() }));
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    mockFetch({ 'GET /api/user/me': async () => (await held, jsonResponse(makeUser())) });
    const stop = startLiveChannel();
    const restoring = useSession.getState().restore();
    expect(useSession.getState()).toMatchObject({ status: 'signedIn', verifying: true });
    // Give a connect every chance to start (the STOMP library loads on the first one).
    await new Promise((resolve) => setTimeout(resolve, 0));
    await import('@stomp/stompjs');
    expect(stomp.clients).toHaveLength(0);

    answer();
    await restoring;
    await vi.waitFor(() => expect(stomp.clients).toHaveLength(1));
    expect(stomp.clients[0]!.activated).toBe(1);
    stop();
  });
});

describe('subscriptions and SEND headers (issue #16)', () => {
  afterEach(async () => {
    await disconnectLive();
    stomp.clients.length = 0;
  });

  it('one STOMP subscription per destination feeds every handler; a SEND carries its headers and its RECEIPT callback', async () => {
    const { liveSubscribe, livePublish } = await import('./stomp-client');
    await connectLive(fakeJwt(Date.now() + 3_600_000));
    const c = stomp.clients[0]! as unknown as {
      connected: boolean;
      config: { onConnect?: () => void };
      subscribe: ReturnType<typeof vi.fn>;
      publish: ReturnType<typeof vi.fn>;
      watchForReceipt: ReturnType<typeof vi.fn>;
    };
    const unsubscribe = vi.fn();
    let deliver: (m: { body: string }) => void = () => undefined;
    c.subscribe = vi.fn((_d: string, cb: (m: { body: string }) => void) => {
      deliver = cb;
      return { unsubscribe };
    });
    c.publish = vi.fn();
    c.watchForReceipt = vi.fn();
    c.connected = true;
    c.config.onConnect?.();
    const a = vi.fn();
    const b = vi.fn();
    const stopA = liveSubscribe('/user/queue/errors', a);
    const stopB = liveSubscribe('/user/queue/errors', b);
    expect(c.subscribe).toHaveBeenCalledTimes(1);
    deliver({ body: '{"code":"x"}' });
    expect(a).toHaveBeenCalledWith({ code: 'x' });
    expect(b).toHaveBeenCalledWith({ code: 'x' });
    stopA();
    expect(unsubscribe).not.toHaveBeenCalled();
    deliver({ body: '{"code":"y"}' });
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(2);
    stopB();
    expect(unsubscribe).toHaveBeenCalledOnce();

    const onReceipt = vi.fn();
    expect(livePublish('/app/chat/7', { content: '안녕' }, { headers: { 'client-id': 'abc', receipt: 'abc' }, onReceipt })).toBe(true);
    expect(c.publish).toHaveBeenCalledWith({ destination: '/app/chat/7', body: '{"content":"안녕"}', headers: { 'client-id': 'abc', receipt: 'abc' } });
    expect(c.watchForReceipt).toHaveBeenCalledWith('abc', expect.any(Function));
    (c.watchForReceipt.mock.calls.find(([id]) => id === 'abc')![1] as () => void)();
    expect(onReceipt).toHaveBeenCalledOnce();
  });
});

describe('the catch-up after a (re)connect waits for the subscriptions (issue #33 item 2)', () => {
  type Fake = {
    connected: boolean;
    config: { onConnect?: () => void; onWebSocketClose?: () => void };
    subscribe: ReturnType<typeof vi.fn>;
    watchForReceipt: ReturnType<typeof vi.fn>;
  };
  /**
   * A page subscribed to `destination` with a catch-up listener, then the channel coming up: a
   * stand-in client whose SUBSCRIBEs are answered only when `answerSubscribes` is called.
   */
  async function pageThenConnect(destination: string) {
    const { liveSubscribe, onLiveConnect } = await import('./stomp-client');
    const catchUp = vi.fn();
    const stops = [liveSubscribe(destination, () => undefined), onLiveConnect(catchUp)];
    await connectLive(fakeJwt(Date.now() + 3_600_000));
    const c = stomp.clients[0]! as unknown as Fake;
    const receipts = new Map<string, () => void>();
    c.watchForReceipt = vi.fn((id: string, cb: () => void) => receipts.set(id, cb));
    c.subscribe = vi.fn(() => ({ unsubscribe: vi.fn() }));
    return {
      c,
      catchUp,
      /** The server's RECEIPT for every SUBSCRIBE sent so far. */
      answerSubscribes: () => {
        for (const call of c.subscribe.mock.calls) receipts.get((call[2] as { receipt: string }).receipt)?.();
      },
      stop: () => stops.forEach((stop) => stop()),
    };
  }

  afterEach(async () => {
    vi.useRealTimers();
    await disconnectLive();
    stomp.clients.length = 0;
  });

  it('a page subscribed before the channel came up fetches what it missed only once the server confirmed its SUBSCRIBE', async () => {
    const { c, catchUp, answerSubscribes, stop } = await pageThenConnect('/user/7/queue/chats');
    c.connected = true;
    c.config.onConnect?.();
    expect(c.subscribe).toHaveBeenCalledWith('/user/7/queue/chats', expect.any(Function), { receipt: expect.stringMatching(/^sub-/) });
    await Promise.resolve();
    expect(catchUp).not.toHaveBeenCalled();
    answerSubscribes();
    await vi.waitFor(() => expect(catchUp).toHaveBeenCalledOnce());
    stop();
  });

  it('catches up anyway after CATCH_UP_WAIT_MS when a SUBSCRIBE is never confirmed (refused)', async () => {
    const { CATCH_UP_WAIT_MS } = await import('./stomp-client');
    const { c, catchUp, stop } = await pageThenConnect('/topic/chat/9');
    vi.useFakeTimers();
    c.connected = true;
    c.config.onConnect?.();
    await vi.advanceTimersByTimeAsync(CATCH_UP_WAIT_MS - 1);
    expect(catchUp).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(catchUp).toHaveBeenCalledOnce();
    stop();
  });

  it('a connection that closes before its receipts does not catch up (the next connect will)', async () => {
    const { c, catchUp, answerSubscribes, stop } = await pageThenConnect('/topic/chat/9');
    c.connected = true;
    c.config.onConnect?.();
    c.connected = false;
    c.config.onWebSocketClose?.();
    answerSubscribes();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(catchUp).not.toHaveBeenCalled();
    stop();
  });
});
