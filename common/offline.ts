/**
 * The offline contract shared by the client, the service worker and the server (issue #7):
 * which API answers are mirrored in IndexedDB per member, the header that marks a mirrored
 * answer, the IndexedDB names, and the `Idempotency-Key` header every queued write carries.
 */

/** Request header naming one write; the server answers a repeat with the first answer for 24 h. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Response header set on a replayed answer (`true`). */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long the server remembers a key (24 h, in milliseconds). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Keys are 1–200 visible ASCII characters (a UUID in practice). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/**
 * Header the service worker adds to an answer served from the IndexedDB mirror because the
 * network failed: the ISO 8601 instant the answer was stored.
 */
export const OFFLINE_SAVED_AT_HEADER = 'X-Offline-Saved-At';

/** IndexedDB database / store of the service worker's per-member mirror of API answers (idb-keyval). */
export const MIRROR_DB = 'babsang-offline-mirror';
export const MIRROR_STORE = 'responses';
/** Key (in the mirror store) holding the member id the stored answers belong to. */
export const MIRROR_OWNER_KEY = '__owner';

/** IndexedDB database / store of the client's outbox of writes made offline (idb-keyval). */
export const OUTBOX_DB = 'babsang-outbox';
export const OUTBOX_STORE = 'writes';

/** Cache Storage name of uploaded images (size-bounded by the service worker). */
export const UPLOADS_CACHE = 'babsang-uploads';
/** Most uploaded images kept offline. */
export const UPLOADS_CACHE_MAX_ENTRIES = 150;

/**
 * GET paths whose answers are fetched network-first and mirrored per member (issue #7): the board
 * (list, posts, comments and recommendations), schedules (everyone's and mine), my reviews, both
 * match lists (the activity page, where push lands), one match (`/api/matches/{id}`: the chat and
 * write-review pages, issue #19), the member's own profile and chat history.
 */
const MIRRORED: RegExp[] = [
  /^\/api\/board(?:\/\d+)?$/,
  /^\/api\/board\/\d+\/comments$/,
  /^\/api\/recommendations$/,
  /^\/api\/schedules$/,
  /^\/api\/schedules\/my$/,
  /^\/api\/schedules\/calendar$/,
  /^\/api\/reviews\/my$/,
  /^\/api\/matches$/,
  /^\/api\/matches\/sent$/,
  /^\/api\/matches\/\d+$/,
  /^\/api\/user\/me$/,
  /^\/api\/chat\/\d+\/history$/,
  // Issue #30: the chat list, a table's chat (its newest 100) and its members.
  /^\/api\/chats$/,
  /^\/api\/schedules\/\d+\/chat$/,
  /^\/api\/schedules\/\d+\/members$/,
];

/** Whether a GET of this path (no query string) is mirrored offline. */
export function isMirroredPath(pathname: string): boolean {
  return MIRRORED.some((pattern) => pattern.test(pathname));
}

/**
 * The member id (`sub` claim) of a bearer token, read WITHOUT verifying it: the mirror only needs
 * to keep members' answers apart on one device (the server verifies every token it is sent).
 * `null` when the value is not a readable JWT with a string or number `sub`.
 */
export function bearerSubject(authorization: string | null | undefined): string | null {
  const match = /^Bearer\s+([^\s]+)$/i.exec(authorization ?? '');
  const payload = match?.[1]?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims: unknown = JSON.parse(atob(base64));
    if (claims && typeof claims === 'object' && 'sub' in claims) {
      const sub = (claims as { sub: unknown }).sub;
      if (typeof sub === 'string' && sub) return sub;
      if (typeof sub === 'number') return String(sub);
    }
    return null;
  } catch {
    return null;
  }
}
