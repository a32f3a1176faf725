import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { PRELOADED_PAGES } from '@common/prerender';
import { configureApiClient } from '@/lib/api-client';
import { jsonResponse, mockFetch } from '@/test/fixtures';
import { Route as BoardRoute } from './_authenticated/board';
import { Route as ChatsRoute } from './_authenticated/chats';

describe('preloaded pages (issue #33 item 2; common/prerender.ts)', () => {
  it.each([
    ['/board', BoardRoute],
    ['/chats', ChatsRoute],
  ] as const)('%s: the request its HTML starts is the one its loader sends first', async (path, route) => {
    configureApiClient({ getToken: () => 'tok-1' });
    const fetchMock = mockFetch({ 'GET /api/board': () => jsonResponse([]), 'GET /api/chats': () => jsonResponse([]) });
    const loader = route.options.loader as unknown as (match: { context: { queryClient: QueryClient } }) => Promise<unknown>;
    await loader({ context: { queryClient: new QueryClient() } });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(PRELOADED_PAGES.find((p) => p.path === path)?.fetch);
  });
});
