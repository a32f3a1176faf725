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

/**
 * `text` with each lone UTF-16 surrogate (half an emoji from a broken client) replaced by U+FFFD,
 * what PostgreSQL stores for it anyway: a chat batch stores, answers and publishes this form.
 */
export function wellFormed(text: string): string {
  return text.replace(/\p{Cs}/gu, '\uFFFD');
}

/**
 * The JSON text of a batch's rows, for one `json_to_recordset(…::json)` parameter (the chat
 * batches' INSERT, issue #33 item 3). A lone UTF-16 surrogate in a string (a broken emoji from a
 * client) would be written as a `\ud800` escape, which PostgreSQL's json refuses (a 500 for the
 * whole batch); it becomes U+FFFD, as a plain text parameter's UTF-8 encoding already made it.
 */
export function batchRowsJson(rows: readonly object[]): string {
  return JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'string' ? wellFormed(value) : value));
}
