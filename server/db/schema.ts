/**
 * The database schema (Drizzle, PostgreSQL dialect; the same SQL runs on PGlite and PostgreSQL).
 * Migrations in `server/db/migrations` are generated from this file with `npm run db:generate`
 * and applied at start-up by the db plugin.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { NotificationType } from '../../common/realtime.ts';
import type { ReportReason } from '../../common/api/reports.ts';

/**
 * Members (SPEC §3 User). `email` is stored lower-cased and never changes. Gender is not stored
 * (SPEC §3 setup wizard: removed before submitting). `averageRating` is derived:
 * `ratingSum / reviewCount` (0 when there are no reviews). `tokenVersion` is the `ver` claim every
 * access token must carry; bumping it revokes all of the member's tokens.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Null once the member deleted their account (issue #17: the address can sign up again). */
    email: text('email'),
    name: text('name').notNull(),
    /** argon2id; null for a member who signed up with a social login (no password sign-in, no reset). */
    passwordHash: text('password_hash'),
    age: integer('age'),
    bio: text('bio'),
    profileImage: text('profile_image'),
    /** Issue #31 item 2: the 동네 the member picked (a name of common/domain/neighbourhoods.ts), distance on 매칭 is measured from when they share no position; null = none. Never shown to others. */
    neighbourhood: text('neighbourhood'),
    preferences: jsonb('preferences').$type<Record<string, boolean>>().notNull().default(sql`'{}'::jsonb`),
    reviewCount: integer('review_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    tokenVersion: integer('token_version').notNull().default(0),
    isNewUser: boolean('is_new_user').notNull().default(true),
    /** Issue #17 consent: the terms and privacy-policy versions agreed to (14 or older confirmed with them), and when. */
    termsVersion: text('terms_version'),
    privacyVersion: text('privacy_version'),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    /** Issue #17 moderation: set while suspended; `suspendedUntil` null with `suspendedAt` set = until lifted. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    /** Issue #31 item 6: why, as the member is told — the upheld report's reason; null for a direct suspension (운영정책 위반). */
    suspensionReason: text('suspension_reason').$type<ReportReason>(),
    /** Issue #17 account deletion: the row stays (their posts, reviews and messages show "탈퇴한 회원"), the personal data goes. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Issue #17: when the member saw the safety guide (shown once before a first request or accept). */
    safetyGuideSeenAt: timestamp('safety_guide_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    // issue #13: the last line of defence behind the API's schema (common/domain/account.ts AGE_MIN/MAX).
    check('users_age_range', sql`${t.age} is null or ${t.age} between 14 and 120`),
  ],
);
/** A row of `users`. */
export type UserRow = typeof users.$inferSelect;

/**
 * One-time e-mail codes: registration verification (`purpose = 'verify'`) and password reset
 * (`purpose = 'reset'`), and a new device's login past the failure threshold (`'login'`, issue #32 item 4). Only a salted SHA-256 of the code is kept. A code is valid for 10 minutes,
 * single use, and dies after 5 wrong tries (`attempts`). For `verify`, `verifiedAt` marks a correct
 * entry; registration is then allowed for 30 minutes. `consumedAt` marks a spent code.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['verify', 'reset', 'login'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    salt: text('salt').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_codes_email_purpose_idx').on(t.email, t.purpose)],
);
/** A row of `email_codes`. */
export type EmailCodeRow = typeof emailCodes.$inferSelect;

/**
 * Meal appointments (SPEC §3 Schedule, issue #3). `date` is a KST calendar date, `hour` 0–23 (KST).
 * `participants` is the capacity (2–8) and `currentParticipants` the seats taken, the author
 * included (starts at 1; +1 per accepted request). The check constraints are the last line of
 * defence behind the services' conditional updates. `venueId`/`latitude`/`longitude` are the venue
 * chosen on the map, when there was one (both coordinates or neither).
 * Issue #15: `startsAt` is the meal's start instant, derived by the database from `date` + `hour`
 * in Asia/Seoul (a generated column, so no writer can get it wrong); `cancelledAt` marks a schedule
 * its host deleted — the row stays so its cancelled match requests keep their place, date and hour,
 * and every schedule query leaves it out.
 */
