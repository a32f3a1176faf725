import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@common/prerender';
import { clearToken, readToken, saveToken, sessionCookieToken, syncSessionCookie } from './token-storage';

/** The session cookie as the browser would send it with a navigation (its value), or null. */
const cookie = () => sessionCookieToken();

describe('the session cookie beside the stored token (issue #33 item 2; common/prerender.ts SESSION_COOKIE)', () => {
  afterEach(() => {
    clearToken();
    localStorage.clear();
    sessionStorage.clear();
  });

  it('a remembered session ("로그인 상태 유지") writes the token into it; signing out removes it', () => {
    saveToken({ token: 'tok-1', expiresAt: Date.now() + 60_000 }, true);
    expect(cookie()).toBe('tok-1');
    expect(document.cookie).toContain(`${SESSION_COOKIE}=tok-1`);
    clearToken();
    expect(cookie()).toBeNull();
  });

  it('a session kept in this tab only writes none, and removes one a remembered session left', () => {
    saveToken({ token: 'tok-1', expiresAt: null }, true);
    saveToken({ token: 'tok-2', expiresAt: null }, false);
    expect(readToken()?.token).toBe('tok-2');
    expect(cookie()).toBeNull();
  });

  it('an expired token read at start is deleted with its cookie', () => {
    saveToken({ token: 'tok-old', expiresAt: Date.now() + 60_000 }, true);
    expect(readToken(Date.now() + 120_000)).toBeNull();
    expect(cookie()).toBeNull();
  });

  it('the app\'s start makes the cookie agree with what is stored (a session stored before the cookie existed, or one cleared meanwhile)', () => {
    localStorage.setItem('bapsang.session', JSON.stringify({ token: 'tok-3', expiresAt: null }));
    expect(cookie()).toBeNull();
    syncSessionCookie(readToken());
    expect(cookie()).toBe('tok-3');
    localStorage.clear();
    syncSessionCookie(readToken());
    expect(cookie()).toBeNull();
  });
});
