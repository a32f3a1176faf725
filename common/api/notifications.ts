/**
 * The notification inbox: `GET /api/notifications`,
 * `GET /api/notifications/unread-count`, `POST /api/notifications/read`. Every live notification
 * (common/realtime.ts `LiveNotification`) is stored first; its `id` and `link` are the ones below.
 */
import { Type, type Static } from 'typebox';
import { NOTIFICATION_TYPES } from '../realtime.ts';
import { literalUnion } from './literals.ts';
import { APPEAL_TARGET_TYPES } from './reports.ts';
import { defineOperation } from './operation.ts';
import { PageParams } from './paging.ts';

import { NOTIFICATIONS_PAGE_DEFAULT, NOTIFICATIONS_PAGE_MAX, NOTIFICATIONS_READ_MAX_IDS } from './notifications-limits.ts';

export { NOTIFICATIONS_PAGE_DEFAULT, NOTIFICATIONS_PAGE_MAX, NOTIFICATIONS_READ_MAX_IDS };

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/**
 * Paging: `limit` (default 20; above 100 → 100) and the opaque `cursor` of the
 * `Link` header, or the older `before` (items with id < before; still accepted, not with `cursor`).
 */
export const NotificationsQuery = Type.Object({
  ...PageParams,
  before: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'only items with id < before (the older way to the next page; prefer `cursor`)' })),
});
export type NotificationsQuery = Static<typeof NotificationsQuery>;

/**
 * One inbox item. `matchId`, `scheduleId` and `fromUser` are absent when unknown (e.g. the sender's
 * account is gone) and on the moderation notices (issue #32 item 1), which carry `target` instead:
 * the member's content they are about (`POST /api/reports/appeal` names it).
 */
export const NotificationItem = Type.Object({
  id: Type.Integer(),
  type: literalUnion(NOTIFICATION_TYPES),
  /** The Korean text (UI-TEXT.md "Live notifications"). */
  message: Type.String(),
  /** The page it opens: `/chat/{matchId}` for new_message, `/notifications` for a moderation notice, otherwise `/match-requests`. */
  link: Type.String(),
  read: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  matchId: Type.Optional(Type.Integer()),
  scheduleId: Type.Optional(Type.Integer()),
  fromUser: Type.Optional(Type.Object({ id: Type.Integer(), name: Type.String() })),
  target: Type.Optional(Type.Object({ type: literalUnion(APPEAL_TARGET_TYPES), id: Type.Integer() })),
  /** `content_hidden` only: whether the member has appealed that content (once; issue #32 item 1). */
  appealed: Type.Optional(Type.Boolean()),
});
export type NotificationItem = Static<typeof NotificationItem>;

/** A page of the inbox, newest first. */
export const NotificationList = Type.Array(NotificationItem);
export type NotificationList = Static<typeof NotificationList>;

/** `GET /api/notifications/unread-count`. */
export const UnreadCount = Type.Object({ count: Type.Integer({ minimum: 0 }) });
export type UnreadCount = Static<typeof UnreadCount>;

/**
 * `POST /api/notifications/read`: exactly one of `ids` (1–100 of the caller's item ids; others'
 * ids are ignored) or `all: true` (every unread item of the caller).
 */
export const NotificationsReadBody = Type.Object(
  {
    ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: NOTIFICATIONS_READ_MAX_IDS })),
    all: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false },
);
export type NotificationsReadBody = Static<typeof NotificationsReadBody>;

const tags = ['notifications'] as const;

/** The caller's inbox, newest first (paged). */
export const listNotifications = defineOperation({
  method: 'GET',
  path: '/api/notifications',
  auth: 'member',
  summary: '알림 목록',
  description:
    "Lists the caller's notifications newest first (one unread `new_message` item per chat), paged by `limit` and `cursor` or by the older `before` (an id; not together with `cursor`).",
  tags,
  querystring: NotificationsQuery,
  responses: { 200: NotificationList },
  errors: ['CURSOR_AND_BEFORE'],
  paged: true,
});

/** How many of the caller's notifications are unread. */
export const unreadNotificationCount = defineOperation({
  method: 'GET',
  path: '/api/notifications/unread-count',
  auth: 'member',
  summary: '읽지 않은 알림 수',
  description: "Answers `{count}`, how many of the caller's notifications are unread (a collapsed chat counts once).",
  tags,
  responses: { 200: UnreadCount },
  errors: [],
});

/** Marks some or all of the caller's notifications read. */
export const markNotificationsRead = defineOperation({
  method: 'POST',
  path: '/api/notifications/read',
  auth: 'member',
  summary: '알림 읽음 처리',
  description: "Marks the caller's notifications of `ids` read (other members' and unknown ids are ignored), or every unread one with `all: true`.",
  tags,
  body: NotificationsReadBody,
  responses: { 204: Type.Null({ description: 'marked' }) },
  errors: ['READ_BODY'],
});
