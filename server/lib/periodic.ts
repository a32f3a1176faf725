/**
 * A sweep that runs on start-up and then every `intervalMs` (meal reminders, issue #15; the
 * notification outbox, issue #28 item 8): ticks never overlap, the timer does not keep the process
 * alive (`unref`), and closing the app stops the timer and waits for a sweep in progress at
 * `preClose` — before every `onClose` hook, so the database is still open for it.
 */
import type { FastifyInstance } from 'fastify';

/** What a periodic sweep needs: its work, how often, and what to log. */
export interface PeriodicSweep {
  /** One sweep; answers how many things it handled. */
  sweep: () => Promise<number>;
  /** Milliseconds between sweeps; 0 = never on its own (only when called). */
  intervalMs: number;
  /** Logged at info with `{ [countKey]: n }` when a sweep handled something. */
  done: { countKey: string; message: string };
  /** Logged at error with the error when a sweep fails. */
  failed: string;
}

/** Runs `p.sweep` on `app`'s ready and every `p.intervalMs` until the app closes. */
export function runPeriodically(app: FastifyInstance, p: PeriodicSweep): void {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closing = false;
  const tick = () => {
    if (running || closing) return;
    running = p
      .sweep()
      .then((n) => {
        if (n > 0) app.log.info({ [p.done.countKey]: n }, p.done.message);
      })
      .catch((err: unknown) => app.log.error({ err }, p.failed))
      .finally(() => {
        running = undefined;
      });
  };
  if (p.intervalMs > 0) {
    app.addHook('onReady', async () => {
      tick();
      timer = setInterval(tick, p.intervalMs);
      timer.unref();
    });
  }
  app.addHook('preClose', async () => {
    closing = true;
    if (timer) clearInterval(timer);
    await running;
  });
}