export const schedules = pgTable(
  'schedules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    hour: integer('hour').notNull(),
    text: text('text').notNull(),
    placeName: text('place_name').notNull(),
    placeCategory: text('place_category').notNull(),
    participants: integer('participants').notNull(),
    currentParticipants: integer('current_participants').notNull().default(1),
    venueId: text('venue_id'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    startsAt: timestamp('starts_at', { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(sql`(date + make_interval(hours => hour)) at time zone 'Asia/Seoul'`),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Issue #17: hidden by reports (3 distinct members) or by a moderator; hidden rows leave every list. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('schedules_date_hour_id_idx').on(t.date, t.hour, t.id),
    index('schedules_starts_at_idx').on(t.startsAt),
    index('schedules_user_date_hour_id_idx').on(t.userId, t.date, t.hour, t.id),
    check('schedules_hour_range', sql`${t.hour} between 0 and 23`),
    check('schedules_capacity_range', sql`${t.participants} between 2 and 8`),
    check('schedules_seats', sql`${t.currentParticipants} between 1 and ${t.participants}`),
    // issue #13: finite WGS84 degrees (NaN and ±Infinity fail `between`), both set or both null.
    check('schedules_coordinates', sql`${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180`),
    check('schedules_coordinates_pair', sql`(${t.latitude} is null) = (${t.longitude} is null)`),
  ],
);

/**
 * Issue #33 item 4: the calendar from kept counts. Visible schedules (not cancelled, not hidden)
 * per KST (date, hour, category), kept by the trigger `schedule_slot_counts` (migration 0023) in
 * the transaction of whoever writes `schedules` (this module, reports and moderation hiding,
 * account deletion's cascade); a slot reaching 0 is deleted. No module writes it.
 */
export const scheduleSlotCounts = pgTable(
  'schedule_slot_counts',
  {
    date: date('date', { mode: 'string' }).notNull(),
    hour: integer('hour').notNull(),
    placeCategory: text('place_category').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'schedule_slot_counts_pk', columns: [t.date, t.hour, t.placeCategory] })],
);
/** A row of `schedules`. */
export type ScheduleRow = typeof schedules.$inferSelect;

/**
 * Match requests (SPEC §3 Match request, §4 status). The host is the schedule's author. A member
 * has at most one open request per meal (ended ones stay, so they may ask again). Deleting a
 * schedule deletes its requests (explicitly in the service, and by cascade).
 *
 * Issue #15 (the meal lifecycle): `CANCELLED` with who (`cancelledBy`), why (`cancelReason`, ≤ 200
 * characters) and when; `waitlisted` while the schedule is full; `scheduleChangedAt` when the meal
 * moved (issue #28 item 4). These describe the request. What each side did — hid it, reviewed,
 * arrived, reported the partner, got its reminder, cancelled late — is on that side's row of
 * `match_members` (issue #28 item 8; before migration 0017 these were host/requester column pairs
 * here).
 */
