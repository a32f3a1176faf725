/**
 * The client's configuration, read once from `import.meta.env` and typed (STYLE.md habit 1).
 * Nothing else in `src/` reads `import.meta.env`.
 */
function trimSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

const raw = import.meta.env;

function optionalString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/**
 * The Firebase web app of push (issue #7), from `VITE_FIREBASE_API_KEY`, `_AUTH_DOMAIN` (optional),
 * `_PROJECT_ID`, `_APP_ID`, `_MESSAGING_SENDER_ID` and `_VAPID_KEY` (the web push certificate's
 * public key). `null` unless every required value is set: then the push UI is hidden.
 */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain?: string;
  projectId: string;
  appId: string;
  messagingSenderId: string;
  vapidKey: string;
}

function firebaseConfig(): FirebaseWebConfig | null {
  const apiKey = optionalString(raw.VITE_FIREBASE_API_KEY);
  const projectId = optionalString(raw.VITE_FIREBASE_PROJECT_ID);
  const appId = optionalString(raw.VITE_FIREBASE_APP_ID);
  const messagingSenderId = optionalString(raw.VITE_FIREBASE_MESSAGING_SENDER_ID);
  const vapidKey = optionalString(raw.VITE_FIREBASE_VAPID_KEY);
  if (!apiKey || !projectId || !appId || !messagingSenderId || !vapidKey) return null;
  const authDomain = optionalString(raw.VITE_FIREBASE_AUTH_DOMAIN) ?? undefined;
  return { apiKey, projectId, appId, messagingSenderId, vapidKey, ...(authDomain ? { authDomain } : {}) };
}

export const env = {
  /** API host; '' means the same origin that served the app. */
  apiUrl: trimSlash(typeof raw.VITE_API_URL === 'string' ? raw.VITE_API_URL : ''),
  /** Kakao Maps JavaScript key: when set the maps adapter uses Kakao, otherwise Leaflet + OSM. */
  kakaoMapKey: optionalString(raw.VITE_KAKAO_MAP_KEY),
  /** Kakao JavaScript key (issue #18): when set, 공유하기 offers KakaoTalk share (SDK loaded on demand). */
  kakaoJsKey: optionalString(raw.VITE_KAKAO_JS_KEY),
  /** Firebase Cloud Messaging web config; null = push not configured (no prompt, no button). */
  firebase: firebaseConfig(),
  /** True in `vite build` output. */
  isProduction: Boolean(raw.PROD),
} as const;
