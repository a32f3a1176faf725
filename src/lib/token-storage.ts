/**
 * Where the access token lives (SPEC §4 "Stored session": token and its expiry in ms).
 * "로그인 상태 유지" → localStorage, otherwise sessionStorage; the other one is always cleared.
 */
import type { User } from '@common/api/users';
import { SESSION_COOKIE, SESSION_STORAGE_KEY, sessionCookieValue } from '@common/prerender';

/** Also read before the first paint by the prerendered pages' guard (common/prerender.ts). */
export const TOKEN_KEY = SESSION_STORAGE_KEY;
export const EXPIRED_MARKER_KEY = 'bapsang.sessionExpired';

export interface StoredToken {
  token: string;
  /** Expiry from the token's `exp` claim, in ms since the epoch; null when the token has none. */
  expiresAt: number | null;
  /**
   * The member as last confirmed by the server. Lets the app start signed in when the network
   * is gone (the `me` call then fails without saying the token is bad).
   */
  user?: User | null;
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

function parse(raw: string | null): StoredToken | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && 'token' in value && typeof value.token === 'string') {
      const expiresAt = 'expiresAt' in value && typeof value.expiresAt === 'number' ? value.expiresAt : null;
      const user = 'user' in value && value.user && typeof value.user === 'object' ? (value.user as User) : null;
      return { token: value.token, expiresAt, user };
    }
  } catch {
    /* unreadable entry: treated as absent */
  }
  return null;
}

export function saveToken(stored: StoredToken, remember: boolean): void {
  const [keep, drop] = remember ? [localStorage, sessionStorage] : [sessionStorage, localStorage];
  safe(() => drop.removeItem(TOKEN_KEY), undefined);
  safe(() => keep.setItem(TOKEN_KEY, JSON.stringify(stored)), undefined);
  writeSessionCookie(remember ? stored : null);
}

/**
 * The session cookie (common/prerender.ts `SESSION_COOKIE`, issue #33 item 2), with which the
 * server sends 게시판 and 채팅 rendered with the member's data: the token of a remembered session
 * ("로그인 상태 유지", localStorage), expiring with it; removed otherwise. A session kept only in this
 * tab (sessionStorage) writes none, so a shared computer's next user, in a tab that does not hold
 * the session, is never sent the previous member's page.
 */
function writeSessionCookie(stored: StoredToken | null): void {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const life = stored ? (stored.expiresAt !== null ? `; Expires=${new Date(stored.expiresAt).toUTCString()}` : '') : '; Max-Age=0';
  safe(() => {
    document.cookie = `${SESSION_COOKIE}=${stored ? stored.token : ''}; Path=/; SameSite=Strict${life}${secure}`;
  }, undefined);
}

/** Makes the session cookie agree with the stored session (`stored`: what `readToken` found): the app does this as it starts. */
export function syncSessionCookie(stored: StoredToken | null): void {
  writeSessionCookie(stored && isRemembered() ? stored : null);
}

/** The token the session cookie carries, if any (src/lib/early-fetch.ts compares it with the app's). */
export function sessionCookieToken(): string | null {
  return sessionCookieValue(safe(() => document.cookie, ''));
}

/** Replaces the cached member beside the stored token, in whichever storage holds it. */
export function saveStoredUser(user: User): void {
  for (const storage of [localStorage, sessionStorage]) {
    const stored = parse(safe(() => storage.getItem(TOKEN_KEY), null));
    if (stored) safe(() => storage.setItem(TOKEN_KEY, JSON.stringify({ ...stored, user })), undefined);
  }
}

/** Whether the current token is kept in localStorage ("로그인 상태 유지"). */
export function isRemembered(): boolean {
  return safe(() => localStorage.getItem(TOKEN_KEY) !== null, false);
}

/**
 * The stored token, if any. A token whose expiry has passed is deleted and not returned.
 */
export function readToken(now: number = Date.now()): StoredToken | null {
  for (const storage of [localStorage, sessionStorage]) {
    const stored = parse(safe(() => storage.getItem(TOKEN_KEY), null));
    if (!stored) continue;
    if (stored.expiresAt !== null && stored.expiresAt <= now) {
      safe(() => storage.removeItem(TOKEN_KEY), undefined);
      writeSessionCookie(null);
      continue;
    }
    return stored;
  }
  return null;
}

export function clearToken(): void {
  safe(() => localStorage.removeItem(TOKEN_KEY), undefined);
  safe(() => sessionStorage.removeItem(TOKEN_KEY), undefined);
  writeSessionCookie(null);
}

/**
 * Marks that the session ended without the member signing out; `notice` is the server's account
 * text (a suspension or a deletion, issue #31 item 6) to show instead of the expiry message.
 */
export function writeExpiredMarker(notice?: string): void {
  safe(() => localStorage.setItem(EXPIRED_MARKER_KEY, notice ? `notice:${notice}` : String(Date.now())), undefined);
}

export function hasExpiredMarker(): boolean {
  return safe(() => localStorage.getItem(EXPIRED_MARKER_KEY) !== null, false);
}

/** The account text stored with the marker (see `writeExpiredMarker`), else null. */
export function expiredNotice(): string | null {
  const value = safe(() => localStorage.getItem(EXPIRED_MARKER_KEY), null);
  return value?.startsWith('notice:') ? value.slice('notice:'.length) : null;
}

export function clearExpiredMarker(): void {
  safe(() => localStorage.removeItem(EXPIRED_MARKER_KEY), undefined);
}
