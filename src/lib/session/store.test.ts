import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, jsonResponse, makeUser, mockFetch } from '@/test/fixtures';
import { apiRequest, call } from '@/lib/api-client';
import { getMe } from '@common/api/users';
import { EXPIRED_MARKER_KEY, expiredNotice, hasExpiredMarker, readToken, TOKEN_KEY } from '@/lib/token-storage';
import { onSignOut, sessionSnapshot, useSession } from './store';

const HOUR = 60 * 60 * 1000;

describe('session store (SPEC §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-03-02T09:00:00+09:00'));
  });
  afterEach(() => vi.useRealTimers());

  it('"로그인 상태 유지" keeps the token in localStorage and clears sessionStorage', () => {
    sessionStorage.setItem(TOKEN_KEY, JSON.stringify({ token: 'old', expiresAt: null }));
    useSession.getState().signIn({ token: fakeJwt(Date.now() + HOUR), user: makeUser(), remember: true });
    expect(localStorage.getItem(TOKEN_KEY)).not.toBeNull();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('without it keeps the token in sessionStorage and clears localStorage', () => {
    localStorage.setItem(TOKEN_KEY, JSON.stringify({ token: 'old', expiresAt: null }));
    useSession.getState().signIn({ token: fakeJwt(Date.now() + HOUR), user: makeUser(), remember: false });
    expect(sessionStorage.getItem(TOKEN_KEY)).not.toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('stores the expiry from the token exp claim in ms', () => {
    const exp = Date.now() + HOUR;
    useSession.getState().signIn({ token: fakeJwt(exp), user: makeUser(), remember: true });
    expect(useSession.getState().expiresAt).toBe(Math.floor(exp / 1000) * 1000);
  });

  it('deletes an expired stored token when it is read', () => {
    localStorage.setItem(TOKEN_KEY, JSON.stringify({ token: 'stale', expiresAt: Date.now() - 1000 }));
    expect(readToken()).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('signs out at expiry, clears storage, writes the marker and runs the sign-out hooks', () => {
    const hook = vi.fn();
    const off = onSignOut(hook);
    useSession.getState().signIn({ token: fakeJwt(Date.now() + HOUR), user: makeUser(), remember: true });
    expect(sessionSnapshot().signedIn).toBe(true);

    vi.advanceTimersByTime(HOUR - 2000);
    expect(useSession.getState().status).toBe('signedIn');

    vi.advanceTimersByTime(3000);
    expect(useSession.getState().status).toBe('signedOut');
    expect(useSession.getState().user).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(EXPIRED_MARKER_KEY)).not.toBeNull();
    expect(hook).toHaveBeenCalledWith('expired');
    off();
  });

  it('logout clears everything without the expiry marker', () => {
    useSession.getState().signIn({ token: fakeJwt(Date.now() + HOUR), user: makeUser(), remember: false });
    useSession.getState().signOut('logout');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(EXPIRED_MARKER_KEY)).toBeNull();
    expect(useSession.getState().token).toBeNull();
  });

  it('restores a stored token with GET /api/user/me', async () => {
    const token = fakeJwt(Date.now() + HOUR);
    localStorage.setItem(TOKEN_KEY, JSON.stringify({ token, expiresAt: Date.now() + HOUR }));
    const fetchMock = mockFetch({ 'GET /api/user/me': () => jsonResponse(makeUser({ name: '복원' })) });
    await useSession.getState().restore();
    expect(useSession.getState().status).toBe('signedIn');
    expect(useSession.getState().user?.name).toBe('복원');
    expect((fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`);
  });

  it('signs out when the me call fails', async () => {
    localStorage.setItem(TOKEN_KEY, JSON.stringify({ token: fakeJwt(Date.now() + HOUR), expiresAt: Date.now() + HOUR }));
    mockFetch({ 'GET /api/user/me': () => jsonResponse({ message: '인증이 필요합니다.' }, 401) });
    await useSession.getState().restore();
    expect(useSession.getState().status).toBe('signedOut');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('a suspended member\'s next request signs out with the server\'s account text, shown at login instead of the expiry (issue #31 item 6)', async () => {
    useSession.getState().signIn({ token: fakeJwt(Date.now() + HOUR), user: makeUser(), remember: true });
    const text = '이용이 정지된 계정이에요. (2026년 3월 9일 (월) 오전 9시까지) 사유: 욕설·비하. 문의: help@example.com';
    mockFetch({ 'GET /api/user/me': () => jsonResponse({ code: 'ACCOUNT_SUSPENDED', message: text }, 401) });
    await expect(call(getMe)).rejects.toMatchObject({ status: 401, code: 'ACCOUNT_SUSPENDED' });
    expect(useSession.getState().status).toBe('signedOut');
    expect(expiredNotice()).toBe(text);
    // An ordinary expiry afterwards shows the expiry message again (no stale account text).
    useSession.getState().signIn({ token: fakeJwt(Date.now() + HOUR), user: makeUser(), remember: true });
    mockFetch({ 'GET /api/user/me': () => jsonResponse({ code: 'TOKEN_EXPIRED', message: '로그인이 만료됐어요. 다시 로그인해주세요.' }, 401) });
    await expect(call(getMe)).rejects.toMatchObject({ status: 401 });
    expect(hasExpiredMarker()).toBe(true);
    expect(expiredNotice()).toBeNull();
  });

  it('a stored token of a deleted account ends with 탈퇴가 완료되었어요 at start', async () => {
    localStorage.setItem(TOKEN_KEY, JSON.stringify({ token: fakeJwt(Date.now() + HOUR), expiresAt: Date.now() + HOUR }));
    mockFetch({ 'GET /api/user/me': () => jsonResponse({ code: 'ACCOUNT_DELETED', message: '탈퇴가 완료되었어요.' }, 401) });
    await useSession.getState().restore();
    expect(useSession.getState().status).toBe('signedOut');
    expect(expiredNotice()).toBe('탈퇴가 완료되었어요.');
  });

  it('keeps the session on the cached member when the network fails (offline start)', async () => {
    const token = fakeJwt(Date.now() + HOUR);
    useSession.getState().signIn({ token, user: makeUser({ name: '오프라인' }), remember: true });
    useSession.setState({ status: 'loading', user: null, token: null });
    mockFetch({ 'GET /api/user/me': () => Promise.reject(new TypeError('Failed to fetch')) });
    await useSession.getState().restore();
    expect(useSession.getState().status).toBe('signedIn');
    expect(useSession.getState().user?.name).toBe('오프라인');
    expect(readToken()?.token).toBe(token);
  });

  it('keeps the stored token for a later retry when the server errs and no member is cached', async () => {
    const token = fakeJwt(Date.now() + HOUR);
    localStorage.setItem(TOKEN_KEY, JSON.stringify({ token, expiresAt: Date.now() + HOUR }));
    mockFetch({ 'GET /api/user/me': () => jsonResponse({ message: '서버 오류' }, 503) });
    await useSession.getState().restore();
    expect(useSession.getState().status).toBe('signedOut');
    expect(readToken()?.token).toBe(token);
    expect(localStorage.getItem(EXPIRED_MARKER_KEY)).toBeNull();
  });

  describe('optimistic restore with the stored member (issue #33 item 2)', () => {
    /** A stored "로그인 상태 유지" session with its member, as signIn keeps it. */
    function storeSession(name: string): string {
      const token = fakeJwt(Date.now() + HOUR);
      localStorage.setItem(TOKEN_KEY, JSON.stringify({ token, expiresAt: Date.now() + HOUR, user: makeUser({ name }) }));
      return token;
    }
    /** A `me` answer the test releases: `answer(response)` lets it through. */
    function heldMe(): { answer: (response: Response | Error) => void } {
      let answer: (response: Response | Error) => void = () => undefined;
      const held = new Promise<Response | Error>((resolve) => {
        answer = resolve;
      });
      mockFetch({
        'GET /api/user/me': async () => {
          const response = await held;
          if (response instanceof Error) throw response;
          return response;
        },
        'GET /api/notifications': () => jsonResponse({ code: 'TOKEN_REVOKED', message: '로그인이 만료됐어요. 다시 로그인해주세요.' }, 401),
      });
      return { answer: (response) => answer(response) };
    }

    it('starts signed in as the stored member before me answers, then takes the member me answers', async () => {
      const token = storeSession('저장된회원');
      const me = heldMe();
      const restoring = useSession.getState().restore();
      expect(useSession.getState()).toMatchObject({ status: 'signedIn', token, verifying: true, user: { name: '저장된회원' } });
      expect(sessionSnapshot().signedIn).toBe(true);

      me.answer(jsonResponse(makeUser({ name: '새이름' })));
      await restoring;
      expect(useSession.getState()).toMatchObject({ status: 'signedIn', token, verifying: false, user: { name: '새이름' } });
      expect(readToken()?.user?.name).toBe('새이름');
    });

    it('with checkAfter, me goes only once it settles (after the first page has painted); the member is signed in meanwhile', async () => {
      const token = storeSession('저장된회원');
      const fetched = mockFetch({ 'GET /api/user/me': () => jsonResponse(makeUser({ name: '새이름' })) });
      let pagePainted: () => void = () => undefined;
      const checkAfter = new Promise<void>((resolve) => {
        pagePainted = resolve;
      });
      const restoring = useSession.getState().restore({ checkAfter });
      await vi.advanceTimersByTimeAsync(1000);
      expect(fetched.mock.calls).toHaveLength(0);
      expect(useSession.getState()).toMatchObject({ status: 'signedIn', token, verifying: true, user: { name: '저장된회원' } });

      pagePainted();
      await restoring;
      expect(fetched.mock.calls.map(([url]) => String(url))).toEqual(['/api/user/me']);
      expect(useSession.getState()).toMatchObject({ status: 'signedIn', verifying: false, user: { name: '새이름' } });
    });

    it('without a stored member, me goes at once whatever checkAfter says (the guards wait for it)', async () => {
      const token = fakeJwt(Date.now() + HOUR);
      localStorage.setItem(TOKEN_KEY, JSON.stringify({ token, expiresAt: Date.now() + HOUR }));
      const fetched = mockFetch({ 'GET /api/user/me': () => jsonResponse(makeUser({ name: '확인된회원' })) });
      await useSession.getState().restore({ checkAfter: new Promise(() => undefined) });
      expect(fetched.mock.calls).toHaveLength(1);
      expect(useSession.getState()).toMatchObject({ status: 'signedIn', token, user: { name: '확인된회원' } });
    });

    it('a refused me signs the stored member out without the expiry marker', async () => {
      storeSession('저장된회원');
      const me = heldMe();
      const hook = vi.fn();
      const off = onSignOut(hook);
      const restoring = useSession.getState().restore();
      expect(useSession.getState().status).toBe('signedIn');
      me.answer(jsonResponse({ code: 'INVALID_TOKEN', message: '로그인이 필요합니다.' }, 401));
      await restoring;
      expect(useSession.getState()).toMatchObject({ status: 'signedOut', user: null, token: null, verifying: false });
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
      expect(hasExpiredMarker()).toBe(false);
      expect(hook).toHaveBeenCalledWith('invalid');
      off();
    });

    it('a 401 from another request while me checks does not end the session as expired: me decides', async () => {
      storeSession('저장된회원');
      const me = heldMe();
      const restoring = useSession.getState().restore();
      await expect(apiRequest('/api/notifications')).rejects.toMatchObject({ status: 401 });
      expect(useSession.getState().status).toBe('signedIn');
      expect(hasExpiredMarker()).toBe(false);

      me.answer(jsonResponse({ message: '로그인이 필요합니다.' }, 401));
      await restoring;
      expect(useSession.getState().status).toBe('signedOut');
      expect(hasExpiredMarker()).toBe(false);
    });

    it('a 401 from another request while me checks is forgotten when me confirms the member', async () => {
      storeSession('저장된회원');
      const me = heldMe();
      const restoring = useSession.getState().restore();
      await expect(apiRequest('/api/notifications')).rejects.toMatchObject({ status: 401 });
      me.answer(jsonResponse(makeUser({ name: '확인됨' })));
      await restoring;
      expect(useSession.getState()).toMatchObject({ status: 'signedIn', verifying: false, user: { name: '확인됨' } });
      expect(hasExpiredMarker()).toBe(false);
    });

    it('offline (me fails on the network) keeps the stored member signed in', async () => {
      const token = storeSession('오프라인회원');
      const me = heldMe();
      const restoring = useSession.getState().restore();
      me.answer(new TypeError('Failed to fetch'));
      await restoring;
      expect(useSession.getState()).toMatchObject({ status: 'signedIn', token, verifying: false, user: { name: '오프라인회원' } });
      expect(readToken()?.token).toBe(token);
      expect(hasExpiredMarker()).toBe(false);
    });

    it('after an offline fallback, a 401 another request got while me checked ends the session as before', async () => {
      storeSession('오프라인회원');
      const me = heldMe();
      const restoring = useSession.getState().restore();
      await expect(apiRequest('/api/notifications')).rejects.toMatchObject({ status: 401 });
      me.answer(jsonResponse({ message: '서버 오류' }, 503));
      await restoring;
      expect(useSession.getState().status).toBe('signedOut');
      expect(hasExpiredMarker()).toBe(true);
    });
  });

  it('is signed out at start without a stored token, without calling the API', async () => {
    const fetchMock = mockFetch({});
    await useSession.getState().restore();
    expect(useSession.getState().status).toBe('signedOut');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('flags a new member by either flag', () => {
    useSession.getState().signIn({ token: fakeJwt(Date.now() + HOUR), user: makeUser({ isNewUser: true }), remember: false });
    expect(sessionSnapshot()).toEqual({ signedIn: true, isNew: true, needsConsent: false });
    useSession.getState().setUser({ ...makeUser(), newUser: true } as ReturnType<typeof makeUser>);
    expect(sessionSnapshot().isNew).toBe(true);
  });
});
