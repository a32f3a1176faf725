/**
 * Push with Firebase Cloud Messaging in the window (issue #7; SPEC §7 `POST /api/fcm/token`, §8
 * "permission not granted is ignored").
 *
 * - `enablePush()` runs only from a click: it asks the browser's permission and, when granted,
 *   gets an FCM token bound to OUR service-worker registration (sw/push.ts shows the pushes) and
 *   posts it to the server. Firebase is loaded lazily (`import()`), so the first render does not
 *   carry it.
 * - `syncPushToken(userId)`: when the permission was granted earlier, the token is fetched again
 *   (FCM tokens rotate) and posted for the member now signed in — never a permission prompt.
 * - `installPushSignOut()`: on sign-out the token is deleted at FCM and on the server
 *   (`DELETE /api/fcm/token`), best-effort, with the bearer captured before the session ended.
 *
 * Without the VITE_FIREBASE_* configuration (src/config/env.ts) nothing here does anything and
 * the push UI stays hidden; the service worker still shows any push it gets.
 */
import { registerPushToken as registerPushTokenOp, removePushToken as removePushTokenOp } from '@common/api/push';
import type { FirebaseApp } from 'firebase/app';
import type { deleteToken, getToken, Messaging } from 'firebase/messaging';
import { env, type FirebaseWebConfig } from '@/config/env';
import { call } from '@/lib/api-client';
import { onSignOut, useSession } from '@/lib/session/store';

/** localStorage key of the FCM token this browser registered (deleted again on sign-out). */
export const PUSH_TOKEN_KEY = 'bapsang.push.token';
/** How long `enablePush` waits for the service worker to be ready, in ms. */
export const SW_READY_TIMEOUT_MS = 10_000;

/** What a click on "알림 받기" came to. */
export type EnablePushResult =
  /** Permission granted and the token registered with the server. */
  | 'enabled'
  /** The member refused (or the browser blocks) notifications: ignored (SPEC §8). */
  | 'denied'
  /** The prompt was closed without an answer. */
  | 'dismissed'
  /** No Firebase config, or the browser cannot do web push. */
  | 'unsupported'
  /** Granted, but the token could not be had or posted (FCM or server unreachable). */
  | 'failed';

/** True when the VITE_FIREBASE_* configuration is complete (issue #7: otherwise no push UI). */
export function isPushConfigured(): boolean {
  return env.firebase !== null;
}

/** True when this browser has notifications, service workers and the Push API. */
export function browserCanPush(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;
}

/** The browser's notification permission, or 'unsupported'. */
export function pushPermission(): NotificationPermission | 'unsupported' {
  return browserCanPush() ? Notification.permission : 'unsupported';
}

interface LoadedMessaging {
  messaging: Messaging;
  getToken: typeof getToken;
  deleteToken: typeof deleteToken;
}

let loading: Promise<LoadedMessaging | null> | null = null;

/** Loads firebase/app + firebase/messaging once; null when messaging is not supported here. */
function loadMessaging(config: FirebaseWebConfig): Promise<LoadedMessaging | null> {
  loading ??= (async () => {
    const [appModule, messagingModule] = await Promise.all([import('firebase/app'), import('firebase/messaging')]);
    if (!(await messagingModule.isSupported())) return null;
    const { vapidKey: _vapidKey, ...options } = config;
    const app: FirebaseApp = appModule.getApps()[0] ?? appModule.initializeApp(options);
    return {
      messaging: messagingModule.getMessaging(app),
      getToken: messagingModule.getToken,
      deleteToken: messagingModule.deleteToken,
    };
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Our service-worker registration, or a rejection after SW_READY_TIMEOUT_MS (no worker here). */
function readyRegistration(): Promise<ServiceWorkerRegistration> {
  const late = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`navigator.serviceWorker.ready did not settle within ${SW_READY_TIMEOUT_MS} ms`)), SW_READY_TIMEOUT_MS),
  );
  return Promise.race([navigator.serviceWorker.ready, late]);
}

/** Gets the FCM token on our service-worker registration and posts it; false on any failure. */
async function registerToken(config: FirebaseWebConfig): Promise<boolean> {
  try {
    const loaded = await loadMessaging(config);
    if (!loaded) return false;
    const registration = await readyRegistration();
    const token = await loaded.getToken(loaded.messaging, { vapidKey: config.vapidKey, serviceWorkerRegistration: registration });
    if (!token) return false;
    await call(registerPushTokenOp, { body: { token } });
    localStorage.setItem(PUSH_TOKEN_KEY, token);
    return true;
  } catch (error) {
    console.warn('push: the FCM token could not be registered', error);
    return false;
  }
}

/** The member whose token was posted in this page's life (no second post for the same member). */
let syncedFor: number | null = null;

/**
 * Asks the notification permission and registers the FCM token. Call it only from a click
 * (browsers require a user gesture, and issue #7 wants the question asked in context).
 */
export async function enablePush(userId?: number): Promise<EnablePushResult> {
  const config = env.firebase;
  if (!config || !browserCanPush()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';
  const ok = await registerToken(config);
  if (ok && userId !== undefined) syncedFor = userId;
  return ok ? 'enabled' : 'failed';
}

/**
 * For a signed-in member on a browser that already granted the permission: fetch the token
 * again and post it for this member (once per member and page). Never prompts.
 */
export async function syncPushToken(userId: number): Promise<boolean> {
  const config = env.firebase;
  if (!config || pushPermission() !== 'granted' || syncedFor === userId) return false;
  syncedFor = userId;
  const ok = await registerToken(config);
  if (!ok) syncedFor = null;
  return ok;
}

/**
 * Undoes the registration when the session ends: `DELETE /api/fcm/token` with the bearer the
 * member had (`bearer`; skipped when null) and `deleteToken` at FCM. Both best-effort: sign-out
 * never waits on them or fails because of them. Does nothing when no token was registered here.
 */
export async function disablePushOnSignOut(bearer: string | null): Promise<void> {
  const token = localStorage.getItem(PUSH_TOKEN_KEY);
  syncedFor = null;
  if (!token) return;
  localStorage.removeItem(PUSH_TOKEN_KEY);
  const config = env.firebase;
  const results = await Promise.allSettled([
    bearer ? call(removePushTokenOp, { body: { token }, token: bearer }) : Promise.resolve(),
    config
      ? loadMessaging(config).then((loaded) => (loaded ? loaded.deleteToken(loaded.messaging) : false))
      : Promise.resolve(false),
  ]);
  for (const result of results) if (result.status === 'rejected') console.warn('push: sign-out clean-up failed', result.reason);
}

/**
 * Wires `disablePushOnSignOut` to the session's sign-out hook. The store clears its token before
 * the hooks run, so the last bearer seen while signed in is kept here. Returns the unwire function.
 */
export function installPushSignOut(): () => void {
  let lastBearer = useSession.getState().token;
  const unsubscribe = useSession.subscribe((state) => {
    if (state.token) lastBearer = state.token;
  });
  const off = onSignOut(() => {
    const bearer = lastBearer;
    lastBearer = null;
    void disablePushOnSignOut(bearer);
  });
  return () => {
    unsubscribe();
    off();
  };
}
