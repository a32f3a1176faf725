/**
 * The typed call of an operation (issue #29 item 1): the path is built from the params, the answer
 * comes back typed, and an answer that drifts from the operation's schema is caught in tests.
 */
import { describe, expect, it } from 'vitest';
import { operations } from '@common/api/operations';
import { jsonResponse, mockFetch } from '@/test/fixtures';
import { sendOrQueueCall } from '@/lib/outbox';
import { useSession } from '@/lib/session/store';
import { AnswerDriftError, ApiError, answerOf, call, callPage, pathOf } from './api-client';

describe('call(op, …) (issue #29 item 1)', () => {
  it('builds the path from params (URI-encoded) and answers the typed body', async () => {
    const fetch = mockFetch({ 'DELETE /api/blocks/7': () => new Response(null, { status: 204 }) });
    await expect(call(operations.unblockMember, { params: { userId: 7 } })).resolves.toBeNull();
    expect(fetch.mock.calls[0]?.[0]).toContain('/api/blocks/7');
    expect(pathOf({ path: '/api/x/{id}' }, { id: 'a/b c' })).toBe('/api/x/a%2Fb%20c');
  });

  it('reads a page and the next cursor from Link rel="next"', async () => {
    const item = { user: { id: 2, name: '김민지' }, createdAt: '2026-11-27T00:00:00.000Z' };
    mockFetch({ 'GET /api/blocks': () => new Response(JSON.stringify([item]), { status: 200, headers: { 'Content-Type': 'application/json', Link: '</api/blocks?cursor=abc>; rel="next"' } }) });
    const page = await callPage(operations.listBlocks, null);
    expect(page.items[0]?.user.name).toBe('김민지');
    expect(page.nextCursor).toBe('abc');
  });

  it('an answer that drifts from its schema is caught, naming the operation', async () => {
    // The server starts answering `user.name` as a number and drops `createdAt`.
    mockFetch({ 'GET /api/blocks': () => jsonResponse([{ user: { id: 2, name: 42 } }]) });
    const failure = callPage(operations.listBlocks, null);
    await expect(failure).rejects.toBeInstanceOf(AnswerDriftError);
    await expect(callPage(operations.listBlocks, null)).rejects.toThrow(/GET \/api\/blocks answered 200/);
    // A non-array where a list is declared is a drift too (no silent "counts as empty").
    mockFetch({ 'GET /api/blocks': () => jsonResponse({ items: [] }) });
    await expect(callPage(operations.listBlocks, null)).rejects.toBeInstanceOf(AnswerDriftError);
  });

  it('sends FormData as is for an operation that consumes multipart (no JSON Content-Type)', async () => {
    const fetch = mockFetch({ 'POST /api/images/upload': () => jsonResponse({ url: '/uploads/a1.webp' }, 201) });
    const form = new FormData();
    form.append('image', new File(['x'], 'a.png', { type: 'image/png' }));
    await expect(call(operations.uploadImage, { body: form })).resolves.toEqual({ url: '/uploads/a1.webp' });
    const init = fetch.mock.calls[0]?.[1] as RequestInit;
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).get('content-type')).toBeNull();
  });

  it('a public operation is called without the session token, a member operation with it', async () => {
    // The session's token (the setup resets the session after each test).
    useSession.setState({ status: 'signedIn', token: 'session-token' });
    const fetch = mockFetch({
      'GET /api/legal': () => jsonResponse({ termsVersion: '2026-01-01', privacyVersion: '2026-01-01', contactEmail: 'help@example.com' }),
      'GET /api/auth/providers': () => jsonResponse({ providers: ['kakao'] }),
      'POST /api/user/safety-guide': () => new Response(null, { status: 204 }),
    });
    await call(operations.getLegalInfo);
    await call(operations.listAuthProviders);
    await expect(call(operations.markSafetyGuideSeen)).resolves.toBeNull();
    const authorization = fetch.mock.calls.map(([, init]) => new Headers(init?.headers).get('authorization'));
    expect(authorization).toEqual([null, null, 'Bearer session-token']);
  });

  it('a text answer comes back as its text', async () => {
    mockFetch({ 'POST /api/matches/5/arrived': () => new Response('도착했다고 알렸어요.', { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }) });
    await expect(call(operations.reportArrival, { params: { id: 5 } })).resolves.toBe('도착했다고 알렸어요.');
  });

  it('an answer that came another way (the outbox) is checked like call\'s: answerOf', () => {
    expect(answerOf(operations.markNotificationsRead, undefined)).toBeNull();
    expect(answerOf(operations.requestMatch, '신청했어요.')).toBe('신청했어요.');
    expect(() => answerOf(operations.requestMatch, { message: '신청했어요.' })).toThrow(AnswerDriftError);
    expect(() => answerOf(operations.createComment, { id: 1 })).toThrow(/POST \/api\/board\/\{id\}\/comments answered 201/);
  });

  it('an outbox write of an operation is sent to its path and its answer checked (sendOrQueueCall)', async () => {
    const comment = { id: 3, text: '맛있어요', author: { id: 1, name: '나' }, createdAt: '2026-11-27T00:00:00.000Z' };
    const fetch = mockFetch({ 'POST /api/board/12/comments': () => jsonResponse(comment, 201) });
    const write = { kind: 'comment', label: '댓글: 맛있어요', scope: '12' } as const;
    await expect(sendOrQueueCall(operations.createComment, { params: { id: 12 }, body: { text: '맛있어요' } }, write)).resolves.toEqual({ queued: false, data: comment });
    expect(fetch.mock.calls[0]?.[1]?.headers).toHaveProperty('Idempotency-Key');
    mockFetch({ 'POST /api/board/12/comments': () => jsonResponse({ id: 3 }, 201) });
    await expect(sendOrQueueCall(operations.createComment, { params: { id: 12 }, body: { text: '맛있어요' } }, write)).rejects.toBeInstanceOf(AnswerDriftError);
  });

  it('a failure is an ApiError carrying the catalogue code', async () => {
    mockFetch({ 'POST /api/blocks': () => jsonResponse({ message: '자기 자신은 차단할 수 없어요.', code: 'SELF' }, 400) });
    const error = await call(operations.blockMember, { body: { userId: 1 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('SELF');
  });
});
