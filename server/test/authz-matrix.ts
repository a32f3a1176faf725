/**
 * The authorization matrix (issue #2 deliverable 7): every route of the server × caller role →
 * the expected HTTP status. `authz-matrix.test.ts` reads the server's own route list from the
 * OpenAPI document and fails when a route is missing here, then checks every cell.
 *
 * Roles: `anonymous` (no token), `member` (a signed-in member unrelated to the resource),
 * `owner` (the member who owns or participates in the resource), `blocked` (issue #32 item 5: a
 * member in a block with the owner — checked both ways, a member the owner blocked and a member who
 * blocked the owner; only on the routes that touch another member's content). `null` = not
 * applicable (e.g. account routes have no separate owner). Later issues add their rows.
 * `LIVE_MATRIX` (below) does the same for the live channel's destinations.
 */

/** Who calls. */
export type Role = 'anonymous' | 'member' | 'owner' | 'blocked';

/** Fixtures the matrix test prepares before checking cells. */
export interface MatrixContext {
  /** A new number on every call (unique e-mails). */
  seq(): number;
  /** An existing account with a known password. */
  loginAccount: { email: string; password: string };
  /** The URL of an image uploaded by the owner. */
  uploadUrl: string;
  /** Today's date in KST as the app's clock sees it (`YYYY-MM-DD`). */
  today: string;
  /** The owner's member id (issue #32 item 5: the `blocked` role reads the owner's profile). */
  ownerId: number;
  /** Creates a fresh schedule owned by `owner` (today at `hour`, default 20 — the clock is at 12:00 KST; capacity 4); answers its id. */
  newSchedule(hour?: number): Promise<number>;
  /**
   * Creates a fresh schedule of `owner` (the host) and a request on it by a third member, moved to
   * `status`; answers the match id.
   */
  newMatch(status?: 'PENDING' | 'ACCEPTED', scheduleId?: number): Promise<number>;
  /**
   * A fresh CONFIRMED match hosted by `owner` with a third member (issue #5): its id and the
   * requester's id. `meal` (issue #15): 'later' (today 20:00, default), 'soon' (today 13:00, inside
   * the arrival window) or 'done' (the meal has happened: reviews and attendance are open).
   */
  newConfirmedMatch(meal?: 'later' | 'soon' | 'done'): Promise<{ matchId: number; requesterId: number }>;
  /** A fresh review OF `owner` written by that third member on a new confirmed match (issue #5); answers its id. */
  newReceivedReview(): Promise<number>;
  /** Creates a fresh board post written by `owner` (with coordinates); answers its id (issue #6). */
  newPost(): Promise<number>;
  /** A fresh comment written by `owner` on a fresh post of `owner` (issue #18); answers the comment's URL `/api/board/{id}/comments/{commentId}`. */
  newComment(): Promise<string>;
}

/** The concrete request for one cell. */
export interface MatrixRequest {
  url?: string;
  payload?: string | Buffer | object;
  headers?: Record<string, string>;
}

/** One route and the status each role gets. */
export interface MatrixRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path as the OpenAPI document spells it, e.g. `/uploads/{name}`. */
  path: string;
  anonymous: number | null;
  member: number | null;
  owner: number | null;
  /**
   * Issue #32 item 5: what a member in a block with the owner gets (either way); absent on routes
   * that touch no other member's content (one's own account, lists filtered by blocks).
   */
  blocked?: number | null;
  /** Builds the request (URL with real ids, body; may create fixtures); default: `path` with no body. */
  request?: (ctx: MatrixContext, role: Role) => MatrixRequest | Promise<MatrixRequest>;
  /** The call changes the caller's session (e.g. revokes tokens): use a throw-away member. */
  mutatesCaller?: boolean;
}

/** A fresh meal of `owner` with an accepted guest (issue #30: its table chat exists); answers the schedule id. */
async function tableOf(c: MatrixContext): Promise<number> {
  const scheduleId = await c.newSchedule();
  await c.newMatch('ACCEPTED', scheduleId);
  return scheduleId;
}

