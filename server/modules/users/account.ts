/**
 * The member's account as a whole (issue #17): consent to the terms and privacy policy in force
 * (item 1) and account deletion (item 2, Google Play's in-app deletion, PIPA's right to erasure).
 *
 * Deletion keeps the `users` row, so the posts, comments, reviews and chat messages the member left
 * stay readable for the others, but erases everything personal in it: the name becomes
 * "탈퇴한 회원", and e-mail, password hash, age, bio, picture, 동네, preferences and consent go; push
 * tokens, social-login links, e-mail and login codes, the inbox, blocks, share links, idempotency
 * keys and post views are deleted; the copies of the name others hold (notices from them, table
 * chat system lines) say "탈퇴한 회원" (issue #32 item 6). The rows that stay keep the member's id
 * (README "Account deletion" lists them; server/modules/users/erasure-scan.test.ts proves it). The
 * e-mail is free for a new sign-up at once.
 */
import { verify as argonVerify } from '@node-rs/argon2';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DeleteAccountBody } from '../../../common/api/account.ts';
import { DELETE_ACCOUNT_CONFIRM_WORD } from '../../../common/api/account.ts';
import type { User } from '../../../common/api/users.ts';
import { missingConsents, PRIVACY_VERSION, TERMS_VERSION, type ConsentAnswers } from '../../../common/domain/legal.ts';
import { UPLOADS_PREFIX } from '../../../common/domain/uploads.ts';
import { blocks, emailCodes, idempotencyKeys, notifications, oauthLoginCodes, pushTokens, shareLinks, socialAccounts, uploads, users } from '../../db/schema.ts';
import type { Database } from '../../db/database.ts';
import type { MatchEvent } from '../../plugins/notifier.ts';
import type { Storage } from '../../plugins/storage.ts';
import { renameInCachedAnswers } from '../../plugins/idempotency.ts';
import type { Clock } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import { toUser } from '../../lib/user-view.ts';
import { format, ko } from '../../../common/i18n/ko.ts';
import { forgetViewsOf } from '../board/public.ts';
import { renameTableLinesOf } from '../chat/public.ts';

/** The name a deleted member's remaining posts, comments, reviews and messages show (UI-TEXT.md "Deletion"). */
export const DELETED_MEMBER_NAME: string = ko.account.deletedMember;

/** What account deletion needs from other modules and plugins (passed in by app.ts). */
export interface AccountDeps {
  db: Database;
  now: Clock;
  storage: Storage;
  /** The matches service's `cancelAllOf`: cancels the member's open matches, answering the partners' events. */
  cancelMatchesOf: (userId: number) => Promise<MatchEvent[]>;
  /** The meals service's `closeSchedulesOf`: inside the deletion's transaction, the member's schedules not yet started leave every list (issue #28 item 8). */
  closeSchedulesOf: (tx: Database, userId: number, at: Date) => Promise<void>;
  /** Tells the partners (inbox, live, push). */
  notifyAll: (events: readonly MatchEvent[]) => Promise<void>;
  /** Ends the member's live connections opened with a token older than `tokenVersion`. */
  revokeLiveSessions: (userId: number, tokenVersion: number) => Promise<void>;
  /** The role a stored e-mail has (ADMIN_EMAILS), for the member view answered after consent. */
  roleOf: (email: string | null) => 'admin' | 'member';
}

