/**
 * The signed-in member's own account (SPEC §2 profile edit and setup wizard, §3 User, §6 "email is
 * not editable").
 */
import { eq } from 'drizzle-orm';
import type { ProfileUpdateBody, User } from '../../../common/api/users.ts';
import { users } from '../../db/schema.ts';
import type { Database } from '../../plugins/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, MSG } from '../../lib/errors.ts';
import { toUser } from '../../lib/user-view.ts';

/** Builds the users service. */
export function createUsersService(deps: { db: Database; now: Clock }) {
  const { db, now } = deps;
  return {
    /** The member `id` (404 if the account vanished). */
    async me(id: number): Promise<User> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      if (!row) throw new AppError(404, 'NOT_FOUND', MSG.notFound);
      return toUser(row);
    },

    /**
     * Saves the wizard payload or the profile edit. `name` is trimmed and must not be blank;
     * `preferences` replaces the stored map; `bio` / `profileImage` are kept when absent and
     * cleared with `null`. The first successful save clears `isNewUser` (SPEC §4).
     */
    async updateProfile(id: number, body: ProfileUpdateBody): Promise<User> {
      const name = body.name.trim();
      if (!name) throw new AppError(400, 'VALIDATION', '이름을 입력해주세요.');
      const preferences = Object.fromEntries(Object.entries(body.preferences).filter(([, v]) => typeof v === 'boolean')) as Record<string, boolean>;
      const [row] = await db
        .update(users)
        .set({
          name,
          age: body.age,
          preferences,
          ...(body.bio !== undefined ? { bio: body.bio === null ? null : body.bio.trim() || null } : {}),
          ...(body.profileImage !== undefined ? { profileImage: body.profileImage } : {}),
          isNewUser: false,
          updatedAt: now(),
        })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw new AppError(404, 'NOT_FOUND', MSG.notFound);
      return toUser(row);
    },
  };
}
