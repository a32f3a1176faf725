/**
 * The group-commit queue (issue #33 item 3): what arrives in one tick is written as one batch, the
 * next batch waits for the one in flight, each job is answered with its own outcome only once its
 * batch is written, and a batch that fails answers every job of it with the error.
 */
import { describe, expect, it } from 'vitest';
import { groupCommit, type BatchResult } from './group-commit.ts';

describe('groupCommit', () => {
  it('jobs of one tick go in one batch; those arriving meanwhile form the next; each gets its own outcome', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const q = groupCommit<number, number>(async (jobs): Promise<BatchResult<number>> => {
      batches.push(jobs);
      if (batches.length === 1) await gate;
      return { outcomes: jobs.map((j) => (j < 0 ? { ok: false, error: new Error(`refused ${j}`) } : { ok: true, value: j * 10 })) };
    });
    const first = [q.submit(1), q.submit(2), q.submit(-3)];
    await new Promise((resolve) => setImmediate(resolve));
    // The first batch is in flight: these wait and go together.
    const second = [q.submit(4), q.submit(5)];
    release();
    const answers = await Promise.allSettled([...first, ...second]);
    expect(batches).toEqual([
      [1, 2, -3],
      [4, 5],
    ]);
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual([10, 20, 'refused -3', 40, 50]);
  });

  it('a failing batch rejects each of its jobs and the queue goes on with the next', async () => {
    let calls = 0;
    const q = groupCommit<string, string>(async (jobs) => {
      calls += 1;
      if (calls === 1) throw new Error('database down');
      return { outcomes: jobs.map((j) => ({ ok: true, value: j })) };
    });
    const failed = await Promise.allSettled([q.submit('a'), q.submit('b')]);
    expect(failed.map((f) => f.status === 'rejected' && (f.reason as Error).message)).toEqual(['database down', 'database down']);
    expect(await q.submit('c')).toBe('c');
  });

  it('at most `max` jobs in one batch', async () => {
    const sizes: number[] = [];
    const q = groupCommit<number, number>(async (jobs) => {
      sizes.push(jobs.length);
      return { outcomes: jobs.map((j) => ({ ok: true, value: j })) };
    }, 3);
    await Promise.all([1, 2, 3, 4, 5, 6, 7].map((j) => q.submit(j)));
    expect(sizes).toEqual([3, 3, 1]);
  });
});