/** Builds the account service. */
export function createAccountService(deps: AccountDeps) {
  const { db, now } = deps;

  return {
    /**
     * `POST /api/user/consent`: records the three agreements for the versions in force.
     * @throws 400 CONSENT_REQUIRED naming what is missing; 404 when the member is gone.
     */
    async consent(userId: number, answers: ConsentAnswers): Promise<User> {
      const missing = missingConsents(answers);
      if (missing.length > 0) fail('CONSENT_REQUIRED', { params: { missing } });
      const at = now();
      const [row] = await db
        .update(users)
        .set({ termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION, consentedAt: at, updatedAt: at })
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .returning();
      if (!row) fail('USER_NOT_FOUND');
      return toUser(row, deps.roleOf(row.email));
    },

    /** `POST /api/user/safety-guide` (issue #17 item 9): the member has read the guide (the first time counts). */
    async safetyGuideSeen(userId: number): Promise<void> {
      await db
        .update(users)
        .set({ safetyGuideSeenAt: now() })
        .where(and(eq(users.id, userId), isNull(users.safetyGuideSeenAt)));
    },

    /**
     * `DELETE /api/user/me`: checks the password (or `confirm: "탈퇴"` for a member without one),
     * cancels their open matches (partners get `match_cancelled`) and their schedules not yet
     * started, erases the personal data in one transaction (see the file comment), revokes every
     * token and closes their live connections, and deletes their uploaded profile picture.
     * @throws 400 PASSWORD_REQUIRED / CONFIRM_REQUIRED; 403 WRONG_PASSWORD '비밀번호가 올바르지 않아요.'
     *   (403, not 401: the session stays until the member gets it right); 404 when already deleted.
     */
    async deleteAccount(userId: number, body: DeleteAccountBody): Promise<void> {
      const [member] = await db.select().from(users).where(and(eq(users.id, userId), isNull(users.deletedAt)));
      if (!member) fail('USER_NOT_FOUND');
      if (member.passwordHash) {
        if (!body.password) fail('PASSWORD_REQUIRED');
        if (!(await argonVerify(member.passwordHash, body.password))) fail('WRONG_PASSWORD');
      } else if (body.confirm?.trim() !== DELETE_ACCOUNT_CONFIRM_WORD) {
        fail('CONFIRM_REQUIRED', { params: { word: DELETE_ACCOUNT_CONFIRM_WORD } });
      }

      // Matches first (each in its own transaction, with the partners' notices), so the erasure
      // below never leaves a partner waiting for a meal that cannot happen.
      const events = await deps.cancelMatchesOf(userId);
      const at = now();
      const erased = await db.transaction(async (tx) => {
        // Their meals not yet started leave every list (the matches on them are cancelled above).
        await deps.closeSchedulesOf(tx, userId, at);
        await tx.delete(pushTokens).where(eq(pushTokens.userId, userId));
        await tx.delete(socialAccounts).where(eq(socialAccounts.userId, userId));
        await tx.delete(oauthLoginCodes).where(eq(oauthLoginCodes.userId, userId));
        await tx.delete(notifications).where(eq(notifications.userId, userId));
        // Issue #32 item 6: other members' notices no longer name them (the sender's name and the
        // "{name}님이 …" of the text, including the cancellations just sent), and no upload is theirs.
        await tx
          .update(notifications)
          .set({ fromName: DELETED_MEMBER_NAME, message: sql`replace(${notifications.message}, ${format(ko.account.named, { name: member.name })}, ${format(ko.account.named, { name: DELETED_MEMBER_NAME })})` })
          .where(eq(notifications.fromUserId, userId));
        await tx.update(uploads).set({ ownerId: null }).where(eq(uploads.ownerId, userId));
        // …nor a table chat's system line ("{name}님이 참여했어요 / 나갔어요", including the ones
        // the cancellations above just wrote), and which posts they viewed is forgotten.
        await renameTableLinesOf(tx, userId, member.name, DELETED_MEMBER_NAME);
        await forgetViewsOf(tx, userId);
        // …nor an answer cached for another member's replay (a post they liked, signed with the name).
        await renameInCachedAnswers(tx, member.name, DELETED_MEMBER_NAME, (name) => format(ko.account.named, { name }));
        await tx.delete(blocks).where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
        await tx.delete(shareLinks).where(eq(shareLinks.userId, userId));
        await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
        if (member.email) await tx.delete(emailCodes).where(eq(emailCodes.email, member.email));
        const [row] = await tx
          .update(users)
          .set({
            email: null,
            name: DELETED_MEMBER_NAME,
            passwordHash: null,
            age: null,
            bio: null,
            neighbourhood: null,
            profileImage: null,
            preferences: {},
            termsVersion: null,
            privacyVersion: null,
            consentedAt: null,
            safetyGuideSeenAt: null,
            isNewUser: false,
            tokenVersion: sql`${users.tokenVersion} + 1`,
            deletedAt: at,
            updatedAt: at,
          })
          .where(and(eq(users.id, userId), isNull(users.deletedAt)))
          .returning({ tokenVersion: users.tokenVersion });
        if (!row) fail('USER_NOT_FOUND');
        return row;
      });

      await deps.revokeLiveSessions(userId, erased.tokenVersion);
      await deps.notifyAll(events);
      // The uploaded profile picture is theirs alone (post images stay with the posts).
      if (member.profileImage?.startsWith(UPLOADS_PREFIX)) {
        await deps.storage.delete(member.profileImage.slice(UPLOADS_PREFIX.length)).catch(() => undefined);
      }
    },
  };
}