export const matchRequests = pgTable(
  'match_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * Issue #19: the schedule's host (`schedules.user_id`, which never changes), copied so a host's
     * received requests are one index range (`match_requests_host_created_id_idx`).
     */
    hostId: integer('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['PENDING', 'ACCEPTED', 'CONFIRMED', 'REJECTED', 'CANCELLED'] }).notNull().default('PENDING'),
    cancelledBy: text('cancelled_by', { enum: ['host', 'requester'] }),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    waitlisted: boolean('waitlisted').notNull().default(false),
    /** Issue #28 item 4: when the meal's time or place last changed while this request held a seat (its cancellation is then never late). */
    scheduleChangedAt: timestamp('schedule_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Issue #28 item 2: one open request per member per meal; ended ones stay, so a member may ask again.
    uniqueIndex('match_requests_schedule_requester_open_unique')
      .on(t.scheduleId, t.requesterId)
      .where(sql`status in ('PENDING', 'ACCEPTED', 'CONFIRMED')`),
    index('match_requests_schedule_requester_idx').on(t.scheduleId, t.requesterId, t.createdAt),
    index('match_requests_requester_created_id_idx').on(t.requesterId, t.createdAt, t.id),
    index('match_requests_host_created_id_idx').on(t.hostId, t.createdAt, t.id),
    index('match_requests_status_idx').on(t.status),
    check('match_requests_status_values', sql`${t.status} in ('PENDING', 'ACCEPTED', 'CONFIRMED', 'REJECTED', 'CANCELLED')`),
    check('match_requests_cancelled_by_values', sql`${t.cancelledBy} is null or ${t.cancelledBy} in ('host', 'requester')`),
    check('match_requests_cancel_reason_length', sql`${t.cancelReason} is null or char_length(${t.cancelReason}) <= 200`),
  ],
);
/** A row of `match_requests`. */
export type MatchRequestRow = typeof matchRequests.$inferSelect;

/**
 * The members of a match (issue #28 item 8): ONE ROW PER MEMBER PER MATCH — the request's guest
 * (`role = 'guest'`, its requester) and the meal's host (`role = 'host'`; a host with several guests
 * has one row per request). Both rows are inserted in the transaction that inserts the request
 * (server/modules/meals/, the only writer). Each row holds what that member did about the match:
 * - `hidden`: they removed it from their lists (목록에서 삭제; the partner keeps it);
 * - `reviewed`: they reviewed the partner;
 * - `arrivedAt`: they tapped 도착했어요;
 * - `partnerAttended` (null = not reported) and `reportedAt`: their report on whether the PARTNER
 *   came, and when it was last set (an absence mark's 72 h dispute window starts there, issue #28
 *   item 1); `false` is an absence mark against `partnerId`;
 * - `remindedAt`: their meal reminder was claimed (sent once, whichever instance sends it);
 * - `lateCancel`: they cancelled within the late window (counted in `lateCancelCount`).
 * `partnerId` is the other member (copied, like `match_requests.host_id`), so the figures of a
 * member read the marks ABOUT them through one partial index (server/modules/meals/public.ts).
 */
export const matchMembers = pgTable(
  'match_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matchRequests.id, { onDelete: 'cascade' }),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['host', 'guest'] }).notNull(),
    hidden: boolean('hidden').notNull().default(false),
    reviewed: boolean('reviewed').notNull().default(false),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    partnerAttended: boolean('partner_attended'),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    lateCancel: boolean('late_cancel').notNull().default(false),
  },
  (t) => [
    uniqueIndex('match_members_match_role_unique').on(t.matchId, t.role),
    index('match_members_user_match_idx').on(t.userId, t.matchId),
    // Issue #19 (kept by issue #28 item 8): the member figures read only the rows that are facts —
    // arrivals, reports about the member, late cancellations — never a member's whole history.
    // Each predicate is the one its branch of the statement states (`is false`, not `= false`).
    index('match_members_arrived_idx').on(t.userId, t.scheduleId).where(sql`arrived_at is not null`),
    index('match_members_present_idx').on(t.partnerId, t.scheduleId).where(sql`partner_attended`),
    index('match_members_absent_idx').on(t.partnerId).where(sql`partner_attended is false`),
    index('match_members_late_idx').on(t.userId).where(sql`late_cancel`),
    check('match_members_role_values', sql`${t.role} in ('host', 'guest')`),
  ],
);
/** A row of `match_members`. */
export type MatchMemberRow = typeof matchMembers.$inferSelect;

/**
 * The server's own venue catalogue (SPEC §3 Venue; used when Kakao Local is not configured):
 * `source = 'demo'` rows are the invented DEMO DATA of server/modules/venues/demo-venues.ts (only
 * seeded in the embedded default); `source = 'member'` rows are venues members picked for a
 * schedule. Coordinates are WGS84 degrees.
 */
export const venues = pgTable(
  'venues',
  {
    id: text('id').primaryKey(),
    placeName: text('place_name').notNull(),
    categoryName: text('category_name').notNull(),
    addressName: text('address_name').notNull().default(''),
    roadAddressName: text('road_address_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    placeUrl: text('place_url').notNull().default(''),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    source: text('source', { enum: ['demo', 'member'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // issue #19 item 4: nearest-first search in SQL — GiST over earthdistance's point on the
    // sphere (cube), serving `<->` KNN ordering (migration 0012 creates the cube and
    // earthdistance extensions).
    // Partial: its predicate (the CHECK below) is tested before ll_to_earth, which raises on the
    // non-finite coordinates migration 0007 deleted in the same transaction (an old database
    // migrated at once); the venue search repeats it so the planner can use the index.
    index('venues_earth_idx')
      .using('gist', sql`ll_to_earth(latitude, longitude)`)
      .where(sql`latitude between -90 and 90 and longitude between -180 and 180`),
    // issue #13: finite WGS84 degrees (NaN and ±Infinity fail `between`).
    check('venues_coordinates', sql`${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180`),
  ],
);
/** A row of `venues`. */
export type VenueRow = typeof venues.$inferSelect;

/**
 * Social logins (issue #8): the member a provider account signs in as. One row per
 * (provider, provider user id). `email` is what the provider reported (kept for reference; it is
 * never used to link to an existing password account).
 */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['kakao', 'naver'] }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('social_accounts_provider_user_unique').on(t.provider, t.providerUserId), index('social_accounts_user_idx').on(t.userId)],
);
/** A row of `social_accounts`. */
export type SocialAccountRow = typeof socialAccounts.$inferSelect;

