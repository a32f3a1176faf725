/**
 * Query key roots (issue #14): every server resource the client caches starts its TanStack Query
 * key with one of these, so invalidation by prefix (`queryClient.invalidateQueries({ queryKey })`)
 * reaches every variant of a resource (filters, ids, pages). Each feature builds its
 * `queryOptions` beside its API file from these roots; the notification table
 * (`./invalidation.ts`) and the outbox use the same roots. Plain arrays: no feature imports another.
 */
export const queryRoots = {
  /** `GET /api/user/me`: the signed-in member. */
  me: ['me'],
  /** `GET /api/schedules` (the 22-day window) and the random pick. */
  schedules: ['schedules'],
  /** `GET /api/schedules/my`. */
  mySchedules: ['schedules', 'mine'],
  /** `GET /api/matches`: requests on my schedules (host). */
  matchesReceived: ['matches', 'received'],
  /** `GET /api/matches/sent`: my requests (requester). */
  matchesSent: ['matches', 'sent'],
  /**
   * `GET /api/matches/{id}`: one match of mine, `['matches', 'one', id]` (issue #19: the chat and
   * write-review pages). Every invalidation of a match list names it too (`./invalidation.ts`, the
   * outbox table in `./query-client.ts`); `['matches']` reaches it with the lists.
   */
  match: ['matches', 'one'],
  /** `GET /api/matches/absences`: the absence marks against me (issue #28, 내 정보's 노쇼 기록). */
  absences: ['matches', 'absences'],
  /** `GET /api/reviews/my`. */
  myReviews: ['reviews', 'mine'],
  /** `GET /api/board` and single posts: `['board', id]`. */
  board: ['board'],
  /** `GET /api/recommendations`. */
  recommendations: ['recommendations'],
  /** `GET /api/chat/{matchId}/history`: `['chat', matchId]`. */
  chat: ['chat'],
  /** `GET /api/ai/featured-reviews` (home). */
  featuredReviews: ['featured-reviews'],
  /** `GET /api/venues?lat&lng&radius&category`. */
  venues: ['venues'],
  /** `GET /api/auth/providers`. */
  authProviders: ['auth-providers'],
  /** `GET /api/notifications?before&limit`: the inbox pages (issue #16). */
  notifications: ['notifications', 'list'],
  /** `GET /api/legal`: the versions of the terms and the contact address (issue #17). */
  legal: ['legal'],
  /** `GET /api/schedules/{id}/members`: `['table-members', scheduleId]` (issue #30 item 1). */
  tableMembers: ['table-members'],
  /** `GET /api/chats`: the chat list pages (issue #30 item 4). */
  chats: ['chats'],
  /** `GET /api/schedules/{id}/chat`: `['chat', 'table', scheduleId]` (issue #30 item 2; under `chat`, so a replayed chat write reaches it). */
  tableChat: ['chat', 'table'],
  /** `GET /api/blocks`: the members I blocked (issue #17). */
  blocks: ['blocks'],
  /** `GET /api/notifications/unread-count`: the bell's badge (issue #16). */
  notificationsUnread: ['notifications', 'unread-count'],
} as const satisfies Record<string, readonly string[]>;

export type QueryRoot = keyof typeof queryRoots;
