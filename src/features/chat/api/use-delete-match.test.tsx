import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { queryRoots } from '@/lib/query/keys';
import { membersKey } from '@/lib/query/members';
import { mockFetch } from '@/test/fixtures';
import { createTestQueryClient, textResponse } from '@/test/render';
import { roomKey } from './conversation';
import { useDeleteMatch } from './use-delete-match';

/** A client holding the caches a leave concerns, each fresh; `stale(key)` says whether one was invalidated. */
function cached() {
  const client = createTestQueryClient();
  const keys = {
    room: roomKey({ kind: 'table', id: 5 }),
    otherRoom: roomKey({ kind: 'match', id: 8 }),
    members: membersKey(5),
    otherMembers: membersKey(6),
    match: [...queryRoots.match, 11],
    otherMatch: [...queryRoots.match, 12],
    sent: queryRoots.matchesSent,
    received: queryRoots.matchesReceived,
    schedules: queryRoots.schedules,
    chats: queryRoots.chats,
  };
  for (const key of Object.values(keys)) client.setQueryData(key, { cached: true });
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, keys, stale, wrapper };
}

describe('useDeleteMatch (나가기 in a chat)', () => {
  it('leaving a table drops its history and makes the lists, the one match, the seats, the chat list and its members stale', async () => {
    const fetch = mockFetch({ 'DELETE /api/matches/11': () => textResponse('매칭이 삭제되었습니다.') });
    const { client, keys, stale, wrapper } = cached();
    const { result } = renderHook(() => useDeleteMatch({ kind: 'table', id: 5 }), { wrapper });
    await act(() => result.current.mutateAsync(11));
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual(['DELETE /api/matches/11']);
    expect(client.getQueryData(keys.room)).toBeUndefined();
    for (const key of [keys.members, keys.match, keys.sent, keys.received, keys.schedules, keys.chats]) expect(stale(key)).toBe(true);
    for (const key of [keys.otherMembers, keys.otherMatch, keys.otherRoom]) expect(stale(key)).toBe(false);
  });

  it('a refused leave keeps the history and still refreshes what it declares', async () => {
    mockFetch({ 'DELETE /api/matches/11': () => textResponse('권한이 없어요.', 403) });
    const { client, keys, stale, wrapper } = cached();
    const { result } = renderHook(() => useDeleteMatch({ kind: 'table', id: 5 }), { wrapper });
    act(() => result.current.mutate(11));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(client.getQueryData(keys.room)).toEqual({ cached: true });
    await waitFor(() => expect(stale(keys.chats)).toBe(true));
    expect(stale(keys.members)).toBe(true);
  });
});