/** A 1×1 PNG. */
const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A multipart body with the field `image`. */
export function imageForm(body: Buffer = PNG_1x1, filename = 'a.png', contentType = 'image/png'): MatrixRequest {
  const boundary = '----authzmatrix';
  return {
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
      body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Routes that need no authorization at all and are not part of the API surface. */
export const PUBLIC_ROUTES: ReadonlyArray<{ method: 'GET'; path: string; status: number; note: string }> = [
  { method: 'GET', path: '/healthz', status: 200, note: 'health check' },
  { method: 'GET', path: '/readyz', status: 200, note: 'readiness check (issue #20)' },
  { method: 'GET', path: '/api/docs/json', status: 200, note: 'OpenAPI document (hidden from itself)' },
  { method: 'GET', path: '/api/docs', status: 200, note: 'Swagger UI' },
  { method: 'GET', path: '/api/docs/asyncapi.yaml', status: 200, note: 'AsyncAPI document of the live channel /ws (issue #20)' },
  // Static client files and the SPA fallback (`/`, `/*`) are public; hidden from the OpenAPI document.
];

/** The matrix. */
export const AUTHZ_MATRIX: readonly MatrixRow[] = [
  // ── auth (issue #2): public account routes; their status does not depend on who calls ──
  {
    method: 'POST', path: '/api/auth/send-verification-email', anonymous: 200, member: 200, owner: null,
    request: (c) => ({ payload: { email: `matrix-new-${c.seq()}@example.com` } }),
  },
  {
    method: 'POST', path: '/api/auth/verify-email', anonymous: 400, member: 400, owner: null,
    request: () => ({ payload: { email: 'matrix-nobody@example.com', code: '123456' } }),
  },
  {
    method: 'POST', path: '/api/auth/register', anonymous: 400, member: 400, owner: null,
    request: (c) => ({ payload: { name: '매트릭스', email: `matrix-unverified-${c.seq()}@example.com`, password: 'password-123' } }),
  },
  {
    method: 'POST', path: '/api/auth/login', anonymous: 200, member: 200, owner: null,
    request: (c) => ({ payload: c.loginAccount }),
  },
  {
    method: 'POST', path: '/api/auth/password-reset/request', anonymous: 200, member: 200, owner: null,
    request: (c) => ({ payload: { email: `matrix-ghost-${c.seq()}@example.com` } }),
  },
  {
    method: 'POST', path: '/api/auth/password-reset/confirm', anonymous: 400, member: 400, owner: null,
    request: () => ({ payload: { email: 'matrix-ghost@example.com', code: '123456', newPassword: 'password-456' } }),
  },
  { method: 'POST', path: '/api/auth/logout-all', anonymous: 401, member: 204, owner: null, mutatesCaller: true },
  { method: 'GET', path: '/api/auth/providers', anonymous: 200, member: 200, owner: null },

  // ── social login (issue #8): public; the redirects do not depend on who calls ──
  { method: 'GET', path: '/oauth2/authorization/{provider}', anonymous: 302, member: 302, owner: null, request: () => ({ url: '/oauth2/authorization/kakao' }) },
  {
    method: 'GET', path: '/login/oauth2/code/{provider}', anonymous: 302, member: 302, owner: null,
    request: () => ({ url: '/login/oauth2/code/kakao?code=x&state=y' }),
  },
  {
    method: 'POST', path: '/api/auth/social', anonymous: 401, member: 401, owner: null,
    request: () => ({ payload: { token: 'matrix-unknown-one-time-code-0123456789abcdef' } }),
  },

  // ── users (issue #2): only one's own account ──
  { method: 'GET', path: '/api/user/me', anonymous: 401, member: 200, owner: null },
  {
    method: 'PUT', path: '/api/user/profile', anonymous: 401, member: 200, owner: null,
    request: () => ({ payload: { name: '매트릭스', age: 30, preferences: { 한식: true } } }),
  },

  // ── images (issue #2) ──
  { method: 'POST', path: '/api/images/upload', anonymous: 401, member: 201, owner: null, request: () => imageForm() },
  { method: 'GET', path: '/uploads/{name}', anonymous: 200, member: 200, owner: 200, request: (c) => ({ url: c.uploadUrl }) },

  // ── featured reviews (issue #2 route, data from the reviews issue) ──
  { method: 'GET', path: '/api/ai/featured-reviews', anonymous: 200, member: 200, owner: null },

  // ── schedules (issue #3): owner = the schedule's author ──
  {
    method: 'POST', path: '/api/schedules', anonymous: 401, member: 201, owner: null,
    request: (c) => ({ payload: { date: c.today, time: 20, text: '매트릭스 점심', placeName: '시청', placeCategory: '한식', participants: 2 } }),
  },
  { method: 'GET', path: '/api/schedules', anonymous: 401, member: 200, owner: null },
  { method: 'GET', path: '/api/schedules/my', anonymous: 401, member: 200, owner: null },
  // issue #19 item 3: the matching calendar's dots.
  {
    method: 'GET', path: '/api/schedules/calendar', anonymous: 401, member: 200, owner: null,
    request: (c) => ({ url: `/api/schedules/calendar?from=${c.today}&to=${c.today}` }),
  },
  { method: 'GET', path: '/api/schedules/random', anonymous: 401, member: 200, owner: null },
  // issue #31 item 2: the visitors' preview of upcoming meals (masked host names), open to everyone.
  { method: 'GET', path: '/api/schedules/preview', anonymous: 200, member: 200, owner: null },
  {
    method: 'PUT', path: '/api/schedules/{id}', anonymous: 401, member: 403, owner: 200,
    request: async (c) => ({ url: `/api/schedules/${await c.newSchedule()}`, payload: { text: '수정', participants: 3 } }),
  },
  {
    method: 'DELETE', path: '/api/schedules/{id}', anonymous: 401, member: 403, owner: 204,
    request: async (c) => ({ url: `/api/schedules/${await c.newSchedule()}` }),
  },

  // ── matches (issue #3): owner = the schedule's author (the host); creating one on one's own schedule is 400 ──
  {
    method: 'POST', path: '/api/matches', anonymous: 401, member: 201, owner: 400, blocked: 403,
    request: async (c) => ({ payload: { scheduleId: await c.newSchedule() } }),
  },
  { method: 'GET', path: '/api/matches', anonymous: 401, member: 200, owner: 200 },
  { method: 'GET', path: '/api/matches/sent', anonymous: 401, member: 200, owner: 200 },
  // Issue #28 item 1: each member's own absence marks.
  { method: 'GET', path: '/api/matches/absences', anonymous: 401, member: 200, owner: 200 },
  {
    // Issue #19: a member who is neither side gets 404 like an unknown id (no probing).
    method: 'GET', path: '/api/matches/{id}', anonymous: 401, member: 404, owner: 200, blocked: 404,
    request: async (c) => ({ url: `/api/matches/${await c.newMatch()}` }),
  },
  {
    method: 'POST', path: '/api/matches/{id}/accept', anonymous: 401, member: 403, owner: 200, blocked: 403,
    request: async (c) => ({ url: `/api/matches/${await c.newMatch()}/accept` }),
  },
  {
    method: 'POST', path: '/api/matches/{id}/reject', anonymous: 401, member: 403, owner: 200,
    request: async (c) => ({ url: `/api/matches/${await c.newMatch()}/reject` }),
  },
  {
    method: 'POST', path: '/api/matches/{id}/confirm', anonymous: 401, member: 403, owner: 200,
    request: async (c) => ({ url: `/api/matches/${await c.newMatch('ACCEPTED')}/confirm` }),
  },
  {
    // The requester may delete too (server/modules/meals/matches/matches.test.ts).
    method: 'DELETE', path: '/api/matches/{id}', anonymous: 401, member: 403, owner: 200,
    request: async (c) => ({ url: `/api/matches/${await c.newMatch('ACCEPTED')}` }),
  },
  // Issue #15: cancel, arrival and attendance — either side; owner = the host.
  {
    method: 'POST', path: '/api/matches/{id}/cancel', anonymous: 401, member: 403, owner: 200, blocked: 403,
    request: async (c) => ({ url: `/api/matches/${await c.newMatch('ACCEPTED')}/cancel`, payload: { reason: '일정이 생겼어요' } }),
  },
  {
    method: 'POST', path: '/api/matches/{id}/arrived', anonymous: 401, member: 403, owner: 200,
    request: async (c) => ({ url: `/api/matches/${(await c.newConfirmedMatch('soon')).matchId}/arrived` }),
  },
  {
    method: 'POST', path: '/api/matches/{id}/attendance', anonymous: 401, member: 403, owner: 200,
    request: async (c) => ({ url: `/api/matches/${(await c.newConfirmedMatch('done')).matchId}/attendance`, payload: { partnerAttended: true } }),
  },
  // Issue #28: hiding an ended match and disputing an absence mark — either side; owner = the host
  // (the host was not marked absent: 409 NO_MARK, past the ownership check).
  {
    method: 'POST', path: '/api/matches/{id}/hide', anonymous: 401, member: 403, owner: 200,
    request: async (c) => ({ url: `/api/matches/${(await c.newConfirmedMatch('done')).matchId}/hide` }),
  },
  {
    method: 'POST', path: '/api/matches/{id}/attendance/dispute', anonymous: 401, member: 403, owner: 409,
    request: async (c) => ({ url: `/api/matches/${(await c.newConfirmedMatch('done')).matchId}/attendance/dispute`, payload: { note: '도착했어요' } }),
  },
  {
    method: 'GET', path: '/api/matches/{id}/calendar.ics', anonymous: 401, member: 403, owner: 200,
    request: async (c) => ({ url: `/api/matches/${(await c.newConfirmedMatch()).matchId}/calendar.ics` }),
  },
  {
    method: 'GET', path: '/api/users/{id}', anonymous: 401, member: 200, owner: 200, blocked: 404,
    // The blocked role asks for the owner's own profile (issue #32 item 5: 404 across a block).
    request: async (c, role) => ({ url: `/api/users/${role === 'blocked' ? c.ownerId : (await c.newConfirmedMatch()).requesterId}` }),
  },

  // ── reviews (issue #5): owner = a participant (POST: the host of a CONFIRMED match; DELETE: the reviewee) ──
  {
    method: 'POST', path: '/api/reviews', anonymous: 401, member: 403, owner: 201, blocked: 403,
    request: async (c) => {
      const { matchId, requesterId } = await c.newConfirmedMatch('done');
      return { payload: { matchId, revieweeId: requesterId, rating: 4, comment: '매트릭스 리뷰' } };
    },
  },
  { method: 'GET', path: '/api/reviews/my', anonymous: 401, member: 200, owner: 200 },
  {
    method: 'DELETE', path: '/api/reviews/{id}', anonymous: 401, member: 403, owner: 204, blocked: 403,
    request: async (c) => ({ url: `/api/reviews/${await c.newReceivedReview()}` }),
  },

  // ── chat + push token (issue #4): owner = the match's host ──
  {
    method: 'GET', path: '/api/chat/{matchId}/history', anonymous: 401, member: 403, owner: 200, blocked: 403,
    request: async (c) => ({ url: `/api/chat/${await c.newMatch('ACCEPTED')}/history` }),
  },
  { method: 'POST', path: '/api/fcm/token', anonymous: 401, member: 204, owner: null, request: (c) => ({ payload: { token: `device-token-${c.seq()}` } }) },
  // ── chat over HTTP + removing a push token (issue #7): owner = the match's host ──
  {
    method: 'POST', path: '/api/chat/{matchId}/messages', anonymous: 401, member: 403, owner: 201, blocked: 403,
    request: async (c) => ({ url: `/api/chat/${await c.newMatch('ACCEPTED')}/messages`, payload: { content: '매트릭스 메시지' } }),
  },
  { method: 'DELETE', path: '/api/fcm/token', anonymous: 401, member: 204, owner: null, request: (c) => ({ payload: { token: `device-token-${c.seq()}` } }) },
  // ── the table and the chat list (issue #30): owner = the host of a meal with an accepted guest;
  // member = a signed-in stranger (the members list answers them {count, host}) ──
  {
    method: 'GET', path: '/api/schedules/{id}/members', anonymous: 401, member: 200, owner: 200, blocked: 404,
    request: async (c) => ({ url: `/api/schedules/${await tableOf(c)}/members` }),
  },
  {
    method: 'GET', path: '/api/schedules/{id}/chat', anonymous: 401, member: 403, owner: 200, blocked: 403,
    request: async (c) => ({ url: `/api/schedules/${await tableOf(c)}/chat` }),
  },
  {
    method: 'POST', path: '/api/schedules/{id}/chat', anonymous: 401, member: 403, owner: 201, blocked: 403,
    request: async (c) => ({ url: `/api/schedules/${await tableOf(c)}/chat`, payload: { content: '매트릭스 모임 메시지' } }),
  },
  {
    method: 'POST', path: '/api/chats/{kind}/{id}/read', anonymous: 401, member: 403, owner: 200, blocked: 403,
    request: async (c) => ({ url: `/api/chats/table/${await tableOf(c)}/read`, payload: { lastReadId: 1 } }),
  },
  {
    method: 'PUT', path: '/api/chats/{kind}/{id}/mute', anonymous: 401, member: 403, owner: 200, blocked: 403,
    request: async (c) => ({ url: `/api/chats/match/${await c.newMatch('ACCEPTED')}/mute`, payload: { muted: true } }),
  },
  { method: 'GET', path: '/api/chats', anonymous: 401, member: 200, owner: 200 },

  // ── notification inbox (issue #16): members only; owner = the member whose notifications they are
  // (a new request on the owner's schedule gives them one). Everyone reads and marks only their own
  // items, so an unrelated member gets 200/204 over their own (empty) inbox, never the owner's.
  {
    method: 'GET', path: '/api/notifications', anonymous: 401, member: 200, owner: 200,
    request: async (c) => (await c.newMatch(), { url: '/api/notifications?limit=5' }),
  },
  { method: 'GET', path: '/api/notifications/unread-count', anonymous: 401, member: 200, owner: 200 },
  {
    method: 'POST', path: '/api/notifications/read', anonymous: 401, member: 204, owner: 204,
    request: async (c) => (await c.newMatch(), { payload: { all: true } }),
  },

  // ── my data (issue #17): every member downloads only their own ──
  { method: 'GET', path: '/api/user/me/export', anonymous: 401, member: 200, owner: null },

  // ── consent and deletion (issue #17): only one's own account; the terms' versions are public ──
  { method: 'GET', path: '/api/legal', anonymous: 200, member: 200, owner: null },
  {
    method: 'POST', path: '/api/user/consent', anonymous: 401, member: 200, owner: null,
    request: () => ({ payload: { agreeTerms: true, agreePrivacy: true, ageConfirmed: true } }),
  },
  { method: 'POST', path: '/api/user/safety-guide', anonymous: 401, member: 204, owner: null },

  // ── 안전 공유 (issue #17 item 9): only the meal's participants make or end links; anyone with a link reads it ──
  {
    method: 'POST', path: '/api/matches/{id}/share', anonymous: 401, member: 403, owner: 201, blocked: 403,
    request: async (c) => ({ url: `/api/matches/${(await c.newConfirmedMatch()).matchId}/share` }),
  },
  {
    method: 'DELETE', path: '/api/matches/{id}/share', anonymous: 401, member: 403, owner: 204,
    request: async (c) => ({ url: `/api/matches/${(await c.newConfirmedMatch()).matchId}/share` }),
  },
  {
    method: 'GET', path: '/api/share/{token}', anonymous: 404, member: 404, owner: null,
    request: () => ({ url: `/api/share/${'x'.repeat(43)}` }),
  },
  {
    method: 'DELETE', path: '/api/user/me', anonymous: 401, member: 204, owner: null, mutatesCaller: true,
    request: () => ({ payload: { password: 'password-123' } }),
  },

  // ── blocks (issue #17): members only; each member manages their own list ──
  {
    method: 'POST', path: '/api/blocks', anonymous: 401, member: 201, owner: null,
    request: async (c) => ({ payload: { userId: (await c.newConfirmedMatch()).requesterId } }),
  },
  { method: 'GET', path: '/api/blocks', anonymous: 401, member: 200, owner: null },
  {
    method: 'DELETE', path: '/api/blocks/{userId}', anonymous: 401, member: 204, owner: null,
    request: async (c) => ({ url: `/api/blocks/${(await c.newConfirmedMatch()).requesterId}` }),
  },

  // ── reports (issue #17 item 5): any member reports someone else's content; owner = its author (400 SELF) ──
  {
    // Across a block the other side's content can still be reported (it reaches the moderators, never its author).
    method: 'POST', path: '/api/reports', anonymous: 401, member: 201, owner: 400, blocked: 201,
    request: async (c) => ({ payload: { targetType: 'post', targetId: await c.newPost(), reason: 'spam' } }),
  },
  // Issue #32 item 1: only the author of HIDDEN content appeals — a visible post is 404 to its author
  // and to anyone else (the 201 and the 409 in server/modules/reports/appeal.test.ts).
  {
    method: 'POST', path: '/api/reports/appeal', anonymous: 401, member: 404, owner: 404,
    request: async (c) => ({ payload: { targetType: 'post', targetId: await c.newPost(), note: '광고가 아니에요' } }),
  },

  // ── moderation (issue #17 item 6): admins only (ADMIN_EMAILS; 200s in server/modules/reports/moderation.test.ts) ──
  { method: 'GET', path: '/api/admin/reports', anonymous: 401, member: 403, owner: null },
  {
    method: 'POST', path: '/api/admin/reports/{id}/resolve', anonymous: 401, member: 403, owner: null,
    request: () => ({ url: '/api/admin/reports/1/resolve', payload: { action: 'dismiss' } }),
  },
  {
    method: 'POST', path: '/api/admin/users/{id}/suspend', anonymous: 401, member: 403, owner: null,
    request: async (c) => ({ url: `/api/admin/users/${(await c.newConfirmedMatch()).requesterId}/suspend`, payload: {} }),
  },
  {
    method: 'POST', path: '/api/admin/users/{id}/unsuspend', anonymous: 401, member: 403, owner: null,
    request: async (c) => ({ url: `/api/admin/users/${(await c.newConfirmedMatch()).requesterId}/unsuspend` }),
  },
  { method: 'GET', path: '/api/admin/audit', anonymous: 401, member: 403, owner: null },

  // ── venues (issue #3): members only (SPEC §6 map filters need a login) ──
  { method: 'GET', path: '/api/venues', anonymous: 401, member: 200, owner: null, request: () => ({ url: '/api/venues?lat=37.5665&lng=126.978&radius=500' }) },

  // ── board (issue #6): owner = the post's author ──
  { method: 'GET', path: '/api/board', anonymous: 401, member: 200, owner: null },
  {
    method: 'POST', path: '/api/board', anonymous: 401, member: 201, owner: null,
    request: () => ({ payload: { title: '매트릭스 글', content: '<p>내용</p>', tags: ['점심'] } }),
  },
  {
    // Issue #19: one post (an opened post that is not on a loaded page).
    method: 'GET', path: '/api/board/{id}', anonymous: 401, member: 200, owner: 200, blocked: 404,
    request: async (c) => ({ url: `/api/board/${await c.newPost()}` }),
  },
  {
    // Issue #19: the comments of a post, a page at a time.
    method: 'GET', path: '/api/board/{id}/comments', anonymous: 401, member: 200, owner: 200, blocked: 404,
    request: async (c) => ({ url: `/api/board/${await c.newPost()}/comments` }),
  },
  {
    // Editing and deleting: 403 NOT_AUTHOR for every other member, across a block too.
    method: 'PUT', path: '/api/board/{id}', anonymous: 401, member: 403, owner: 200, blocked: 403,
    request: async (c) => ({ url: `/api/board/${await c.newPost()}`, payload: { title: '수정', content: '<p>수정</p>', tags: [] } }),
  },
  {
    method: 'DELETE', path: '/api/board/{id}', anonymous: 401, member: 403, owner: 204, blocked: 403,
    request: async (c) => ({ url: `/api/board/${await c.newPost()}` }),
  },
  {
    // Any member may view; the author's own view is answered 204 but not counted.
    method: 'PUT', path: '/api/board/{id}/view', anonymous: 401, member: 204, owner: 204, blocked: 404,
    request: async (c) => ({ url: `/api/board/${await c.newPost()}/view` }),
  },
  {
    method: 'POST', path: '/api/board/{id}/like', anonymous: 401, member: 200, owner: 200, blocked: 404,
    request: async (c) => ({ url: `/api/board/${await c.newPost()}/like` }),
  },
  {
    method: 'POST', path: '/api/board/{id}/comments', anonymous: 401, member: 201, owner: 201, blocked: 404,
    request: async (c) => ({ url: `/api/board/${await c.newPost()}/comments`, payload: { text: '댓글' } }),
  },
  {
    // Issue #18: the comment's author only.
    method: 'PUT', path: '/api/board/{id}/comments/{commentId}', anonymous: 401, member: 403, owner: 200, blocked: 404,
    request: async (c) => ({ url: await c.newComment(), payload: { text: '고친 댓글' } }),
  },
  {
    method: 'DELETE', path: '/api/board/{id}/comments/{commentId}', anonymous: 401, member: 403, owner: 204, blocked: 404,
    request: async (c) => ({ url: await c.newComment() }),
  },
  { method: 'GET', path: '/api/recommendations', anonymous: 401, member: 200, owner: null },
];

/**
 * What a frame to a live-channel destination gets (issue #32 item 5; server/realtime/destinations.ts):
 * `ok` — SUBSCRIBE accepted / SEND stored and acknowledged with a RECEIPT; `refused` — ERROR and
 * the connection closed; `queued` — authorised but refused, told on `/user/queue/errors`, the
 * session stays.
 */
export type LiveOutcome = 'ok' | 'refused' | 'queued';

/** Who sends the frame on the live channel. */
export type LiveRole = 'owner' | 'member' | 'stranger' | 'blocked';

/**
 * The conversation a live cell is about. `owner`, `member` (a guest) and `stranger` meet the
 * owner's meal with one accepted guest: its match `matchId` and table `scheduleId`. `blocked` is a
 * guest of another meal of the owner that had started when the block came (so the match stayed
 * open): their own match and table with the owner, across the block.
 */
export interface LiveContext {
  ownerId: number;
  matchId: number;
  scheduleId: number;
}

/** One destination and frame × caller role → outcome. */
export interface LiveRow {
  frame: 'SUBSCRIBE' | 'SEND';
  /** The registered pattern (`app.liveDestinations.patterns()`), or the built-in one. */
  pattern: string;
  owner: LiveOutcome;
  member: LiveOutcome;
  stranger: LiveOutcome;
  /** Checked both ways: a member the owner blocked and a member who blocked the owner. */
  blocked: LiveOutcome;
  destination(c: LiveContext): string;
}

/**
 * The live channel's matrix (issue #32 item 5): every destination a client may SUBSCRIBE or SEND
 * to. Across a block the 1:1 chat is closed both ways (SUBSCRIBE and SEND refused on the error
 * queue with CHAT_BLOCKED, the session kept); the table chat stays shared, but no message passes between the two
 * (server/modules/chat/table-service.ts "Blocks"); nobody follows another member's own queues.
 */
export const LIVE_MATRIX: readonly LiveRow[] = [
  { frame: 'SUBSCRIBE', pattern: '/topic/chat/{matchId}', owner: 'ok', member: 'ok', stranger: 'refused', blocked: 'queued', destination: (c) => `/topic/chat/${c.matchId}` },
  { frame: 'SUBSCRIBE', pattern: '/topic/chat/{matchId}/reads', owner: 'ok', member: 'ok', stranger: 'refused', blocked: 'queued', destination: (c) => `/topic/chat/${c.matchId}/reads` },
  { frame: 'SEND', pattern: '/app/chat/{matchId}', owner: 'ok', member: 'ok', stranger: 'refused', blocked: 'queued', destination: (c) => `/app/chat/${c.matchId}` },
  { frame: 'SUBSCRIBE', pattern: '/topic/table/{scheduleId}', owner: 'ok', member: 'ok', stranger: 'refused', blocked: 'ok', destination: (c) => `/topic/table/${c.scheduleId}` },
  { frame: 'SUBSCRIBE', pattern: '/topic/table/{scheduleId}/reads', owner: 'ok', member: 'ok', stranger: 'refused', blocked: 'ok', destination: (c) => `/topic/table/${c.scheduleId}/reads` },
  { frame: 'SEND', pattern: '/app/table/{scheduleId}', owner: 'ok', member: 'ok', stranger: 'refused', blocked: 'ok', destination: (c) => `/app/table/${c.scheduleId}` },
  // A member's own queues: the owner's are the owner's only.
  { frame: 'SUBSCRIBE', pattern: '/topic/user/{userId}/notifications', owner: 'ok', member: 'refused', stranger: 'refused', blocked: 'refused', destination: (c) => `/topic/user/${c.ownerId}/notifications` },
  { frame: 'SUBSCRIBE', pattern: '/topic/user/{userId}/chats', owner: 'ok', member: 'refused', stranger: 'refused', blocked: 'refused', destination: (c) => `/topic/user/${c.ownerId}/chats` },
  // Built in: the session's own error queue.
  { frame: 'SUBSCRIBE', pattern: '/user/queue/errors', owner: 'ok', member: 'ok', stranger: 'ok', blocked: 'ok', destination: () => '/user/queue/errors' },
  // Only the server publishes to a topic.
  { frame: 'SEND', pattern: '/topic/chat/{matchId}', owner: 'refused', member: 'refused', stranger: 'refused', blocked: 'refused', destination: (c) => `/topic/chat/${c.matchId}` },
];
