import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import type { ErrorCode } from '@common/errors';
import { createOutbox, type OutboxDeps } from './outbox';
import { memoryOutboxStorage } from './storage';
import type { OutboxEntry } from './types';

/** An outbox on a Map with a scripted network; `answer` decides each send's fate. */
function setup(answer: (entry: OutboxEntry) => unknown, overrides: Partial<OutboxDeps> = {}) {
  const storage = memoryOutboxStorage();
  const sent: { key: string; path: string; body: unknown; memberId: number }[] = [];
  let member: number | null = 1;
  let online = true;
  let n = 0;
  let clock = Date.parse('2026-11-22T00:00:00Z');
  const retries: (() => void)[] = [];
  const failed: OutboxEntry[] = [];
  const outbox = createOutbox({
    storage,
    send: (entry) => {
      sent.push({ key: entry.key, path: entry.path, body: entry.body, memberId: member ?? 0 });
      return Promise.resolve().then(() => answer(entry));
    },
    currentMember: () => member,
    isOnline: () => online,
    newKey: () => `key-${++n}`,
    now: () => new Date((clock += 1000)),
    schedule: (task) => {
      retries.push(task);
      return () => void retries.splice(retries.indexOf(task), 1);
    },
    notifyFailed: (entry) => failed.push(entry),
    ...overrides,
  });
  return {
    outbox,
    storage,
    sent,
    retries,
    failed,
    setMember: (m: number | null) => (member = m),
    setOnline: (o: boolean) => (online = o),
  };
}

const comment = (text: string, scope = '7') => ({ path: `/api/board/${scope}/comments`, body: { text }, kind: 'comment' as const, label: `댓글: ${text}`, scope });
const offlineError = () => {
  throw new ApiError(0);
};

describe('outbox', () => {
  it('sends at once when online and the network answers', async () => {
    const t = setup(() => ({ id: 1 }));
    const result = await t.outbox.sendOrQueue(comment('안녕'));
    expect(result).toEqual({ queued: false, data: { id: 1 } });
    expect(t.storage.map.size).toBe(0);
    expect(t.sent[0]?.key).toBe('key-1');
  });

  it('queues a write that gets no answer, and one made while the browser is offline', async () => {
    const t = setup(offlineError);
    const first = await t.outbox.sendOrQueue(comment('첫째'));
    expect(first.queued).toBe(true);
    t.setOnline(false);
    const second = await t.outbox.sendOrQueue(comment('둘째'));
    expect(second.queued).toBe(true);
    expect(t.sent).toHaveLength(1); // offline: not even tried
    expect(t.outbox.store.getState().entries.map((e) => e.label)).toEqual(['댓글: 첫째', '댓글: 둘째']);
  });

  it('replays oldest first, one at a time, with the same key as the first attempt', async () => {
    let up = false;
    const t = setup((entry) => (up ? { id: entry.key } : offlineError()));
    await t.outbox.sendOrQueue(comment('하나'));
    t.setOnline(false);
    await t.outbox.sendOrQueue(comment('둘'));
    await t.outbox.sendOrQueue(comment('셋'));
    const firstKey = t.sent[0]?.key;
    const received: string[] = [];
    t.outbox.onSent((entry) => received.push(entry.label));

    t.setOnline(true);
    up = true;
    await Promise.all([t.outbox.flush(), t.outbox.flush()]); // single-flight: no second replay
    expect(t.sent.slice(1).map((s) => (s.body as { text: string }).text)).toEqual(['하나', '둘', '셋']);
    expect(t.sent[1]?.key).toBe(firstKey);
    expect(received).toEqual(['댓글: 하나', '댓글: 둘', '댓글: 셋']);
    expect(t.storage.map.size).toBe(0);
    expect(t.outbox.store.getState().entries).toEqual([]);
  });

  it('keeps a write the server refuses for good as a failure the member sees, and goes on', async () => {
    let up = false;
    const t = setup((entry) => {
      if (!up) return offlineError();
      if ((entry.body as { text: string }).text === '나쁨') throw new ApiError(403, '댓글을 쓸 수 없는 게시글입니다.');
      return {};
    });
    t.setOnline(false);
    await t.outbox.sendOrQueue(comment('나쁨'));
    await t.outbox.sendOrQueue(comment('좋음'));
    t.setOnline(true);
    up = true;
    await t.outbox.flush();
    const entries = t.outbox.store.getState().entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]?.failure).toEqual({ status: 403, message: '댓글을 쓸 수 없는 게시글입니다.' });
    expect(t.failed.map((e) => e.label)).toEqual(['댓글: 나쁨']);
    // not replayed again; removed only when the member dismisses it
    await t.outbox.flush();
    expect(t.sent.filter((s) => (s.body as { text: string }).text === '나쁨')).toHaveLength(1);
    await t.outbox.dismiss(entries[0]!.key);
    expect(t.outbox.store.getState().entries).toEqual([]);
  });

  it.each<[number, ErrorCode | undefined]>([
    [500, undefined],
    [503, undefined],
    [401, undefined],
    [408, undefined],
    [429, undefined],
    [0, undefined],
    [409, 'IDEMPOTENCY_IN_PROGRESS'],
  ])('keeps the write after a %i %s answer and retries later', async (status, code) => {
    let fail = true;
    const t = setup(() => {
      if (fail) throw new ApiError(status, undefined, code);
      return {};
    });
    t.setOnline(false);
    await t.outbox.sendOrQueue(comment('재시도'));
    await t.outbox.sendOrQueue(comment('다음'));
    t.setOnline(true);
    await t.outbox.flush();
    expect(t.sent).toHaveLength(1); // stopped at the first, order kept
    expect(t.outbox.store.getState().entries.map((e) => e.failure)).toEqual([undefined, undefined]);
    expect(t.retries).toHaveLength(1);
    fail = false;
    t.retries[0]!();
    await vi.waitFor(() => expect(t.storage.map.size).toBe(0));
  });

  it("never sends another member's entries; they wait until that member signs in again", async () => {
    let up = false;
    const t = setup(() => (up ? {} : offlineError()));
    t.setOnline(false);
    await t.outbox.sendOrQueue(comment('회원1의 글'));
    t.setMember(2);
    await t.outbox.refresh();
    expect(t.outbox.store.getState().entries).toEqual([]);
    t.setOnline(true);
    up = true;
    await t.outbox.flush();
    expect(t.sent).toEqual([]);
    expect(t.storage.map.size).toBe(1);

    t.setMember(1);
    await t.outbox.flush();
    expect(t.sent).toEqual([expect.objectContaining({ memberId: 1, path: '/api/board/7/comments' })]);
    expect(t.storage.map.size).toBe(0);
  });

  it('queues behind waiting writes while online so their order holds', async () => {
    let up = false;
    const t = setup(() => (up ? {} : offlineError()));
    await t.outbox.sendOrQueue(comment('먼저'));
    up = true;
    const later = await t.outbox.sendOrQueue(comment('나중'));
    expect(later.queued).toBe(true);
    await vi.waitFor(() => expect(t.storage.map.size).toBe(0));
    expect(t.sent.map((s) => (s.body as { text: string }).text)).toEqual(['먼저', '먼저', '나중']);
  });
});
