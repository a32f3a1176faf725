/**
 * The match routes (common/api/matches.ts): members only. Successful actions answer a Korean
 * `text/plain; charset=utf-8` sentence (common/i18n/messages.ts); errors are JSON `{ message, code }`
 * like the rest of the API. The lists include REJECTED requests; the client hides them. Every
 * transition notifies once, after its transaction commits.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  acceptMatch,
  cancelMatch,
  confirmMatch,
  deleteMatch,
  disputeAbsence,
  getMatch,
  hideMatch,
  listMyAbsences,
  listReceivedMatches,
  listSentMatches,
  rejectMatch,
  reportArrival,
  reportAttendance,
  requestMatch,
} from '../../../../common/api/matches.ts';
import type { HostAction } from '../../../../common/domain/match-status.ts';
import { pagedList } from '../../../lib/paging.ts';
import { acceptEmptyJsonBody, emptyBodyAsObject, sendText } from '../../../lib/http.ts';
import { route } from '../../../plugins/operations.ts';
import type { Clock } from '../../../lib/clock.ts';
import { createMatchesService, DEFAULT_MEAL_RULES, MatchCursor, type MatchOutcome, type MealRules } from './service.ts';

/**
 * Registers the match routes. `remindNow`: sends the meal reminders due now (`app.remindersSweep`,
 * ../reminders/plugin.ts), called after a confirmation.
 */
export const matchesRoutes: FastifyPluginAsync<{ now: Clock; rules?: MealRules; remindNow: () => Promise<unknown> }> = async (app, opts) => {
  const rules = opts.rules ?? DEFAULT_MEAL_RULES;
  const service = createMatchesService({ db: app.db, now: opts.now, rules, stage: (tx, events) => app.stageNotices(tx, events) });

  // The action routes take an empty body (SPEC §7); accept `Content-Type: application/json` with
  // no body too instead of answering 400 (this parser is scoped to this plugin).
  acceptEmptyJsonBody(app);
  // The dispute note and the cancellation reason are optional: no body at all is `{}`.
  emptyBodyAsObject(app, [disputeAbsence, cancelMatch]);

  /** Runs the reminder sweep (server/modules/reminders), logging instead of failing the request. */
  async function remindNow(): Promise<void> {
    try {
      await opts.remindNow();
    } catch (err) {
      app.log.error({ err }, 'reminder sweep after confirm failed');
    }
  }

  /** Notifies the outcome's events (after the commit) and answers its text. */
  async function answer(reply: Parameters<typeof sendText>[0], status: number, outcome: MatchOutcome) {
    await app.notifyAll(outcome.events);
    return sendText(reply, status, outcome.text);
  }

  route(app, requestMatch, async (request, reply) => answer(reply, 201, await service.request(request.member.id, request.body.scheduleId)));

  route(app, listReceivedMatches, async (request, reply) => {
    const page = await pagedList(request, reply, {
      cursor: MatchCursor,
      load: ({ limit, after }) => service.received(request.member.id, { limit, after, when: request.query.when }),
      key: (r) => r.key,
    });
    return page.map((r) => r.item);
  });

  route(app, listSentMatches, async (request, reply) => {
    const page = await pagedList(request, reply, {
      cursor: MatchCursor,
      load: ({ limit, after }) => service.sent(request.member.id, { limit, after, when: request.query.when }),
      key: (r) => r.key,
    });
    return page.map((r) => r.item);
  });

  route(app, listMyAbsences, async (request) => service.absences(request.member.id));

  route(app, getMatch, async (request) => service.get(request.member.id, request.params.id));

  const actions: Array<[HostAction, typeof acceptMatch | typeof rejectMatch | typeof confirmMatch]> = [
    ['accept', acceptMatch],
    ['reject', rejectMatch],
    ['confirm', confirmMatch],
  ];
  for (const [action, op] of actions) {
    route(app, op, async (request, reply) => {
      const outcome = await service.transition(request.member.id, request.params.id, action);
      await app.notifyAll(outcome.events);
      // A meal confirmed inside the reminder lead time is reminded at once.
      if (action === 'confirm') await remindNow();
      return sendText(reply, 200, outcome.text);
    });
  }

  route(app, deleteMatch, async (request, reply) => answer(reply, 200, await service.remove(request.member.id, request.params.id)));

  route(app, hideMatch, async (request, reply) => sendText(reply, 200, (await service.hide(request.member.id, request.params.id)).text));

  route(app, disputeAbsence, async (request, reply) => sendText(reply, 200, (await service.dispute(request.member.id, request.params.id, request.body.note)).text));

  route(app, cancelMatch, async (request, reply) => answer(reply, 200, await service.cancel(request.member.id, request.params.id, request.body.reason)));

  route(app, reportArrival, async (request, reply) => answer(reply, 200, await service.arrived(request.member.id, request.params.id)));

  route(app, reportAttendance, async (request, reply) => answer(reply, 200, await service.attendance(request.member.id, request.params.id, request.body.partnerAttended)));
};
