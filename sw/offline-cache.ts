/// <reference lib="webworker" />
/**
 * Offline answers (issue #7, part 1):
 *
 * - Same-origin GETs of the mirrored API paths (`isMirroredPath`: board, schedules, my reviews,
 *   both match lists …) that carry `Authorization: Bearer …` go network-first. A 2xx answer is
 *   stored in IndexedDB (idb-keyval, `MIRROR_DB`/`MIRROR_STORE`) as
 *   `{ status, contentType, link, body, savedAt }` under `${sub}:${pathname}${search}`, `sub` being the
 *   token's member id. Before a write, a store owned by another member (`MIRROR_OWNER_KEY`) is
 *   cleared: a different member's sign-in clears the previous member's entries (the client
 *   clears the store on sign-out as well, `src/lib/offline-mirror.ts`).
 *   When the network fails, the entry of THIS member for that URL is answered with its original
 *   status and content type plus `X-Offline-Saved-At: <ISO instant>`; without one the failure
 *   stays a network failure. Non-2xx answers are never stored; another member's entry is never served.
 * - Uploaded images (`/uploads/…`) are cache-first in `UPLOADS_CACHE`, bounded to
 *   `UPLOADS_CACHE_MAX_ENTRIES` entries / 30 days, purged on quota errors.
 */
import { clear, createStore, get, set, type UseStore } from 'idb-keyval';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import {
  MIRROR_DB,
  MIRROR_OWNER_KEY,
  MIRROR_STORE,
  OFFLINE_SAVED_AT_HEADER,
  UPLOADS_CACHE,
  UPLOADS_CACHE_MAX_ENTRIES,
  bearerSubject,
  isMirroredPath,
} from '../common/offline.ts';

declare let self: ServiceWorkerGlobalScope;

/** One mirrored answer as stored in IndexedDB. */
export interface MirrorEntry {
  status: number;
  contentType: string | null;
  /** The answer's `Link` header (issue #19: a mirrored page still names its next page); absent in entries stored before. */
  link?: string | null;
  /** The body as text (the mirrored answers are JSON). */
  body: string;
  /** ISO 8601 instant the answer was stored. */
  savedAt: string;
}

/** Uploaded images are kept at most this long (seconds). */
export const UPLOADS_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The idb-keyval operations the mirror needs (swappable in tests). */
export interface MirrorStorage {
  get: <T>(key: string) => Promise<T | undefined>;
  set: (key: string, value: unknown) => Promise<void>;
  clear: () => Promise<void>;
}

/** The idb-keyval store of the mirror, opened on first use. */
export function idbMirrorStorage(): MirrorStorage {
  let store: UseStore | null = null;
  const open = () => (store ??= createStore(MIRROR_DB, MIRROR_STORE));
  return {
    get: (key) => get(key, open()),
    set: (key, value) => set(key, value, open()),
    clear: () => clear(open()),
  };
}

/** The mirror key of a request of member `sub`: `${sub}:${pathname}${search}`. */
export function mirrorKey(sub: string, url: URL): string {
  return `${sub}:${url.pathname}${url.search}`;
}

/** Whether this request is mirrored: a same-origin GET of a mirrored path with a readable bearer token. */
export function isMirroredRequest(request: Request, origin: string): boolean {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  if (url.origin !== origin || !isMirroredPath(url.pathname)) return false;
  return bearerSubject(request.headers.get('Authorization')) !== null;
}

/**
 * Stores a 2xx answer for member `sub`, clearing the store first when it belongs to another member.
 * Errors (quota, blocked database) are swallowed: the live answer matters more than the copy.
 */
async function remember(storage: MirrorStorage, sub: string, url: URL, response: Response): Promise<void> {
  try {
    const entry: MirrorEntry = {
      status: response.status,
      contentType: response.headers.get('Content-Type'),
      link: response.headers.get('Link'),
      body: await response.text(),
      savedAt: new Date().toISOString(),
    };
    const owner = await storage.get<string>(MIRROR_OWNER_KEY);
    if (owner !== sub) {
      await storage.clear();
      await storage.set(MIRROR_OWNER_KEY, sub);
    }
    await storage.set(mirrorKey(sub, url), entry);
  } catch (error) {
    console.warn('offline mirror: could not store', url.pathname, error);
  }
}

/** A stored entry as a Response carrying `X-Offline-Saved-At`. */
export function entryResponse(entry: MirrorEntry): Response {
  const headers = new Headers({ [OFFLINE_SAVED_AT_HEADER]: entry.savedAt });
  if (entry.contentType) headers.set('Content-Type', entry.contentType);
  if (entry.link) headers.set('Link', entry.link);
  return new Response(entry.status === 204 ? null : entry.body, { status: entry.status, headers });
}

/**
 * Network first for one mirrored request: the live answer (stored when 2xx), or — when the
 * network fails — this member's stored copy, or the network failure itself (rethrown).
 * `fetcher` and `storage` are injectable for tests; `waitUntil` (the fetch event's) lets the
 * answer go to the page while its copy is still being written (awaited when absent).
 */
export async function mirroredFetch(
  request: Request,
  storage: MirrorStorage,
  fetcher: (request: Request) => Promise<Response> = (r) => fetch(r),
  waitUntil?: (work: Promise<void>) => void,
): Promise<Response> {
  const sub = bearerSubject(request.headers.get('Authorization'));
  const url = new URL(request.url);
  try {
    const response = await fetcher(request);
    if (sub && response.ok) {
      const stored = remember(storage, sub, url, response.clone());
      if (waitUntil) waitUntil(stored);
      else await stored;
    }
    return response;
  } catch (error) {
    if (sub) {
      const owner = await storage.get<string>(MIRROR_OWNER_KEY).catch(() => undefined);
      const entry = owner === sub ? await storage.get<MirrorEntry>(mirrorKey(sub, url)).catch(() => undefined) : undefined;
      if (entry) return entryResponse(entry);
    }
    throw error;
  }
}

/** Registers the mirror and the uploads cache with workbox-routing (before the navigation route). */
export function registerOfflineCache(): void {
  const storage = idbMirrorStorage();
  registerRoute(
    ({ request }) => isMirroredRequest(request, self.location.origin),
    ({ request, event }) => mirroredFetch(request, storage, undefined, (work) => (event as ExtendableEvent).waitUntil(work)),
    'GET',
  );
  registerRoute(
    ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/uploads/'),
    new CacheFirst({
      cacheName: UPLOADS_CACHE,
      plugins: [
        new ExpirationPlugin({
          maxEntries: UPLOADS_CACHE_MAX_ENTRIES,
          maxAgeSeconds: UPLOADS_MAX_AGE_SECONDS,
          purgeOnQuotaError: true,
        }),
      ],
    }),
    'GET',
  );
}
