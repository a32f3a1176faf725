/**
 * The schedule routes (common/api/schedules.ts): members only. Dates are KST `YYYY-MM-DD`, `time`
 * the hour 0–23 (KST), `participants` the capacity 2–8. Writes are stored and answered in one
 * transaction (an answer that cannot be serialised stores nothing).
 */
import { Type } from 'typebox';
import type { FastifyPluginAsync } from 'fastify';
import {
  createSchedule,
  deleteSchedule,
  listMySchedules,
  listSchedules,
  previewSchedules,
  randomSchedule,
  scheduleCalendar,
  updateSchedule,
  type Schedule,
} from '../../../../common/api/schedules.ts';
import { maskName } from '../../../../common/domain/mask-name.ts';
import { pagedList } from '../../../lib/paging.ts';
import { assertAppropriate } from '../../../lib/content-filter.ts';
import { sendInTransaction } from '../../../lib/http.ts';
import { route } from '../../../plugins/operations.ts';
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { MatchEvent } from '../../../plugins/notifier.ts';
import { createSchedulesService, type RandomSource, type ScheduleKey } from './service.ts';

/** The keyset cursor of the schedule lists: the last row's `[date, hour, id]` (order date, hour, id). */
const ScheduleCursor = Type.Tuple([
  Type.String({ format: 'date', maxLength: 10 }),
  Type.Integer({ minimum: 0, maximum: 23 }),
  Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
]);
const keyOf = (s: Schedule): ScheduleKey => [s.date, s.time, s.id];

/** Registers the schedule routes. `random` drives the random match's pick among the best three. */
export const schedulesRoutes: FastifyPluginAsync<{ now: Clock; random: RandomSource }> = async (app, opts) => {
  const stage = (tx: Parameters<typeof app.stageNotices>[0], events: MatchEvent[]) => app.stageNotices(tx, events);
  const service = createSchedulesService({ db: app.db, now: opts.now, random: opts.random, stage });
  /** The same service on a transaction (writes answered by `sendInTransaction`). */
  const inTx = (tx: Database) => createSchedulesService({ db: tx, now: opts.now, random: opts.random, stage });

  route(app, createSchedule, async (request, reply) => {
    assertAppropriate({ text: request.body.text, placeName: request.body.placeName });
    return sendInTransaction(app.db, reply, 201, (tx) => inTx(tx).create(request.member.id, request.body));
  });

  route(app, listMySchedules, async (request, reply) =>
    pagedList(request, reply, { cursor: ScheduleCursor, load: ({ limit, after }) => service.mine(request.member.id, { limit, after }), key: keyOf }),
  );

  route(app, scheduleCalendar, async (request) => service.calendar(request.member.id, request.query));

  route(app, listSchedules, async (request, reply) => {
    const { limit: _limit, cursor: _cursor, ...filter } = request.query;
    return pagedList(request, reply, { cursor: ScheduleCursor, load: ({ limit, after }) => service.inWindow(request.member.id, { ...filter, limit, after }), key: keyOf });
  });

  route(app, previewSchedules, async (request) => {
    const rows = await service.inWindow(0, { limit: request.query.limit ?? 6 });
    return rows.map((s) => ({
      id: s.id,
      date: s.date,
      time: s.time,
      placeName: s.placeName,
      placeCategory: s.placeCategory,
      participants: s.participants,
      currentParticipants: s.currentParticipants,
      isFull: s.isFull,
      host: { name: maskName(s.user.name), profileImage: s.user.profileImage },
    }));
  });

  route(app, randomSchedule, async (request) => service.random(request.member.id));

  route(app, updateSchedule, async (request, reply) => {
    assertAppropriate({ text: request.body.text });
    let events: MatchEvent[] = [];
    return sendInTransaction(
      app.db,
      reply,
      200,
      async (tx) => {
        const out = await inTx(tx).update(request.member.id, request.params.id, request.body);
        events = out.events;
        return out.schedule;
      },
      () => app.notifyAll(events),
    );
  });

  route(app, deleteSchedule, async (request, reply) => {
    const events = await service.remove(request.member.id, request.params.id, request.query.reason);
    await app.notifyAll(events);
    return reply.code(204).send(null);
  });
};
