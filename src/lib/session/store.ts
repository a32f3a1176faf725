/**
 * The session (SPEC §4): who is signed in, with which token, until when.
 * Two small slices (credentials, user) combined into one store. Storage rules live in
 * `token-storage.ts`; this store owns the expiry timer and the sign-out hooks.
 */
import { create, type StateCreator } from 'zustand';
import type { User } from '@common/api/users';
import { isNewMember } from '@common/domain/account';
import { call, configureApiClient, isApiError, type ApiError } from '@/lib/api-client';
import { decodeJwtExpiry } from '@/lib/jwt';
import {
  clearExpiredMarker,
  clearToken,
  readToken,
  saveStoredUser,
  saveToken,
  syncSessionCookie,
  writeExpiredMarker,
} from '@/lib/token-storage';

export type SessionStatus = 'loading' | 'signedOut' | 'signedIn';
/** `ended`: the account was suspended or deleted (issue #31 item 6); the server's text is shown at login. */
export type SignOutReason = 'logout' | 'expired' | 'invalid' | 'ended';

/** 401 codes that say the account itself ended (common/errors.ts): their text replaces "로그인이 만료됐어요". */
export const ACCOUNT_ENDED_CODES: ReadonlySet<string> = new Set(['ACCOUNT_SUSPENDED', 'ACCOUNT_DELETED']);

/** The account text of a 401 that ended the account (a suspension or a deletion), else null. */
export function accountEndedNotice(error: unknown): string | null {
  return isApiError(error) && error.status === 401 && error.code && ACCOUNT_ENDED_CODES.has(error.code) ? (error.serverMessage ?? error.message) : null;
}

interface CredentialsSlice {
  status: SessionStatus;
  token: string | null;
  expiresAt: number | null;
  /**
   * true while a session restored from storage runs on the stored member and `GET /api/user/me`
   * has not answered yet (issue #33 item 2, optimistic restore). Meanwhile a 401 of another
   * request does not end the session (the `me` answer decides) and the live channel waits.
   * false once `me` answered, the offline fallback decided, or after any sign-in / sign-out.
   */
  verifying: boolean;
}

interface UserSlice {
  user: User | null;
  setUser: (user: User) => void;
}

interface Actions {
  /** Login, register, social login: keep the token where `remember` says and start the timer. */
  signIn: (input: { token: string; user: User; remember: boolean }) => void;
  /** Logout, failed `me`, expiry, revoked token; `notice` is shown at login (reason `ended`). */
  signOut: (reason?: SignOutReason, notice?: string) => void;
  /**
   * At start: read the stored token and confirm it with `GET /api/user/me`. With a stored member
   * the session is 'signedIn' on it at once (synchronously, `verifying: true`) and `me` checks in
   * the background, once `checkAfter` has settled when it is given (src/main.tsx: after the first
   * page has painted, so the check is not on a slow phone's way to it); without a stored member
   * the status stays 'loading' and `me` goes at once. The promise settles once `me` answered (or
   * failed) and the session was updated; it never rejects.
   */
  restore: (options?: { checkAfter?: Promise<unknown> }) => Promise<void>;
}

export type SessionState = CredentialsSlice & UserSlice & Actions;

const createCredentialsSlice: StateCreator<SessionState, [], [], CredentialsSlice> = () => ({
  status: 'loading',
  token: null,
  expiresAt: null,
  verifying: false,
});

const createUserSlice: StateCreator<SessionState, [], [], UserSlice> = (set) => ({
  user: null,
  setUser: (user) => {
    saveStoredUser(user);
    set({ user });
  },
});

// ---- sign-out hooks (live socket, data stores …) --------------------------------------------

type SignOutHandler = (reason: SignOutReason) => void;
const signOutHandlers = new Set<SignOutHandler>();

/** Registers a callback run whenever the session ends. Returns the unregister function. */
export function onSignOut(handler: SignOutHandler): () => void {
  signOutHandlers.add(handler);
  return () => signOutHandlers.delete(handler);
}

// ---- expiry timer -----------------------------------------------------------------------------

/** setTimeout cannot wait longer than 2^31-1 ms; longer waits are chained. */
const MAX_TIMEOUT = 2_147_483_647;
let expiryTimer: ReturnType<typeof setTimeout> | null = null;
let restoring: Promise<void> | null = null;
/** A 401 of another request that arrived while `me` was still checking a restored session. */
let unauthorizedWhileVerifying: ApiError | null = null;

/** `me` answers that mean the stored token is no good (revoked, expired, member gone). */
const REJECTED_SESSION = new Set([401, 403, 404]);

function stopExpiryTimer(): void {
  if (expiryTimer !== null) clearTimeout(expiryTimer);
  expiryTimer = null;
}

function startExpiryTimer(expiresAt: number | null): void {
  stopExpiryTimer();
  if (expiresAt === null) return;
  const wait = expiresAt - Date.now();
  if (wait <= 0) {
    useSession.getState().signOut('expired');
    return;
  }
  expiryTimer = setTimeout(() => {
    if (Date.now() >= expiresAt) useSession.getState().signOut('expired');
    else startExpiryTimer(expiresAt);
  }, Math.min(wait, MAX_TIMEOUT));
}

// ---- the store --------------------------------------------------------------------------------

