/**
 * Drafts kept across closing a dialog, a reload and going offline (issue #14): a post being
 * written, a review being written. Stored in IndexedDB (idb-keyval, database `babsang-drafts`)
 * per member: `{memberId}:{kind}:{id}`, so another member on the same phone never sees them; every
 * sign-out clears them all. Sending or discarding clears a draft (`clearDraft`).
 */
import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';
import { onSignOut } from '@/lib/session/store';

/** What a draft belongs to: a new post (`post:new`), an edited post (`post:12`), a review of a match (`review:34`). */
export type DraftKind = 'post' | 'review';

/** A stored draft: the form's values and when they were last saved (ISO instant). */
export interface Draft<T> {
  values: T;
  savedAt: string;
}

let store: UseStore | null = null;
const db = (): UseStore | null => {
  if (typeof indexedDB === 'undefined') return null;
  store ??= createStore('babsang-drafts', 'drafts');
  return store;
};
const keyOf = (memberId: number, kind: DraftKind, id: string | number) => `${memberId}:${kind}:${id}`;

/** Saves `values` as the member's draft (last write wins). Storage failures are ignored: a draft is a courtesy. */
export async function saveDraft<T>(memberId: number, kind: DraftKind, id: string | number, values: T, now = new Date()): Promise<void> {
  const s = db();
  if (!s) return;
  await set(keyOf(memberId, kind, id), { values, savedAt: now.toISOString() } satisfies Draft<T>, s).catch(() => undefined);
}

/** The member's draft, or null. */
export async function loadDraft<T>(memberId: number, kind: DraftKind, id: string | number): Promise<Draft<T> | null> {
  const s = db();
  if (!s) return null;
  return ((await get<Draft<T>>(keyOf(memberId, kind, id), s).catch(() => undefined)) ?? null) as Draft<T> | null;
}

/** Removes a draft (sent or discarded). */
export async function clearDraft(memberId: number, kind: DraftKind, id: string | number): Promise<void> {
  const s = db();
  if (!s) return;
  await del(keyOf(memberId, kind, id), s).catch(() => undefined);
}

/** Removes every draft (sign-out). */
export async function clearAllDrafts(): Promise<void> {
  const s = db();
  if (!s) return;
  await clear(s).catch(() => undefined);
}

onSignOut(() => void clearAllDrafts());