/**
 * Pending social logins (issue #8): one row per `GET /oauth2/authorization/{provider}`, keyed by
 * the SHA-256 of the `state` (the browser holds the state itself in an HttpOnly cookie). Holds the
 * PKCE verifier server side. Valid 10 minutes; deleted when the provider comes back (single use).
 */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  provider: text('provider', { enum: ['kakao', 'naver'] }).notNull(),
  codeVerifier: text('code_verifier'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time login codes handed to the client in `/oauth/callback?token=…` (issue #8). Only the
 * SHA-256 of the code is kept; valid 60 s, single use (deleted by `POST /api/auth/social`).
 */
export const oauthLoginCodes = pgTable(
  'oauth_login_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oauth_login_codes_expires_idx').on(t.expiresAt)],
);

/**
 * Board posts (SPEC §3 Board post; issue #6). `content` is HTML already sanitised by
 * server/modules/board/sanitize.ts; `tags` are labels of BOARD_TAGS (≤ 5). Coordinates are WGS84
 * degrees, both set or both null. `likes`/`views` are denormalised counters kept in step with
 * `post_likes`/`post_views` inside the same transaction.
 */
export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /**
     * Issue #33 item 4: the content's plain text for the board search (markup replaced by a space,
     * the entities the sanitiser writes decoded), generated by the database (migration 0023) so no
     * writer can forget it; indexed by `posts_search_trgm_idx`. Never answered by the API.
     */
    contentText: text('content_text')
      .notNull()
      .generatedAlwaysAs(
        sql`replace(replace(replace(replace(replace(replace(regexp_replace(content, '<[^>]*>', ' ', 'g'), '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')`,
      ),
    tags: jsonb('tags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    address: text('address').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    /**
     * Issue #19: the post's visible comments (hidden_at null), kept by the trigger
     * `post_comments_count` (migration 0014) on every insert, delete, hide and unhide, whoever writes.
     */
    commentCount: integer('comment_count').notNull().default(0),
    /**
     * Issue #19: the recommendation points (RECOMMENDATION_RULE in common/api/board.ts: views +
     * 3 × likes + 2 × visible comments), stored so recommendations are one index range.
     */
    points: integer('points')
      .notNull()
      .generatedAlwaysAs(sql`views + 3 * likes + 2 * comment_count`),
    /** Issue #17: hidden by reports (3 distinct members) or by a moderator; hidden rows leave every list. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('posts_created_id_idx').on(t.createdAt, t.id),
    // Issue #19: recommendations (visible posts with coordinates, most points first) read in index order.
    index('posts_recommendation_idx')
      .on(t.points, t.createdAt, t.id)
      .where(sql`${t.hiddenAt} is null and ${t.latitude} is not null`),
    // Issue #33 item 4: the board search (ILIKE on title, content text, tags as JSON text) through
    // pg_trgm; patterns of fewer than 3 characters cannot use it (the search then scans).
    // fastupdate off: no pending list for searches to read until a vacuum (PGlite has no autovacuum).
    index('posts_search_trgm_idx')
      .using('gin', t.title.op('gin_trgm_ops'), t.contentText.op('gin_trgm_ops'), sql`(${t.tags}::text) gin_trgm_ops`)
      .with({ fastupdate: 'off' }),
    // issue #13: finite WGS84 degrees (NaN and ±Infinity fail `between`), both set or both null.
    check('posts_coordinates', sql`${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180`),
    check('posts_coordinates_pair', sql`(${t.latitude} is null) = (${t.longitude} is null)`),
  ],
);
/** A row of `posts`. */
export type PostRow = typeof posts.$inferSelect;

/** One like per (post, member) (issue #6). */
export const postLikes = pgTable(
  'post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('post_likes_post_user_unique').on(t.postId, t.userId),
    // Issue #19: a member's likes (likedByMe of a page when PostgreSQL hashes the EXISTS; the
    // cascade when a member is deleted).
    index('post_likes_user_post_idx').on(t.userId, t.postId),
  ],
);

