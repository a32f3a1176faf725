/**
 * One conversation's state (issue #30 item 5), for 1:1 and table chats alike:
 * - the history: `useInfiniteQuery` (page 0 the newest; `loadOlder` fetches the next, older page);
 * - live messages: the topic handler writes them into the cache — one delivery, no refetch — and
 *   settles my message with the same client-id; system lines refresh the table's faces;
 * - after every reconnect: what came after the newest message is fetched, messages in flight are
 *   SENT again with the same client-id (stored once);
 * - sending: `useMutation` (SEND live, else POST through the outbox for a 1:1), its pending and
 *   failed rows read back with `useMutationState`; a refusal (content filter, rate limit) is
 *   handed to `onRefused` so the text goes back into the input with the reason;
 * - read position: posted while the screen is visible and a newer message is shown; the "1"s
 *   follow live read events.
 */
import { useMutation, useMutationState, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { USER_ERRORS_DESTINATION, type ReadEvent, type StompUserError } from '@common/realtime';
import { toast } from '@/components/ui/feedback-store';
import { ko } from '@/i18n/ko';
import { isApiError } from '@/lib/api-client';
import { usePendingWrites, type OutboxEntry } from '@/lib/outbox';
import { membersKey } from '@/lib/query/members';
import { queryRoots } from '@/lib/query/keys';
import { liveSubscribe, onLiveConnect, useLiveStatus } from '@/lib/stomp-client';
import { patchChat, withNewMessage, type ChatsData } from '../api/chats';
import { catchUp, historyQuery, postReadPosition, withRead, roomKey, roomMessages, roomReadsTopic, roomSendDestination, roomTopic, withMessages, type Conversation, type RoomData, type RoomMessage } from '../api/conversation';
import { sendChatMessage, sendTableMessage } from '../api/send-message';
import { ChatRefusal, ChatSendFailed, refuseSend, resendInFlight, sendLive, settleEcho } from '../lib/live-send';
import { markChatOpen } from './use-chats-live';

/** A message I wrote: its client-id is the SEND's `client-id` and the POST's `clientId`. */
export interface Draft {
  clientId: string;
  content: string;
  createdAt: string;
}

/** A row of mine the server has not confirmed: 보내는 중, stored (RECEIPT, echo not yet here), or 전송 실패 with 다시 보내기. */
export interface Unsent extends Draft {
  status: 'pending' | 'acked' | 'failed';
}

interface Me {
  id: number;
  name: string;
}

const sendKey = (c: Conversation) => ['chat-send', c.kind, c.id] as const;
const NONE: RoomMessage[] = [];

export function useChatRoom(c: Conversation, me: Me | null, options: { enabled?: boolean; onRefused?: (draft: Draft, reason: string) => void } = {}) {
  const client = useQueryClient();
  const enabled = options.enabled ?? true;
  const key = roomKey(c);
  const history = useInfiniteQuery({ ...historyQuery(c), enabled });
  const messages = useMemo(() => (history.data ? roomMessages(history.data) : NONE), [history.data]);
  const connected = useLiveStatus((s) => s.connected);
  const queued: OutboxEntry[] = usePendingWrites('chat', c.kind === 'match' ? String(c.id) : `table:${c.id}`);
  const [acked, setAcked] = useState<ReadonlySet<string>>(new Set());
  const refused = useRef(options.onRefused);
  const meRef = useRef(me);
  const queuedCount = useRef(queued.length);
  useEffect(() => {
    refused.current = options.onRefused;
    meRef.current = me;
    queuedCount.current = queued.length;
  });

  /** Writes messages into this chat's cache and the chat list (read: the chat is open). */
  const receive = useCallback(
    (incoming: readonly RoomMessage[]) => {
      client.setQueryData<RoomData>(key, (d) => withMessages(d, incoming));
      const last = incoming[incoming.length - 1];
      if (!last) return;
      const line = { id: last.id, content: last.content, kind: last.kind, senderId: last.senderId, senderName: last.senderName, createdAt: last.createdAt };
      client.setQueryData<ChatsData>(queryRoots.chats, (d) => withNewMessage(d, c, line, { mine: last.senderId === meRef.current?.id, read: true }) ?? d);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is derived from `c.kind` and `c.id`
    [client, c.kind, c.id],
  );

  // ---- Sending ----
  const send = useMutation({
    mutationKey: sendKey(c),
    gcTime: 24 * 60 * 60 * 1000,
    mutationFn: async (draft: Draft): Promise<RoomMessage | null> => {
      const who = meRef.current;
      const live = useLiveStatus.getState().connected && navigator.onLine && queuedCount.current === 0;
      if (live) {
        const body = c.kind === 'match' && who ? { senderId: who.id, senderName: who.name, content: draft.content } : { content: draft.content };
        return sendLive<RoomMessage>(roomSendDestination(c), draft.clientId, body, () => setAcked((s) => new Set(s).add(draft.clientId)));
      }
      try {
        const result = c.kind === 'table' ? await sendTableMessage(c.id, draft.content, draft.clientId) : await sendChatMessage(c.id, draft.content, draft.clientId);
        if (result.queued) {
          toast.info(ko.offlineUi.queued);
          return null;
        }
        return result.data as RoomMessage;
      } catch (error) {
        if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408) throw new ChatRefusal(error.message);
        throw new ChatSendFailed();
      }
    },
    onSuccess: (message) => {
      if (message) receive([message]);
      else void client.invalidateQueries({ queryKey: key });
    },
    onError: (error, draft) => {
      if (error instanceof ChatRefusal) refused.current?.(draft, error.message);
    },
  });
  const attempts = useMutationState({
    filters: { mutationKey: sendKey(c) },
    select: (m) => ({ draft: m.state.variables as Draft, status: m.state.status, refused: m.state.error instanceof ChatRefusal }),
  });
  const unsent = useMemo(() => {
    const stored = new Set(messages.map((m) => m.clientId).filter(Boolean));
    const latest = new Map<string, (typeof attempts)[number]>();
    for (const a of attempts) if (a.draft) latest.set(a.draft.clientId, a);
    const rows: Unsent[] = [];
    for (const a of latest.values()) {
      if (stored.has(a.draft.clientId) || a.status === 'success' || a.status === 'idle' || a.refused) continue;
      rows.push({ ...a.draft, status: a.status === 'error' ? 'failed' : acked.has(a.draft.clientId) ? 'acked' : 'pending' });
    }
    return rows;
  }, [attempts, messages, acked]);

  const write = useCallback(
    (content: string) => {
      const text = content.trim();
      if (!text || !meRef.current) return false;
      send.mutate({ clientId: crypto.randomUUID(), content: text, createdAt: new Date().toISOString() });
      return true;
    },
    [send],
  );
  const resend = useCallback(
    (draft: Draft) => {
      setAcked((s) => {
        const next = new Set(s);
        next.delete(draft.clientId);
        return next;
      });
      send.mutate(draft);
    },
    [send],
  );

  // ---- Live: messages, refusals, reads, reconnects ----
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    const stopOpen = markChatOpen(c.kind, c.id);
    const stopLive = liveSubscribe(roomTopic(c), (payload) => {
      const m = payload as RoomMessage;
      if (typeof m?.id !== 'number' || typeof m.content !== 'string') return;
      receive([m]);
      settleEcho(m.clientId, m);
      if (m.kind === 'system' && c.kind === 'table') void client.invalidateQueries({ queryKey: membersKey(c.id) });
    });
    const stopErrors = liveSubscribe(USER_ERRORS_DESTINATION, (payload) => {
      const e = payload as Partial<StompUserError> | null;
      refuseSend(e?.receiptId, typeof e?.message === 'string' ? e.message : undefined);
    });
    const stopReads = liveSubscribe(roomReadsTopic(c), (payload) => applyReads(payload));
    const applyReads = (payload: unknown) => {
      const r = (payload ?? {}) as Partial<ReadEvent>;
      if (typeof r.userId !== 'number' || typeof r.lastReadId !== 'number') return;
      const read = { userId: r.userId, lastReadId: r.lastReadId, previousReadId: typeof r.previousReadId === 'number' ? r.previousReadId : 0 };
      client.setQueryData<RoomData>(key, (d) => withRead(d, read));
    };
    const stopReconnect = onLiveConnect(() => {
      const cached = roomMessages(client.getQueryData<RoomData>(key));
      const newest = cached.length ? cached[cached.length - 1]!.id : undefined;
      catchUp(c, newest, abort.signal)
        .then((list) => !abort.signal.aborted && client.setQueryData<RoomData>(key, (d) => withMessages(d, list)))
        .catch((error: unknown) => !abort.signal.aborted && console.warn('chat catch-up failed', error));
      resendInFlight(roomSendDestination(c));
    });
    return () => {
      abort.abort();
      stopOpen();
      stopLive();
      stopErrors();
      stopReads();
      stopReconnect();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is derived from `c.kind` and `c.id`
  }, [enabled, c.kind, c.id, client, receive]);

  // ---- Read position: posted while visible, for the newest message shown ----
  const newestId = messages.length ? messages[messages.length - 1]!.id : 0;
  const posted = useRef(0);
  useEffect(() => {
    if (!enabled || !newestId || !me) return;
    const post = () => {
      if (document.visibilityState !== 'visible' || newestId <= posted.current) return;
      posted.current = newestId;
      client.setQueryData<ChatsData>(queryRoots.chats, (d) => patchChat(d, c, { unreadCount: 0 }));
      void postReadPosition(c, newestId).catch(() => (posted.current = 0));
    };
    post();
    document.addEventListener('visibilitychange', post);
    return () => document.removeEventListener('visibilitychange', post);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one conversation per mount
  }, [enabled, newestId, me?.id, client]);

  return { history, messages, unsent, queued, connected, write, resend, sending: send.isPending };
}
