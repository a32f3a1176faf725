/** Outbox storages: idb-keyval (`OUTBOX_DB`/`OUTBOX_STORE`) in the app, a Map in tests. */
import { createStore, del, set, values, type UseStore } from 'idb-keyval';
import { OUTBOX_DB, OUTBOX_STORE } from '@common/offline';
import type { OutboxEntry, OutboxStorage } from './types';

/** The IndexedDB outbox, opened on first use. */
export function idbOutboxStorage(): OutboxStorage {
  let store: UseStore | null = null;
  const open = () => (store ??= createStore(OUTBOX_DB, OUTBOX_STORE));
  return {
    all: () => values<OutboxEntry>(open()),
    put: (entry) => set(entry.key, entry, open()),
    remove: (key) => del(key, open()),
  };
}

/** An in-memory outbox (tests; browsers without IndexedDB). */
export function memoryOutboxStorage(): OutboxStorage & { map: Map<string, OutboxEntry> } {
  const map = new Map<string, OutboxEntry>();
  return {
    map,
    all: () => Promise.resolve([...map.values()].map((e) => structuredClone(e))),
    put: (entry) => Promise.resolve(void map.set(entry.key, structuredClone(entry))),
    remove: (key) => Promise.resolve(void map.delete(key)),
  };
}
