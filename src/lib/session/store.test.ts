import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, jsonResponse, makeUser, mockFetch } from '@/test/fixtures';
import { call } from '@/lib/api-client';
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
