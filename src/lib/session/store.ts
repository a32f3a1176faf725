/**
 * The session (SPEC §4): who is signed in, with which token, until when.
 * Two small slices (credentials, user) combined into one store. Storage rules live in
 * `token-storage.ts`; this store owns the expiry timer and the sign-out hooks.
 */
import { create, type StateCreator } from 'zustand';
import type { User } from '@common/api/users';
import { isNewMember } from '@common/domain/account';
import { call, configureApiClient, isApiError } from '@/lib/api-client';
import { decodeJwtExpiry } from '@/lib/jwt';
import {
  clearExpiredMarker,
  clearToken,
  readToken,
  saveStoredUser,
  saveToken,
  writeExpiredMarker,
} from '@/lib/token-storage';

export type SessionStatus = 'loading' | 'signedOut' | 'signedIn';
/** `ended`: the account was suspended or deleted (issue #31 item 6); the server's text is shown at login. */
export type SignOutReason = 'logout' | 'expired' | 'invalid' | 'ended';

/** 401 codes that say the account itself ended (common/errors.ts): their text replaces "로그인이 만료됐어요". */
const ACCOUNT_ENDED_CODES = new Set(['ACCOUNT_SUSPENDED', 'ACCOUNT_DELETED']);

/** The account text of a 401 that ended the account (a suspension or a deletion), else null. */
export function accountEndedNotice(error: unknown): string | null {
  return isApiError(error) && error.status === 401 && error.code && ACCOUNT_ENDED_CODES.has(error.code) ? (error.serverMessage ?? error.message) : null;
}

interface CredentialsSlice {
  status: SessionStatus;
  token: string | null;
  expiresAt: number | null;
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
  /** At start: read the stored token and confirm it with `GET /api/user/me`. */
  restore: () => Promise<void>;
}

export type SessionState = CredentialsSlice & UserSlice & Actions;

const createCredentialsSlice: StateCreator<SessionState, [], [], CredentialsSlice> = () => ({
  status: 'loading',
  token: null,
  expiresAt: null,
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
      set({ status: 'signedIn', token, expiresAt, user });
      startExpiryTimer(expiresAt);
    },

    signOut: (reason = 'logout', notice) => {
      stopExpiryTimer();
      clearToken();
      if (reason === 'expired') writeExpiredMarker();
      if (reason === 'ended') writeExpiredMarker(notice);
      set({ status: 'signedOut', token: null, expiresAt: null, user: null });
      for (const handler of [...signOutHandlers]) {
        try {
          handler(reason);
        } catch (error) {
          console.error(error);
        }
      }
    },

    restore: () => {
      restoring ??= restoreOnce().finally(() => {
        restoring = null;
      });
      return restoring;
    },
  };

  async function restoreOnce(): Promise<void> {
    const stored = readToken();
    if (!stored) {
      set({ status: 'signedOut', token: null, expiresAt: null, user: null });
      return;
    }
    set({ status: 'loading' });
    try {
      // The operation's module (its TypeBox schemas, the error catalogue) loads here, not with the
      // first render: a visitor's first paint does not wait for it (issue #33 item 1).
      const { getMe } = await import('@common/api/users');
      const user = await call(getMe, { token: stored.token });
      saveStoredUser(user);
      set({ status: 'signedIn', token: stored.token, expiresAt: stored.expiresAt, user });
      startExpiryTimer(stored.expiresAt);
    } catch (error) {
      // SPEC §4: a failed `me` call ends the session — when the server says the token is bad.
      // A network failure or a server error says nothing about the token: keep it, and start
      // signed in on the member last confirmed (offline use), or signed out until a later retry.
      const ended = accountEndedNotice(error);
      if (ended) {
        get().signOut('ended', ended);
      } else if (isApiError(error) && REJECTED_SESSION.has(error.status)) {
        get().signOut('invalid');
      } else if (stored.user) {
        set({ status: 'signedIn', token: stored.token, expiresAt: stored.expiresAt, user: stored.user });
        startExpiryTimer(stored.expiresAt);
      } else {
        set({ status: 'signedOut', token: null, expiresAt: null, user: null });
      }
    }
  }
});

configureApiClient({
  getToken: () => useSession.getState().token,
  onUnauthorized: (error) => {
    if (useSession.getState().status !== 'signedIn') return;
    const ended = accountEndedNotice(error);
    if (ended) useSession.getState().signOut('ended', ended);
    else useSession.getState().signOut('expired');
  },
});

/** Initial state, for tests: clears the timer and the store (not the hooks' owners). */
export function resetSession(): void {
  stopExpiryTimer();
  useSession.setState({ status: 'loading', token: null, expiresAt: null, user: null });
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
