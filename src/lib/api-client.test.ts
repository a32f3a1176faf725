import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fixtures';
import { ApiError, apiRequest, configureApiClient, errorMessage } from './api-client';
import { useSavedAt } from './saved-at-store';

describe('api client', () => {
  it('turns a JSON error body into an ApiError with the Korean message and code', async () => {
    mockFetch({ 'POST /api/auth/login': () => jsonResponse({ message: '이메일 또는 비밀번호가 올바르지 않습니다.', code: 'UNAUTHORIZED' }, 401) });
    const error = await apiRequest('/api/auth/login', { method: 'POST', body: { email: 'a', password: 'b' }, auth: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).code).toBe('UNAUTHORIZED');
    expect(errorMessage(error, '대체')).toBe('이메일 또는 비밀번호가 올바르지 않습니다.');
  });

  it('keeps a text/plain answer as the message', async () => {
    mockFetch({ 'POST /api/matches': () => new Response('이미 신청한 일정입니다.', { status: 409, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }) });
    const error = (await apiRequest('/api/matches', { method: 'POST', body: { scheduleId: 1 } }).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(409);
    expect(error.serverMessage).toBe('이미 신청한 일정입니다.');
  });

  it('falls back when the body says nothing, and maps a network failure to status 0', async () => {
    mockFetch({ 'GET /api/x': () => new Response('<html>bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }) });
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(errorMessage(error, '대체 문구')).toBe('대체 문구');

    const { vi } = await import('vitest');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const offline = (await apiRequest('/api/y').catch((e: unknown) => e)) as ApiError;
    expect(offline.status).toBe(0);
  });

  it('adds the bearer token once signed in, and never when auth is off', async () => {
    configureApiClient({ getToken: () => 'tok-123' });
    const fetchMock = mockFetch({ 'GET /api/user/me': () => jsonResponse({}), 'GET /api/auth/providers': () => jsonResponse({ providers: [] }) });
    await apiRequest('/api/user/me');
    await apiRequest('/api/auth/providers', { auth: false });
    const headers = (i: number) => (fetchMock.mock.calls[i]?.[1]?.headers ?? {}) as Record<string, string>;
    expect(headers(0).Authorization).toBe('Bearer tok-123');
    expect(headers(1).Authorization).toBeUndefined();
  });

  it('sends JSON bodies with a content type and parses JSON answers', async () => {
    configureApiClient({ getToken: () => null });
    const fetchMock = mockFetch({ 'PUT /api/user/profile': (_url, init) => jsonResponse({ echoed: JSON.parse(String(init?.body)) }) });
    const answer = await apiRequest('/api/user/profile', { method: 'PUT', body: { name: '밥' } });
    expect(answer).toEqual({ echoed: { name: '밥' } });
    expect((fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends the idempotency key of a write when given one', async () => {
    configureApiClient({ getToken: () => 'tok' });
    const fetchMock = mockFetch({ 'POST /api/reviews': () => jsonResponse({ id: 1 }, 201) });
    await apiRequest('/api/reviews', { method: 'POST', body: { rating: 5 }, idempotencyKey: 'key-1' });
    await apiRequest('/api/reviews', { method: 'POST', body: { rating: 5 } });
    const headers = (i: number) => (fetchMock.mock.calls[i]?.[1]?.headers ?? {}) as Record<string, string>;
    expect(headers(0)['Idempotency-Key']).toBe('key-1');
    expect(headers(1)['Idempotency-Key']).toBeUndefined();
  });

  it('records when an answer came from the offline mirror, and forgets it on a live answer', async () => {
    useSavedAt.getState().reset();
    let mirrored = true;
    mockFetch({
      'GET /api/board': () =>
        new Response('[]', { headers: { 'Content-Type': 'application/json', ...(mirrored ? { 'X-Offline-Saved-At': '2026-11-21T09:05:00.000Z' } : {}) } }),
    });
    await apiRequest('/api/board');
    expect(useSavedAt.getState().byPath).toEqual({ '/api/board': '2026-11-21T09:05:00.000Z' });
    mirrored = false;
    await apiRequest('/api/board');
    expect(useSavedAt.getState().byPath).toEqual({});
  });
});
