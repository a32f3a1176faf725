/**
 * The meal-reminder scheduler (issue #15 item 8; the rule and the exactly-once claim are in
 * ./service.ts). Decorates `app.remindersSweep()` and, once the app is ready, sweeps at once
 * (so a restarted instance catches up) and then every REMINDER_CHECK_SECONDS on a `setInterval`
 * that does not keep the process alive (`unref`); the timer is cleared when the app closes
 * (`preClose`) and a sweep in progress is awaited before the database closes. Time comes from
 * the injected clock (`opts.now`), so tests move it with their TestClock.
 */
import fp from 'fastify-plugin';
import { runPeriodically } from '../../../lib/periodic.ts';
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

    runPeriodically(app, {
      sweep,
      intervalMs: opts.checkSeconds * 1000,
      done: { countKey: 'reminded', message: 'meal reminders sent' },
      failed: 'meal reminder sweep failed',
    });
  },
  { name: 'reminders', dependencies: ['db', 'notifier'] },
);
