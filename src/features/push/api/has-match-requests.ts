import { api } from '@/lib/api-client';

/**
 * Whether the member has sent or received at least one match request (`GET /api/matches/sent`,
 * `GET /api/matches` (received)): the moment with context at which issue #7 lets the app offer push.
 * A failed or non-array answer counts as none.
 */
export async function hasMatchRequests(signal?: AbortSignal): Promise<boolean> {
  const lists = await Promise.allSettled([
    api.get<unknown>('/api/matches/sent', { signal }),
    api.get<unknown>('/api/matches', { signal }),
  ]);
  return lists.some((list) => list.status === 'fulfilled' && Array.isArray(list.value) && list.value.length > 0);
}