export const useSession = create<SessionState>()((...a) => {
  const [set, get] = a;
  return {
    ...createCredentialsSlice(...a),
    ...createUserSlice(...a),

    signIn: ({ token, user, remember }) => {
      const expiresAt = decodeJwtExpiry(token);
      saveToken({ token, expiresAt, user }, remember);
      clearExpiredMarker();
      unauthorizedWhileVerifying = null;
      set({ status: 'signedIn', token, expiresAt, user, verifying: false });
      startExpiryTimer(expiresAt);
    },

    signOut: (reason = 'logout', notice) => {
      stopExpiryTimer();
      clearToken();
      if (reason === 'expired') writeExpiredMarker();
      if (reason === 'ended') writeExpiredMarker(notice);
      unauthorizedWhileVerifying = null;
      set({ status: 'signedOut', token: null, expiresAt: null, user: null, verifying: false });
      for (const handler of [...signOutHandlers]) {
        try {
          handler(reason);
        } catch (error) {
          console.error(error);
        }
      }
    },

    restore: (options) => {
      restoring ??= restoreOnce(options?.checkAfter).finally(() => {
        restoring = null;
      });
      return restoring;
    },
  };

  async function restoreOnce(checkAfter?: Promise<unknown>): Promise<void> {
    const stored = readToken();
    // The cookie that brings the session to the server's render of 게시판 and 채팅 follows what is
    // stored (issue #33 item 2), also for a session stored before there was such a cookie.
    syncSessionCookie(stored);
    if (!stored) {
      set({ status: 'signedOut', token: null, expiresAt: null, user: null, verifying: false });
      return;
    }
    // Issue #33 item 2: with the member stored beside the token the app starts signed in on it
    // (no full-screen wait for `me`, the page and its data load at once); `me` checks in the
    // background. Without a stored member the app waits for `me` as before.
    unauthorizedWhileVerifying = null;
    if (stored.user) {
      set({ status: 'signedIn', token: stored.token, expiresAt: stored.expiresAt, user: stored.user, verifying: true });
      startExpiryTimer(stored.expiresAt);
      // The page runs on the stored member meanwhile; its own requests carry the token, and a 401
      // among them waits for this check's answer (onUnauthorized below).
      if (checkAfter) await checkAfter.catch(() => undefined);
      if (get().token !== stored.token) return; // signed in or out meanwhile
    } else {
      set({ status: 'loading', verifying: false });
    }
    try {
      // The operation's module (its TypeBox schemas, the error catalogue) loads here, not with the
      // first render: a visitor's first paint does not wait for it (issue #33 item 1).
      const { getMe } = await import('@common/api/users');
      const user = await call(getMe, { token: stored.token });
      if (get().token !== stored.token && get().status !== 'loading') return; // signed in or out meanwhile
      saveStoredUser(user);
      unauthorizedWhileVerifying = null;
      set({ status: 'signedIn', token: stored.token, expiresAt: stored.expiresAt, user, verifying: false });
      startExpiryTimer(stored.expiresAt);
    } catch (error) {
      if (get().token !== stored.token && get().status !== 'loading') return; // signed in or out meanwhile
      // SPEC §4: a failed `me` call ends the session — when the server says the token is bad.
      // A network failure or a server error says nothing about the token: keep it, and start
      // signed in on the member last confirmed (offline use), or signed out until a later retry.
      const ended = accountEndedNotice(error);
      if (ended) {
        get().signOut('ended', ended);
      } else if (isApiError(error) && REJECTED_SESSION.has(error.status)) {
        get().signOut('invalid');
      } else if (stored.user) {
        const seen = unauthorizedWhileVerifying;
        unauthorizedWhileVerifying = null;
        set({ status: 'signedIn', token: stored.token, expiresAt: stored.expiresAt, user: stored.user, verifying: false });
        startExpiryTimer(stored.expiresAt);
        // A 401 another request got meanwhile is the server's word on the token after all.
        if (seen) endOnUnauthorized(seen);
      } else {
        set({ status: 'signedOut', token: null, expiresAt: null, user: null, verifying: false });
      }
    }
  }
});

/** Today's rule for a 401 of a signed-in request: the account text when it ended, else "expired". */
function endOnUnauthorized(error: ApiError): void {
  const ended = accountEndedNotice(error);
  if (ended) useSession.getState().signOut('ended', ended);
  else useSession.getState().signOut('expired');
}

configureApiClient({
  getToken: () => useSession.getState().token,
  onUnauthorized: (error) => {
    const { status, verifying } = useSession.getState();
    if (status !== 'signedIn') return;
    // Issue #33 item 2: a restored session not yet confirmed is not "expired" on another request's
    // 401 — the `me` answer decides (a refused `me` signs out as 'invalid' / 'ended').
    if (verifying) {
      unauthorizedWhileVerifying ??= error;
      return;
    }
    endOnUnauthorized(error);
  },
});

/** Initial state, for tests: clears the timer and the store (not the hooks' owners). */
export function resetSession(): void {
  stopExpiryTimer();
  unauthorizedWhileVerifying = null;
  useSession.setState({ status: 'loading', token: null, expiresAt: null, user: null, verifying: false });
}

// ---- selectors --------------------------------------------------------------------------------

export interface SessionSnapshot {
  signedIn: boolean;
  isNew: boolean;
  /** Issue #17: the member has not agreed to the terms and privacy policy in force (the consent step comes first). */
  needsConsent: boolean;
}

export function sessionSnapshot(state: Pick<SessionState, 'status' | 'user'> = useSession.getState()): SessionSnapshot {
  const signedIn = state.status === 'signedIn' && state.user !== null;
  return { signedIn, isNew: signedIn && isNewMember(state.user), needsConsent: signedIn && state.user?.consentRequired === true };
}
