/**
 * The notification inbox (common/api/notifications.ts `listNotifications`,
 * `unreadNotificationCount`, `markNotificationsRead`). Members only; a member only ever sees and
 * marks their own items. Also decorates `app.notificationStore`, which the live notifier
 * (./live-notifier.ts) stores every unstaged notification with before publishing it and marks
 * published with, and registers the live destination `/topic/user/{id}/notifications`.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { listNotifications, markNotificationsRead, NOTIFICATIONS_PAGE_DEFAULT, NOTIFICATIONS_PAGE_MAX, unreadNotificationCount } from '../../../common/api/notifications.ts';
import type { Clock } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import { route } from '../../plugins/operations.ts';
import { IdCursor, pagedList } from '../../lib/paging.ts';
import { userNotificationsDestination, type NotificationStore } from './live-notifier.ts';
import { createNotificationsService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stores a notification before it is published (server/modules/notifications/service.ts `store`). */
    notificationStore: NotificationStore;
  }
}

/** A `Link` header value without the query parameter `name` (`<path?query>; rel="next"`). */
function withoutParam(link: string, name: string): string {
  return link.replace(/^<([^>]*)>/, (_, target: string) => {
    const url = new URL(target, 'http://x');
    url.searchParams.delete(name);
    return `<${url.pathname}?${url.searchParams.toString()}>`;
  });
}

const routes: FastifyPluginAsync<{ now: Clock }> = async (app, opts) => {
  const service = createNotificationsService(app.db, opts.now);
  app.decorate('notificationStore', { store: service.store, markPublished: service.markPublished });
  app.liveDestinations.topic(userNotificationsDestination);

  route(app, listNotifications, async (request, reply) => {
    const { before, cursor } = request.query;
    if (before !== undefined && cursor !== undefined) fail('CURSOR_AND_BEFORE', { field: 'cursor' });
    const page = await pagedList(request, reply, {
      cursor: IdCursor,
      limits: { default: NOTIFICATIONS_PAGE_DEFAULT, max: NOTIFICATIONS_PAGE_MAX },
      load: ({ limit, after }) => service.list(request.member.id, { before: after ? after[0] : before, limit }),
      key: (n) => [n.id],
    });
    // The next page's address carries `cursor` only (a `before` beside it would be refused).
    const link = reply.getHeader('link');
    if (before !== undefined && typeof link === 'string') reply.header('link', withoutParam(link, 'before'));
    return page;
  });

  route(app, unreadNotificationCount, async (request) => ({ count: await service.unreadCount(request.member.id) }));

  route(app, markNotificationsRead, async (request, reply) => {
    await service.markRead(request.member.id, request.body);
    return reply.code(204).send(null);
  });
};

/** Registers the inbox routes and `app.notificationStore` (after auth and db). */
export const notificationsRoutes = fp(routes, { name: 'notifications', dependencies: ['auth', 'db', 'broker'] });
