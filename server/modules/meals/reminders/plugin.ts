/**
 * The meal-reminder scheduler (issue #15 item 8; the rule and the exactly-once claim are in
 * ./service.ts). Decorates `app.remindersSweep()` and, once the app is ready, sweeps at once
 * (so a restarted instance catches up) and then every REMINDER_CHECK_SECONDS on a `setInterval`
 * that does not keep the process alive (`unref`); the timer is cleared when the app closes
 * (`preClose`) and a sweep in progress is awaited before the database closes. Time comes from
 * the injected clock (`opts.now`), so tests move it with their TestClock.
 */
import fp from 'fastify-plugin';
import type { Clock } from '../../../lib/clock.ts';
import { createRemindersService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Sends every meal reminder due now (issue #15): claims each side in the database, then
     * notifies (`meal_reminder` through `app.notifyAll`: live and push). Answers how many members
     * were reminded by THIS call (0 when another sweep, here or on another instance, claimed them
     * first). Call it right after a match is confirmed inside the lead time ("the reminder goes at
     * once"); the scheduler calls it every REMINDER_CHECK_SECONDS anyway. Rejects only when the
     * database does (notification failures are logged, not thrown).
     */
    remindersSweep: () => Promise<number>;
  }
}

/** Options: the clock, REMINDER_LEAD_MINUTES and REMINDER_CHECK_SECONDS (server/config.ts `reminders`). */
export interface RemindersOptions {
  now: Clock;
  leadMinutes: number;
  checkSeconds: number;
}

/** Registers `app.remindersSweep` and the scheduler. Depends on `db` and `notifier`. */
export const remindersPlugin = fp<RemindersOptions>(
  async (app, opts) => {
    const service = createRemindersService({ db: app.db, now: opts.now, leadMinutes: opts.leadMinutes });

    const sweep = async (): Promise<number> => {
      const events = await service.claimDue();
      await app.notifyAll(events);
      return events.length;
    };
    app.decorate('remindersSweep', sweep);

    /** The scheduler's sweep in progress (ticks never overlap; awaited on close). */
    let running: Promise<void> | undefined;
    let timer: NodeJS.Timeout | undefined;
    let closing = false;
    const tick = () => {
      if (running || closing) return;
      running = sweep()
        .then((n) => {
          if (n > 0) app.log.info({ reminded: n }, 'meal reminders sent');
        })
        .catch((err: unknown) => app.log.error({ err }, 'meal reminder sweep failed'))
        .finally(() => {
          running = undefined;
        });
    };

    app.addHook('onReady', async () => {
      tick();
      timer = setInterval(tick, opts.checkSeconds * 1000);
      timer.unref();
    });
    // preClose runs before every onClose hook, so the database is still open for a sweep in progress.
    app.addHook('preClose', async () => {
      closing = true;
      if (timer) clearInterval(timer);
      await running;
    });
  },
  { name: 'reminders', dependencies: ['db', 'notifier'] },
);