/** Comments on posts (SPEC §3 Comment; issue #6). `text` is plain text, 1–500 characters. */
export const postComments = pgTable(
  'post_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    /** Issue #17: hidden by reports (3 distinct members) or by a moderator; hidden rows leave every list. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('post_comments_post_idx').on(t.postId),
    // Issue #33 item 4: a blocked member's visible comments on a page of posts (the counts' block correction).
    index('post_comments_author_post_idx').on(t.authorId, t.postId).where(sql`${t.hiddenAt} is null`),
  ],
);

/**
 * The last counted view of a post per member (issue #6): a member's views within an hour of the
 * last counted one count once (protects the recommendation points).
 */
export const postViews = pgTable(
  'post_views',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('post_views_post_user_unique').on(t.postId, t.userId)],
);

/**
 * Reviews (SPEC §3 Review; issue #5): what one participant of a CONFIRMED match wrote about the
 * other. One per (match, reviewer) — the unique index holds under concurrent posts. `matchId` has
 * no foreign key on purpose: a review (and the rating it added to the reviewee's `review_count` /
 * `rating_sum`) outlives a later deletion of its match. `deletedAt` marks a review its reviewee
 * deleted (SPEC §5: it leaves the lists, but the aggregates keep it, so the average does not change).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    matchId: integer('match_id').notNull(),
    reviewerId: integer('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    revieweeId: integer('reviewee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Issue #17: hidden by reports (3 distinct members) or by a moderator; hidden rows leave every list. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reviews_match_reviewer_unique').on(t.matchId, t.reviewerId),
    index('reviews_reviewee_created_id_idx').on(t.revieweeId, t.createdAt, t.id),
    index('reviews_created_idx').on(t.createdAt),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);
/** A row of `reviews`. */
export type ReviewRow = typeof reviews.$inferSelect;

/**
 * Chat messages of a match (SPEC §2 Chat, §4 Chat; issue #4). `content` is trimmed, 1–1000
 * characters. Removed with their match (`deleteMatchChats` in the deleting transaction; the foreign
 * key cascades as a second guard). History pages by id (`before`), oldest first.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matchRequests.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** The sender's id for this message (issue #16: a UUID); a repeat from the same sender is stored once. */
    clientId: text('client_id'),
    /** Issue #17: hidden by reports (3 distinct members) or by a moderator; hidden rows leave every list. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_match_id_idx').on(t.matchId, t.id),
    check('chat_messages_content_length', sql`char_length(${t.content}) between 1 and 1000`),
    uniqueIndex('chat_messages_sender_client_id_unique').on(t.senderId, t.clientId).where(sql`${t.clientId} is not null`),
  ],
);
/** A row of `chat_messages`. */
export type ChatMessageRow = typeof chatMessages.$inferSelect;

/**
 * Push device tokens (SPEC §7 `POST /api/fcm/token`; issue #4). One row per (member, token); since
 * issue #7 a device token belongs to the member who registered it last (registering it moves it),
 * so `token` is indexed for that move and for removing tokens FCM reports unregistered.
 */
export const pushTokens = pgTable(
  'push_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_tokens_user_token_unique').on(t.userId, t.token), index('push_tokens_token_idx').on(t.token)],
);

/**
 * Idempotency keys (issue #7; server/plugins/idempotency.ts): the first answer to an authenticated
 * POST sent with `Idempotency-Key`, kept 24 h per (member, key) so a replayed write (the client's
 * offline outbox) never runs twice. `fingerprint` is the SHA-256 (hex) of method, URL and canonical
 * body; `statusCode` is null while the first request is still running; `attempt` names that
 * request, so only it completes or removes its row. `body` is the answer as UTF-8 text, or base64
 * when `bodyBase64`. `createdAt` comes from the app's clock (tests move it).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    attempt: text('attempt').notNull(),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    body: text('body'),
    bodyBase64: boolean('body_base64').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
);
/** A row of `idempotency_keys`. */
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

