/**
 * The signed-in member's own account (SPEC §2 profile edit and setup wizard, §3 User, §6 "email is
 * not editable").
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { ProfileUpdateBody, PublicProfile, User } from '../../../common/api/users.ts';
import { DEFAULT_AVATARS, DEFAULT_PROFILE_IMAGE } from '../../../common/domain/vocabulary.ts';
import { UPLOADS_PREFIX } from '../../../common/domain/uploads.ts';
import { isNeighbourhood } from '../../../common/domain/neighbourhoods.ts';
import { uploads, users } from '../../db/schema.ts';
import { STORAGE_KEY } from '../../plugins/storage.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import { averageRating, toUser } from '../../lib/user-view.ts';
import { memberStats, NO_STATS } from '../meals/public.ts';
import { isBlockedBetween } from '../blocks/public.ts';

/**
 * The built-in avatars a member may pick (the files the client offers, common/domain/vocabulary.ts,
 * served from public/avatars/), plus the default picture shown when there is none.
 */
export const BUILT_IN_AVATARS: ReadonlySet<string> = new Set([...DEFAULT_AVATARS.map((a) => a.url), DEFAULT_PROFILE_IMAGE]);

/** Builds the users service. */
export function createUsersService(deps: { db: Database; now: Clock; roleOf?: (email: string | null) => 'admin' | 'member' }) {
  const roleOf = deps.roleOf ?? (() => 'member' as const);
  const { db, now } = deps;

  /** True when member `id` may set `image` as their profile picture (see `updateProfile`). */
  async function mayUseProfileImage(id: number, image: string): Promise<boolean> {
    if (BUILT_IN_AVATARS.has(image)) return true;
    const [current] = await db.select({ profileImage: users.profileImage }).from(users).where(eq(users.id, id));
    if (current?.profileImage === image) return true;
    if (!image.startsWith(UPLOADS_PREFIX)) return false;
    const name = image.slice(UPLOADS_PREFIX.length);
    // STORAGE_KEY allows one dot, before the extension: "..", "a..b.webp", "x/y" never reach the query.
    if (!STORAGE_KEY.test(name)) return false;
    const [own] = await db.select({ name: uploads.name }).from(uploads).where(and(eq(uploads.name, name), eq(uploads.ownerId, id)));
    return own !== undefined;
  }

  return {
    /** The member `id` (404 if the account vanished). */
    async me(id: number): Promise<User> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      if (!row) fail('USER_NOT_FOUND');
      return toUser(row, roleOf(row.email));
    },

    /**
     * What a signed-in member may see of member `id` (issue #15 item 7; common/api/users.ts
     * `PublicProfile`): `{ id, name, profileImage, bio, preferences, rating, reviewCount,
     * mealCount, noShowCount, lateCancelCount }` — never the e-mail or age. `rating` is the average
     * of each reviewer's latest review (0–5, 0 without reviews; server/lib/user-view.ts
     * `averageRating`), the three counts come from server/modules/meals/public.ts at `now()`.
     * @throws 404 USER_NOT_FOUND when there is no such member, and also when `viewerId` and `id`
     *         blocked each other, either way (issue #32 item 5: as for an unknown member, so a
     *         block cannot be probed).
     */
    async publicProfile(viewerId: number, id: number): Promise<PublicProfile> {
      if (viewerId !== id && (await isBlockedBetween(db, viewerId, id))) fail('USER_NOT_FOUND');
      const [row] = await db
        .select({
          id: users.id,
          name: users.name,
          profileImage: users.profileImage,
          bio: users.bio,
          preferences: users.preferences,
          ratingSum: users.ratingSum,
          reviewCount: users.reviewCount,
        })
        .from(users)
        // A deleted member has no profile (issue #17: their content shows "탈퇴한 회원").
        .where(and(eq(users.id, id), isNull(users.deletedAt)));
      if (!row) fail('USER_NOT_FOUND');
      const stats = (await memberStats(db, [id], now())).get(id) ?? NO_STATS;
      return {
        id: row.id,
        name: row.name,
        profileImage: row.profileImage,
        bio: row.bio,
        preferences: row.preferences ?? {},
        rating: averageRating(row.ratingSum, row.reviewCount),
        reviewCount: row.reviewCount,
        mealCount: stats.mealCount,
        noShowCount: stats.noShowCount,
        lateCancelCount: stats.lateCancelCount,
      };
    },

    /**
     * Saves the wizard payload or the profile edit. `name` is trimmed and must not be blank;
     * `preferences` replaces the stored map; `bio` / `profileImage` are kept when absent and
     * cleared with `null`. The first successful save clears `isNewUser` (SPEC §4).
     * `profileImage` (issue #13) must be `/uploads/<name>` of one of the member's own uploads
     * (the `uploads` table: images they uploaded, their copied social-login picture) or a built-in
     * avatar (`BUILT_IN_AVATARS`); the value already stored is also accepted unchanged, so a profile
     * edit that resends it keeps working.
     * `neighbourhood` (issue #31 item 2) is kept when absent and cleared with `null`.
     * @throws 400 INVALID_PROFILE_IMAGE for anything else: `/uploads/..`,
     *         names with dots or of unknown files, another member's upload, other `/avatars/` files.
     * @throws 400 VALIDATION (field `neighbourhood`) for a 동네 name not on the list of
     *         common/domain/neighbourhoods.ts.
     */
    async updateProfile(id: number, body: ProfileUpdateBody): Promise<User> {
      const name = body.name.trim();
      if (!name) fail('NAME_REQUIRED');
      if (typeof body.neighbourhood === 'string' && !isNeighbourhood(body.neighbourhood)) {
        fail('VALIDATION', { field: 'neighbourhood', params: { field: 'neighbourhood' } });
      }
      if (typeof body.profileImage === 'string' && !(await mayUseProfileImage(id, body.profileImage))) {
        fail('INVALID_PROFILE_IMAGE');
      }
      const preferences = Object.fromEntries(Object.entries(body.preferences).filter(([, v]) => typeof v === 'boolean')) as Record<string, boolean>;
      const [row] = await db
        .update(users)
        .set({
          name,
          age: body.age,
          preferences,
          ...(body.bio !== undefined ? { bio: body.bio === null ? null : body.bio.trim() || null } : {}),
          ...(body.profileImage !== undefined ? { profileImage: body.profileImage } : {}),
          ...(body.neighbourhood !== undefined ? { neighbourhood: body.neighbourhood } : {}),
          isNewUser: false,
          updatedAt: now(),
        })
        .where(eq(users.id, id))
        .returning();
      if (!row) fail('USER_NOT_FOUND');
      return toUser(row, roleOf(row.email));
    },
  };
}
