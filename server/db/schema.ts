/**
 * The database schema (Drizzle, PostgreSQL dialect; the same SQL runs on PGlite and PostgreSQL).
 * Migrations in `server/db/migrations` are generated from this file with `npm run db:generate`
 * and applied at start-up by the db plugin.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    age: integer('age'),
    bio: text('bio'),
    profileImage: text('profile_image'),
    preferences: jsonb('preferences').$type<Record<string, boolean>>().notNull().default(sql`'{}'::jsonb`),
    reviewCount: integer('review_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    tokenVersion: integer('token_version').notNull().default(0),
    isNewUser: boolean('is_new_user').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);
/** A row of `users`. */
export type UserRow = typeof users.$inferSelect;

/**
 * One-time e-mail codes: registration verification (`purpose = 'verify'`) and password reset
 * (`purpose = 'reset'`). Only a salted SHA-256 of the code is kept. A code is valid for 10 minutes,
 * single use, and dies after 5 wrong tries (`attempts`). For `verify`, `verifiedAt` marks a correct
 * entry; registration is then allowed for 30 minutes. `consumedAt` marks a spent code.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
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