/**
 * Stored uploads (issue #13): who uploaded each image of `POST /api/images/upload` (and each
 * profile picture copied from a social login). `name` is the storage key (`<32 hex>.webp`, served
 * at `/uploads/<name>`). A member's `profileImage` may only name one of their own uploads or a
 * built-in avatar; post HTML keeps only images listed here. `ownerId` is null once the member is
 * gone (the image stays, it may be shown in a post).
 */
export const uploads = pgTable(
  'uploads',
  {
    name: text('name').primaryKey(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerId)],
);
/** A row of `uploads`. */
export type UploadRow = typeof uploads.$inferSelect;

/** Content a moderation notice can be about, and an appeal can name (common/api/reports.ts APPEAL_TARGET_TYPES). */
export const APPEAL_TARGET_TYPES = ['schedule', 'post', 'comment', 'review', 'message', 'table_message'] as const;

/**
 * The notification inbox (issue #16 item 5): every live notification is stored here before it is
 * published (server/modules/notifications/live-notifier.ts), so the badge and the list survive a reload.
 * `link` is the page it opens (common/push.ts `pushUrl`); `fromName` keeps the name the message was
 * written with. `readAt` null = unread. `new_message` items collapse to one unread row per (member,
 * match): the partial unique index is the `ON CONFLICT` target that updates that row instead of
 * adding one; once read, the next message adds a new row. The list pages by id, newest first.
 * `matchId`/`scheduleId` carry no foreign key: a notification outlives what it was about.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    matchId: integer('match_id'),
    scheduleId: integer('schedule_id'),
    fromUserId: integer('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    fromName: text('from_name'),
    message: text('message').notNull(),
    link: text('link').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Issue #28 item 8 (transactional outbox): null while the notice is stored but not yet published
     * live and to push; set once it is. A notice stored in the transaction of its change and left
     * unpublished by a crash is published by the outbox sweep.
     */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /**
     * Issue #32 item 7 (one notice per change): an idempotency key for notices that a state flip can
     * repeat — `schedule_full` / `seat_opened` are keyed by type, meal and minute — unique per member,
     * so seats flipping back and forth within the minute tell each member once of each.
     */
    dedupeKey: text('dedupe_key'),
    /**
     * Issue #32 item 1: the content a moderation notice (`content_hidden`, `content_restored`,
     * `appeal_rejected`) is about — a report target type and id — so the inbox can offer 이의 제기.
     * Null for every other notice (they carry `match_id` / `schedule_id`).
     */
    targetType: text('target_type', { enum: APPEAL_TARGET_TYPES }),
    targetId: integer('target_id'),
  },
  (t) => [
    index('notifications_user_id_idx').on(t.userId, t.id.desc()),
    uniqueIndex('notifications_user_dedupe_unique').on(t.userId, t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
    index('notifications_unpublished_idx').on(t.id).where(sql`${t.publishedAt} is null`),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_unread_message_unique').on(t.userId, t.matchId).where(sql`${t.type} = 'new_message' and ${t.readAt} is null`),
  ],
);
/** A row of `notifications`. */
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Blocks (issue #17 item 4): `blockerId` blocked `blockedId`. The effects hold both ways (neither
 * sees the other's schedules, posts and comments; no requests, chat or notifications between them).
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);
/** A row of `blocks`. */
export type BlockRow = typeof blocks.$inferSelect;

/** What a report can name (issue #17 item 5), and a dispute of an absence mark (`attendance`, issue #28 item 1; common/api/reports.ts QUEUE_TARGET_TYPES). */
export const QUEUE_TARGET_TYPES = ['member', 'schedule', 'post', 'comment', 'review', 'message', 'table_message', 'attendance'] as const;
/** Why (issue #17 item 5). */
export const REPORT_REASONS = ['spam', 'abuse', 'sexual', 'scam', 'no_show', 'other'] as const;

