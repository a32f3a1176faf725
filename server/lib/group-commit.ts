/**
 * Group commit (issue #33 item 3): the SENDs that arrive while a batch is being written wait
 * together and are written as the next batch — one in flight, the next one queued — so one
 * transaction (one multi-row INSERT, one notification upsert per conversation) carries every SEND
 * of a tick instead of one transaction each. No timer adds latency: an idle writer starts at the
 * next turn of the event loop (`setImmediate`, so the SENDs of the same tick join), a busy one right
 * after its commit.
 */

/** What one job of a batch came to. */
export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * What writing a batch answers: one outcome per job, in order. A batch that rejects answers every
 * one of its jobs with its error.
 */
export interface BatchResult<R> {
  outcomes: Array<Outcome<R>>;
}

/** At most this many jobs in one batch (bounds the statements' sizes). */
export const GROUP_COMMIT_MAX = 500;

/**
 * A group-commit queue around `write` (called with at most `max` jobs, never two at once). Answers
 * `submit(job)`: resolves with the job's value, or rejects with its refusal or the batch's error —
 * only once `write` ended, i.e. after the commit.
 */
export function groupCommit<J, R>(write: (jobs: J[]) => Promise<BatchResult<R>>, max = GROUP_COMMIT_MAX): { submit: (job: J) => Promise<R> } {
  const queue: Array<{ job: J; resolve: (r: R) => void; reject: (e: unknown) => void }> = [];
  let running = false;

  async function drain() {
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, max);
        try {
          const { outcomes } = await write(batch.map((b) => b.job));
          batch.forEach((b, i) => {
            const o = outcomes[i];
            if (!o) b.reject(new Error('group commit: no outcome'));
            else if (o.ok) b.resolve(o.value);
            else b.reject(o.error);
          });
        } catch (err) {
          for (const b of batch) b.reject(err);
        }
      }
    } finally {
      running = false;
    }
  }

  return {
    submit(job) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ job, resolve, reject });
        if (!running) {
          running = true;
          setImmediate(() => void drain());
        }
      });
    },
  };
}
