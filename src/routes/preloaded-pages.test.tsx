import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRELOADED_PAGES } from '@common/prerender';
import { MatchingPage } from '@/features/matching/components/matching-page';
import { configureApiClient } from '@/lib/api-client';
import { useSession } from '@/lib/session/store';
import { jsonResponse, makeSchedule, makeUser, mockFetch } from '@/test/fixtures';
import { createQueryClient } from '@/lib/query/query-client';
import { renderWithFeedback } from '@/test/render';
import { Route as BoardRoute } from './_authenticated/board';
import { Route as ChatsRoute } from './_authenticated/chats';
import { Route as MatchingRoute } from './_authenticated/matching';

/** A route's loader, called as the router calls it. */
type Loader = (match: { context: { queryClient: QueryClient }; location: { search: Record<string, unknown> } }) => Promise<unknown>;
const loaderOf = (route: { options: { loader?: unknown } }) => route.options.loader as Loader;

describe('preloaded pages (issue #33 item 2; common/prerender.ts)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.setState({ status: 'signedOut', user: null, token: null });
  });

  it.each([
    ['/board', BoardRoute],
    ['/chats', ChatsRoute],
  ] as const)('%s: the request its HTML starts is the one its loader sends first', async (path, route) => {
    configureApiClient({ getToken: () => 'tok-1' });
    const fetchMock = mockFetch({ 'GET /api/board': () => jsonResponse([]), 'GET /api/chats': () => jsonResponse([]) });
    await loaderOf(route)({ context: { queryClient: new QueryClient() }, location: { search: {} } });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(PRELOADED_PAGES.find((p) => p.path === path)?.fetch);
  });

  it('매칭: the loader starts the list around the member\'s 동네, and the page shows it without asking again', async () => {
    useSession.setState({ status: 'signedIn', user: makeUser({ neighbourhood: '역삼동' }), token: 'tok-1' });
    const fetchMock = mockFetch({ 'GET /api/schedules': () => jsonResponse([makeSchedule(1, { placeName: '역삼 국밥집' })]) });
    // The app's client (its 30 s staleTime is what keeps a loaded list from being asked again on mount).
    const queryClient = createQueryClient();
    await loaderOf(MatchingRoute)({ context: { queryClient }, location: { search: {} } });
    // Started, not waited for: the page renders at once.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const asked = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://x').searchParams;
    expect([asked.get('lat'), asked.get('lng')]).toEqual(['37.5007', '127.0365']);

    renderWithFeedback(<MatchingPage myId={2} neighbourhood="역삼동" />, queryClient);
    expect(await screen.findByText('역삼 국밥집', { exact: false })).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/schedules'))).toHaveLength(1);
  });

  it('매칭: a member who shares their position, or a shared day, waits for the page', async () => {
    const fetchMock = mockFetch({ 'GET /api/schedules': () => jsonResponse([]) });
    vi.stubGlobal('navigator', { ...navigator, geolocation: {}, permissions: { query: async () => ({ state: 'granted' }) } });
    await loaderOf(MatchingRoute)({ context: { queryClient: new QueryClient() }, location: { search: {} } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    vi.unstubAllGlobals();
    await loaderOf(MatchingRoute)({ context: { queryClient: new QueryClient() }, location: { search: { date: '2026-12-24', schedule: 3 } } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