/**
 * Reports (issue #17 items 5 and 6): one per (reporter, target). `targetUserId` is the member the
 * target belongs to (the member themself for `member`). Open until a moderator resolves it;
 * resolving one resolves every open report on the same target (`action`, `note`, who and when).
 */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: QUEUE_TARGET_TYPES }).notNull(),
    targetId: integer('target_id').notNull(),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    detail: text('detail'),
    status: text('status', { enum: ['open', 'resolved'] }).notNull().default('open'),
    action: text('action', { enum: ['dismiss', 'hide', 'suspend'] }),
    note: text('note'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Issue #32 item 1: `report` (a member's report) or `appeal` — the author's one 이의 제기 of their
     * hidden content (`reporter_id` is the author, `detail` their note, `reason` the hide's reason).
     * An appeal joins the target's group in the admin queue and never counts toward hiding.
     */
    kind: text('kind', { enum: ['report', 'appeal'] }).notNull().default('report'),
  },
  (t) => [
    check('reports_kind_check', sql`${t.kind} in ('report', 'appeal')`),
    uniqueIndex('reports_reporter_target_unique').on(t.reporterId, t.targetType, t.targetId),
    index('reports_target_idx').on(t.targetType, t.targetId),
    index('reports_status_idx').on(t.status, t.id),
    check('reports_detail_length', sql`${t.detail} is null or char_length(${t.detail}) <= 500`),
  ],
);
/** A row of `reports`. */
export type ReportRow = typeof reports.$inferSelect;

/**
 * Every moderator action (issue #17 item 6: `GET /api/admin/audit`): who (`adminId`), what
 * (`action`, e.g. `report.resolve`, `user.suspend`), on what (`targetType`/`targetId`), details.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_created_idx').on(t.id.desc())],
);
/** A row of `admin_audit`. */
export type AdminAuditRow = typeof adminAudit.$inferSelect;

/**
 * "안전 공유" links (issue #17 item 9): a read-only page of one match for a trusted person without
 * an account. Only the SHA-256 (hex) of the token is kept. Valid until `expiresAt` (6 h after the
 * meal starts) unless `revokedAt`. One live link per (match, member) — creating again replaces it.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matchRequests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('share_links_match_user_idx').on(t.matchId, t.userId)],
);
/** A row of `share_links`. */
export type ShareLinkRow = typeof shareLinks.$inferSelect;

/**
 * The table chat's members (issue #30 item 2): one row per member per meal — the host and each
 * guest whose request was accepted. Written only by the chat module and server/modules/chat/public.ts,
 * called by the meals module inside the transaction that seats or unseats the member. `leftAt` set:
 * the member left, was cancelled or removed (no access, not even history); a row of a deleted
 * (cancelled) meal keeps `leftAt` null: its members read the chat, nobody writes.
 * `lastReadId` (issue #30 item 3) is the member's read position; `muted` silences push and toasts.
 */
export const tableMembers = pgTable(
  'table_members',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['host', 'guest'] }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.userId] }), index('table_members_user_idx').on(t.userId), check('table_members_role_values', sql`${t.role} in ('host', 'guest')`)],
);

/**
 * Table chat messages (issue #30 item 2): `kind` 'text' (a member's message) or 'system' (joined,
 * left, time/place changed, meal cancelled; written in the meal change's transaction; `senderId`
 * is the member it is about or the host).
 */
export const tableMessages = pgTable(
  'table_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['text', 'system'] }).notNull().default('text'),
    content: text('content').notNull(),
    clientId: text('client_id'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('table_messages_schedule_id_idx').on(t.scheduleId, t.id),
    check('table_messages_kind_values', sql`${t.kind} in ('text', 'system')`),
    check('table_messages_content_length', sql`char_length(${t.content}) between 1 and 1000`),
    uniqueIndex('table_messages_sender_client_id_unique').on(t.senderId, t.clientId).where(sql`${t.clientId} is not null`),
  ],
);
/** A row of `table_messages`. */
export type TableMessageRow = typeof tableMessages.$inferSelect;

/**
 * A member's state in a conversation (issue #30 items 3 and 4), both kinds: `kind` 'match' (the 1:1
 * chat, `conversationId` = the match id) or 'table' (`conversationId` = the schedule id). No row:
 * nothing read, not muted. Written only by the chat module.
 */
export const chatStates = pgTable(
  'chat_states',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['match', 'table'] }).notNull(),
    conversationId: integer('conversation_id').notNull(),
    lastReadId: integer('last_read_id').notNull().default(0),
    muted: boolean('muted').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.conversationId] }), index('chat_states_conversation_idx').on(t.kind, t.conversationId), check('chat_states_kind_values', sql`${t.kind} in ('match', 'table')`)],
);
