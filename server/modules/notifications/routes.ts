/**
 * The notification inbox (issue #16 item 5): `GET /api/notifications` (pages, newest first, the
 * next one in a `Link: <…>; rel="next"` header), `GET /api/notifications/unread-count` and
 * `POST /api/notifications/read`. Members only; a member only ever sees and marks their own items.
 * Also decorates `app.notificationStore`, which the live notifier (./live-notifier.ts) stores
 * every unstaged notification with before publishing it and marks published with (issue #28 item 8), and registers the live destination
 * `/topic/user/{id}/notifications` (issue #16 item 8).
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  NOTIFICATIONS_PAGE_DEFAULT, NOTIFICATIONS_PAGE_MAX, NOTIFICATIONS_READ_MAX_IDS, NotificationList, NotificationsQuery, NotificationsReadBody, UnreadCount,
} from '../../../common/api/notifications.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/http.ts';
import { decodeCursor, encodeCursor, IdCursor, nextPageUrl, pageLimit } from '../../lib/paging.ts';
import { BEARER } from '../../plugins/docs.ts';
import { userNotificationsDestination, type NotificationStore } from './live-notifier.ts';
import { createNotificationsService, NOTIFICATIONS_MSG } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stores a notification before it is published (issue #16; server/modules/notifications/service.ts `store`). */
    notificationStore: NotificationStore;
  }
}

const tags = ['notifications'];


const routes: FastifyPluginAsyncTypebox<{ now: Clock }> = async (app, opts) => {
  const service = createNotificationsService(app.db, opts.now);
  app.decorate('notificationStore', { store: service.store, markPublished: service.markPublished });
  app.liveDestinations.topic(userNotificationsDestination);

  app.get(
    '/api/notifications',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '알림 목록',
        description:
          "The caller's notifications, newest first (by id): `[{id, type, message, link, read, createdAt, matchId?, scheduleId?, fromUser?: {id, name}}]`, " +
          `the newest \`limit\` (default ${NOTIFICATIONS_PAGE_DEFAULT}; above ${NOTIFICATIONS_PAGE_MAX} → ${NOTIFICATIONS_PAGE_MAX} items; 0 → 400) after the opaque \`cursor\` ` +
          '(keyset on id; the first page when absent). When more exist, the next page is in `Link: </api/notifications?cursor={opaque}&limit={limit}>; rel="next"`; the last page has no `Link`. ' +
          "A cursor the server did not issue → 400 INVALID_CURSOR '목록 위치 정보가 올바르지 않아요. 처음부터 다시 불러와주세요.'. " +
          'The older `before={id}` (items with id < before) is still accepted instead of `cursor` (both → 400 VALIDATION). ' +
          '`link` is the page the item opens (`/chat/{matchId}` for new_message, otherwise `/match-requests`). ' +
          '`new_message` items collapse to one unread item per chat (a later message updates its message, createdAt and fromUser; id and place stay). ' +
          '400 limit below 1, a bad before or cursor; 401 anonymous.',
        security: BEARER,
        querystring: NotificationsQuery,
        response: { 200: NotificationList, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const limit = pageLimit(request.query.limit, { default: NOTIFICATIONS_PAGE_DEFAULT, max: NOTIFICATIONS_PAGE_MAX });
      const { before, cursor } = request.query;
      if (before !== undefined && cursor !== undefined) throw new AppError(400, 'VALIDATION', NOTIFICATIONS_MSG.beforeAndCursor, {}, 'cursor');
      const after = decodeCursor(cursor, IdCursor);
      const page = await service.list(request.user!.id, { before: after ? after[0] : before, limit });
      if (page.nextBefore !== null) {
        // The next page's address carries `cursor` only (a `before` beside it would be refused).
        const next = new URL(nextPageUrl(request, encodeCursor([page.nextBefore]), limit), 'http://x');
        next.searchParams.delete('before');
        reply.header('link', `<${next.pathname}?${next.searchParams.toString()}>; rel="next"`);
      }
      return page.items;
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '읽지 않은 알림 수',
        description: "`{count}`: how many of the caller's notifications are unread (the top bar's badge; a collapsed chat counts once). 401 anonymous.",
        security: BEARER,
        response: { 200: UnreadCount, ...errorResponses(401) },
      },
    },
    async (request) => ({ count: await service.unreadCount(request.user!.id) }),
  );

  app.post(
    '/api/notifications/read',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags,
        summary: '알림 읽음 처리',
        description:
          `Body \`{ids: [...]}\` (1–${NOTIFICATIONS_READ_MAX_IDS} ids) marks those of the caller's items read (other members' ids, unknown and already read ones are ignored), ` +
          "or `{all: true}` every unread item of the caller. 204. " +
          `400 '${NOTIFICATIONS_MSG.readBody}' when both or neither are given, or more than ${NOTIFICATIONS_READ_MAX_IDS} ids; 401 anonymous.`,
        security: BEARER,
        body: NotificationsReadBody,
        response: { 204: Type.Null({ description: 'marked' }), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await service.markRead(request.user!.id, request.body);
      return reply.code(204).send(null);
    },
  );
};

/** Registers the inbox routes and `app.notificationStore` (after auth and db). */
export const notificationsRoutes = fp(routes, { name: 'notifications', dependencies: ['auth', 'db', 'broker'] });
