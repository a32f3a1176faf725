/**
 * The typed call of an operation (issue #29 item 1): the path is built from the params, the answer
 * comes back typed, and an answer that drifts from the operation's schema is caught in tests.
 */
import { describe, expect, it } from 'vitest';
import { operations } from '@common/api/operations';
import { jsonResponse, mockFetch } from '@/test/fixtures';
import { sendOrQueueCall } from '@/lib/outbox';
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
