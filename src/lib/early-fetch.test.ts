import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_FETCH_GLOBAL, SERVER_ANSWER_ID, SESSION_COOKIE, type EarlyFetch, type ServerAnswer } from '@common/prerender';
import { jsonResponse, mockFetch } from '@/test/fixtures';
import { apiRequest, configureApiClient } from './api-client';
import { EARLY_FETCH_MAX_AGE_MS, takeEarlyFetch } from './early-fetch';

const slot = globalThis as unknown as Record<string, EarlyFetch | undefined>;

/** What a preloaded page's HTML leaves behind (common/prerender.ts PAGE_PRELOAD_SCRIPT). */
function earlyFetch(url: string, response: Promise<Response>, token = 'tok-1', at = Date.now()) {
  slot[EARLY_FETCH_GLOBAL] = { url, token, at, response };
}

describe('the request a preloaded page started (issue #33 item 2)', () => {
  afterEach(() => {
    delete slot[EARLY_FETCH_GLOBAL];
  });

  it('the same request with the same token takes its answer instead of sending again, once; others leave it', async () => {
    configureApiClient({ getToken: () => 'tok-1' });
    const fetchMock = mockFetch({ 'GET /api/board': () => jsonResponse([{ id: 2 }]), 'GET /api/user/me': () => jsonResponse({ id: 7 }) });
    earlyFetch('/api/board', Promise.resolve(jsonResponse([{ id: 1 }])));
    // `me` goes out first, on its own.
    expect(await apiRequest('/api/user/me')).toEqual({ id: 7 });
    expect(await apiRequest('/api/board')).toEqual([{ id: 1 }]);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/user/me']);
    // The next visit asks the server.
    expect(await apiRequest('/api/board')).toEqual([{ id: 2 }]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('another query, another token, a write or an old request: the app sends its own', async () => {
    configureApiClient({ getToken: () => 'tok-1' });
    const fetchMock = mockFetch({ 'GET /api/board': () => jsonResponse([{ id: 2 }]), 'POST /api/board': () => jsonResponse({ id: 3 }) });
    earlyFetch('/api/board', Promise.resolve(jsonResponse([{ id: 1 }])));
    expect(await apiRequest('/api/board?q=%EA%B5%AD%EB%B0%A5')).toEqual([{ id: 2 }]);
    expect(await apiRequest('/api/board', { method: 'POST', body: { title: 't' } })).toEqual({ id: 3 });
    configureApiClient({ getToken: () => 'tok-2' });
    expect(await apiRequest('/api/board')).toEqual([{ id: 2 }]);
    configureApiClient({ getToken: () => 'tok-1' });
    earlyFetch('/api/board', Promise.resolve(jsonResponse([{ id: 1 }])), 'tok-1', Date.now() - EARLY_FETCH_MAX_AGE_MS);
    expect(await apiRequest('/api/board')).toEqual([{ id: 2 }]);
    expect(slot[EARLY_FETCH_GLOBAL]).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('an early request that could not be sent is sent again by the app', async () => {
    configureApiClient({ getToken: () => 'tok-1' });
    const fetchMock = mockFetch({ 'GET /api/chats': () => jsonResponse([]) });
    earlyFetch('/api/chats?limit=20', Promise.reject(new TypeError('Failed to fetch')));
    expect(await apiRequest('/api/chats?limit=20')).toEqual([]);
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});

describe('the answer a page rendered for the member brought (issue #33 item 2)', () => {
  const answer = (url: string, body: unknown, link: string | null = null) => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = SERVER_ANSWER_ID;
    element.textContent = JSON.stringify({ url, status: 200, link, body: JSON.stringify(body) } satisfies ServerAnswer);
    document.head.append(element);
  };
  const setCookie = (token: string | null) => {
    document.cookie = token ? `${SESSION_COOKIE}=${token}; Path=/` : `${SESSION_COOKIE}=; Path=/; Max-Age=0`;
  };
  afterEach(() => {
    document.getElementById(SERVER_ANSWER_ID)?.remove();
    setCookie(null);
  });

  it('the page\'s first request takes it, with its Link header, when the server rendered for the app\'s token; once', async () => {
    configureApiClient({ getToken: () => 'tok-1' });
    setCookie('tok-1');
    const fetchMock = mockFetch({ 'GET /api/board': () => jsonResponse([{ id: 2 }]) });
    answer('/api/board', [{ id: 1 }], '</api/board?cursor=abc>; rel="next"');
    const response = await takeEarlyFetch('/api/board', 'tok-1');
    expect(response?.headers.get('link')).toBe('</api/board?cursor=abc>; rel="next"');
    expect(await response?.json()).toEqual([{ id: 1 }]);
    expect(document.getElementById(SERVER_ANSWER_ID)).toBeNull();
    expect(await apiRequest('/api/board')).toEqual([{ id: 2 }]);
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('rendered for another token (the cookie is not the app\'s session): dropped, and the app asks itself', async () => {
    configureApiClient({ getToken: () => 'tok-1' });
    setCookie('tok-other');
    const fetchMock = mockFetch({ 'GET /api/chats': () => jsonResponse([{ id: 2 }]) });
    answer('/api/chats?limit=20', [{ id: 1 }]);
    expect(await apiRequest('/api/chats?limit=20')).toEqual([{ id: 2 }]);
    expect(document.getElementById(SERVER_ANSWER_ID)).toBeNull();
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('another request leaves it for the page\'s own', async () => {
    configureApiClient({ getToken: () => 'tok-1' });
    setCookie('tok-1');
    const fetchMock = mockFetch({ 'GET /api/user/me': () => jsonResponse({ id: 7 }) });
    answer('/api/board', [{ id: 1 }]);
    expect(await apiRequest('/api/user/me')).toEqual({ id: 7 });
    expect(await apiRequest('/api/board')).toEqual([{ id: 1 }]);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/user/me']);
  });
});
