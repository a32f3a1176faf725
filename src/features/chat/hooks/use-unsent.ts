/**
 * Chat messages the member wrote that the server has not confirmed yet (issue #16 item 4), per
 * chat, in memory for the session (the outbox keeps what was queued offline across reloads):
 * `pending` (보내는 중) until the live echo with the same `clientId` (or the HTTP 201) arrives,
 * `failed` (전송 실패, with the server's Korean message when it refused it) until the member
 * presses 다시 보내기, which sends again with the same `clientId`. Cleared on sign-out.
 */
import { useMemo } from 'react';
import { create } from 'zustand';
import { onSignOut } from '@/lib/session/store';

export interface UnsentMessage {
  /** `crypto.randomUUID()`: the SEND's `client-id` header and `receipt`, the POST's `clientId`. */
  clientId: string;
  matchId: number;
  content: string;
  /** ISO instant it was written (its time and day in the list). */
  createdAt: string;
  /** `acked`: the server's RECEIPT came (stored), the echo has not arrived yet. */
  status: 'pending' | 'acked' | 'failed';
  /** The server's refusal, when it gave one. */
  error?: string;
}

interface UnsentState {
  messages: UnsentMessage[];
  add: (message: UnsentMessage) => void;
  update: (clientId: string, patch: Partial<Pick<UnsentMessage, 'status' | 'error'>>) => void;
  remove: (clientIds: readonly string[]) => void;
}

export const useUnsent = create<UnsentState>()((set) => ({
  messages: [],
  add: (message) => set((s) => ({ messages: [...s.messages.filter((m) => m.clientId !== message.clientId), message] })),
  update: (clientId, patch) =>
    set((s) => (s.messages.some((m) => m.clientId === clientId) ? { messages: s.messages.map((m) => (m.clientId === clientId ? { ...m, ...patch } : m)) } : s)),
  remove: (clientIds) =>
    set((s) => {
      const gone = new Set(clientIds);
      return s.messages.some((m) => gone.has(m.clientId)) ? { messages: s.messages.filter((m) => !gone.has(m.clientId)) } : s;
    }),
}));

const NONE: UnsentMessage[] = [];

/** One chat's unsent messages, oldest first. */
export function useUnsentOf(matchId: number): UnsentMessage[] {
  const messages = useUnsent((s) => s.messages);
  return useMemo(() => {
    const mine = messages.filter((m) => m.matchId === matchId);
    return mine.length ? mine : NONE;
  }, [messages, matchId]);
}

// Another member may sign in on this tab: nothing of the last one is sent with their token.
onSignOut(() => useUnsent.setState({ messages: [] }));
