/**
 * The app's outbox (issue #7): `sendOrQueue` for the four offline-capable writes (comments,
 * reviews, chat messages, match requests), the `useOutbox` store screens read their pending
 * items and failures from, and `startOutbox()` which replays on sign-in / app start for the signed-in
 * member and with backoff while entries wait (back online: src/lib/query/query-client.ts).
 */
import { toast } from '@/components/ui/feedback-store';
import { format, ko } from '@/i18n/shell';
import type { OperationSpec } from '@common/api/operation';
import { answerOf, apiRequest, pathOf, type CallInput, type OperationAnswer } from '@/lib/api-client';
import { useSession } from '@/lib/session/store';
import { createOutbox, failuresOf, pendingOf, type OutboxWrite, type SendResult } from './outbox';
import { idbOutboxStorage, memoryOutboxStorage } from './storage';
import type { OutboxEntry, OutboxKind } from './types';

export type { OutboxEntry, OutboxKind } from './types';
export type { OutboxWrite, SendResult } from './outbox';

/** Korean text of a failure: "보내지 못했어요: {label} — {message}". */
export function failureText(entry: OutboxEntry): string {
  return format(ko.offlineUi.failed, { label: entry.label, message: entry.failure?.message || ko.offlineUi.failedFallback });
}

/** A pending/failure label: "댓글: 앞부분…" (at most 20 characters of the text). */
export function outboxLabel(kind: OutboxKind, text: string): string {
  const template = { comment: ko.offlineUi.labelComment, review: ko.offlineUi.labelReview, chat: ko.offlineUi.labelChat, 'match-request': ko.offlineUi.labelMatch }[kind];
  const flat = text.replace(/\s+/g, ' ').trim();
  return format(template, { text: flat.length > 20 ? `${flat.slice(0, 20)}…` : flat });
}

const OUTBOX_LOCK = 'babsang-outbox';

const outbox = createOutbox({
  storage: typeof indexedDB === 'undefined' ? memoryOutboxStorage() : idbOutboxStorage(),
  send: (entry) => apiRequest(entry.path, { method: entry.method, body: entry.body, idempotencyKey: entry.key }),
  currentMember: () => {
    const s = useSession.getState();
    return s.status === 'signedIn' && s.user ? s.user.id : null;
  },
  isOnline: () => navigator.onLine,
  // One replay across all tabs of the app (Web Locks), where the browser has them.
  lock: async (task) => {
    if (typeof navigator !== 'undefined' && 'locks' in navigator) await navigator.locks.request(OUTBOX_LOCK, () => task());
    else await task();
  },
  notifySent: (entry) => toast.info(format(ko.offlineUi.sent, { label: entry.label })),
  notifyFailed: (entry) => toast.error(failureText(entry)),
});

/** The current member's outbox entries (pending and failed), oldest first. */
export const useOutbox = outbox.store;

/**
 * Sends a write now, or — offline / no answer / earlier writes still waiting — keeps it in the
 * outbox and resolves `{ queued: true }` (the screen shows it as pending and says
 * "오프라인 상태라 연결되면 보낼게요."). Other errors (4xx/5xx answered now) are thrown as usual.
 */
export function sendOrQueue<T>(write: OutboxWrite): Promise<SendResult<T>> {
  return outbox.sendOrQueue<T>(write);
}

/**
 * `sendOrQueue` of operation `op` (issue #29 item 1): the entry's method and path come from `op` and
 * `params`, the body is typed by it, and an answer got now is typed and checked like `call`'s
 * (`answerOf`). A queued entry keeps its path, so a replay after a reload needs nothing else.
 */
export async function sendOrQueueCall<const O extends OperationSpec & { method: OutboxEntry['method'] }>(
  op: O,
  input: Pick<CallInput<O>, 'params' | 'body'> & { params?: Record<string, unknown> },
  write: Omit<OutboxWrite, 'method' | 'path' | 'body'>,
): Promise<SendResult<OperationAnswer<O>>> {
  const result = await outbox.sendOrQueue<unknown>({ ...write, method: op.method, path: pathOf(op, input.params), body: input.body });
  return result.queued ? result : { queued: false, data: answerOf(op, result.data) };
}

/** Replays now (e.g. a retry button); single-flight. */
export const flushOutbox = outbox.flush;
/** Removes a failure the member dismissed. */
export const dismissOutboxFailure = outbox.dismiss;
/** Listens for replayed writes the server accepted (to reload a screen). Returns the unsubscribe. */
export const onOutboxSent = outbox.onSent;

/** Pending (waiting) entries of one screen part. */
export function usePendingWrites(kind: OutboxKind, scope: string): OutboxEntry[] {
  const entries = useOutbox((s) => s.entries);
  return pendingOf(entries, kind, scope);
}

/** Writes the server refused for good (shown until dismissed). */
export function useOutboxFailures(): OutboxEntry[] {
  return failuresOf(useOutbox((s) => s.entries));
}

/**
 * Starts replaying: now (app start) for the signed-in member and on every sign-in or member
 * change. Coming back online is the query client's job (src/lib/query/query-client.ts
 * `connectQueryClient` replays once, then refetches). Returns the stop function.
 */
export function startOutbox(): () => void {
  let member: number | null = null;
  const follow = () => {
    const s = useSession.getState();
    const current = s.status === 'signedIn' && s.user ? s.user.id : null;
    if (current === member) return;
    member = current;
    outbox.stop();
    void outbox.refresh().then(() => (current !== null ? outbox.flush() : undefined));
  };
  follow();
  const unsubscribe = useSession.subscribe(follow);
  return () => {
    unsubscribe();
    outbox.stop();
  };
}
