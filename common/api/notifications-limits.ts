/**
 * The inbox's limits (issue #16 item 5), without TypeBox: the client's first screen imports them,
 * and TypeBox (13.6 kB gzip) stays out of the home route (issue #18 item 8).
 */
/** Items per page: default and maximum. */
export const NOTIFICATIONS_PAGE_DEFAULT = 20;
export const NOTIFICATIONS_PAGE_MAX = 100;
/** At most this many ids in one `POST /api/notifications/read`. */
export const NOTIFICATIONS_READ_MAX_IDS = 100;
