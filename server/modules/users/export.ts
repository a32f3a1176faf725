/**
 * `GET /api/user/me/export` (issue #17 item 3): everything the service holds about the caller —
 * the account (without the password hash and token version), their schedules, match requests on
 * both sides, the chat messages they sent, posts, comments, reviews given and received, the
 * members they blocked, and (issue #32 item 6) the reports they filed, their notification inbox,
 * their push registrations (without the device token) and their share links (without the secret),
 * and (issue #32 item 6, the rest) their likes, the posts whose views were counted for them, their
 * table chat memberships and the table chat lines they sent or that are about them, their read
 * positions and mutes, their uploads and their social-login links — as one JSON download
 * (common/api/account.ts). Other members appear only as ids on the member's own rows; no row of
 * another member's is answered. server/modules/users/erasure-scan.test.ts checks that every table
 * referring to a member is covered.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { MyDataExport } from '../../../common/api/account.ts';
import {
  blocks,
  chatMessages,
  chatStates,
  matchMembers,
  matchRequests,
  notifications,
  postComments,
  postLikes,
  posts,
  postViews,
  pushTokens,
  reports,
  reviews,
  schedules,
  shareLinks,
  socialAccounts,
  tableMembers,
  tableMessages,
  uploads,
  users,
} from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { Database } from '../../db/database.ts';

/** Dates as ISO 8601 text, everything else as stored. */
function plain(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}

/** A request row with the caller's `match_members` row of it under `member`. */
function withMember(r: { request: Record<string, unknown>; member: Record<string, unknown> }): Record<string, unknown> {
  return { ...plain(r.request), member: plain(r.member) };
}

/** The caller's data; 404 when the account is gone. */
export async function exportMyData(db: Database, userId: number, now: Clock): Promise<MyDataExport> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.deletedAt) fail('USER_NOT_FOUND');
  const { passwordHash: _passwordHash, tokenVersion: _tokenVersion, ...profile } = user;
  const [mySchedules, asRequester, asHost, sent, myPosts, myComments, given, received, myBlocks, filed, inbox, devices, links, liked, viewed, tables, tableSent, chatSettings, myUploads, socials] = await Promise.all([
    db.select().from(schedules).where(eq(schedules.userId, userId)).orderBy(desc(schedules.id)),
    db
      .select({ request: matchRequests, member: matchMembers })
      .from(matchRequests)
      .innerJoin(matchMembers, and(eq(matchMembers.matchId, matchRequests.id), eq(matchMembers.userId, userId)))
      .where(eq(matchRequests.requesterId, userId))
      .orderBy(desc(matchRequests.id)),
    db
      .select({ request: matchRequests, member: matchMembers })
      .from(matchRequests)
      .innerJoin(schedules, eq(schedules.id, matchRequests.scheduleId))
      .innerJoin(matchMembers, and(eq(matchMembers.matchId, matchRequests.id), eq(matchMembers.userId, userId)))
      .where(eq(schedules.userId, userId))
      .orderBy(desc(matchRequests.id)),
    db.select().from(chatMessages).where(eq(chatMessages.senderId, userId)).orderBy(desc(chatMessages.id)),
    db.select().from(posts).where(eq(posts.authorId, userId)).orderBy(desc(posts.id)),
    db.select().from(postComments).where(eq(postComments.authorId, userId)).orderBy(desc(postComments.id)),
    db.select().from(reviews).where(eq(reviews.reviewerId, userId)).orderBy(desc(reviews.id)),
    db.select().from(reviews).where(eq(reviews.revieweeId, userId)).orderBy(desc(reviews.id)),
    db.select().from(blocks).where(eq(blocks.blockerId, userId)).orderBy(desc(blocks.createdAt)),
    // What they reported and why — not the moderator's note about it, nor who decided.
    db
      .select({ id: reports.id, kind: reports.kind, targetType: reports.targetType, targetId: reports.targetId, reason: reports.reason, detail: reports.detail, status: reports.status, createdAt: reports.createdAt })
      .from(reports)
      .where(eq(reports.reporterId, userId))
      .orderBy(desc(reports.id)),
    db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)),
    db.select({ id: pushTokens.id, createdAt: pushTokens.createdAt }).from(pushTokens).where(eq(pushTokens.userId, userId)).orderBy(desc(pushTokens.id)),
    db
      .select({ matchId: shareLinks.matchId, expiresAt: shareLinks.expiresAt, revokedAt: shareLinks.revokedAt, createdAt: shareLinks.createdAt })
      .from(shareLinks)
      .where(eq(shareLinks.userId, userId))
      .orderBy(desc(shareLinks.createdAt)),
    db.select({ postId: postLikes.postId, createdAt: postLikes.createdAt }).from(postLikes).where(eq(postLikes.userId, userId)).orderBy(desc(postLikes.createdAt)),
    db.select({ postId: postViews.postId, countedAt: postViews.countedAt }).from(postViews).where(eq(postViews.userId, userId)).orderBy(desc(postViews.countedAt)),
    db
      .select({ scheduleId: tableMembers.scheduleId, role: tableMembers.role, joinedAt: tableMembers.joinedAt, leftAt: tableMembers.leftAt })
      .from(tableMembers)
      .where(eq(tableMembers.userId, userId))
      .orderBy(desc(tableMembers.joinedAt)),
    db.select().from(tableMessages).where(eq(tableMessages.senderId, userId)).orderBy(desc(tableMessages.id)),
    db
      .select({ kind: chatStates.kind, conversationId: chatStates.conversationId, lastReadId: chatStates.lastReadId, muted: chatStates.muted })
      .from(chatStates)
      .where(eq(chatStates.userId, userId)),
    db.select({ name: uploads.name, createdAt: uploads.createdAt }).from(uploads).where(eq(uploads.ownerId, userId)).orderBy(desc(uploads.createdAt)),
    db
      .select({ provider: socialAccounts.provider, providerUserId: socialAccounts.providerUserId, email: socialAccounts.email, createdAt: socialAccounts.createdAt })
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, userId)),
  ]);
  return {
    exportedAt: now().toISOString(),
    profile: plain(profile),
    schedules: mySchedules.map(plain),
    // Each request with the caller's own row of it (`member`: hidden, reviewed, arrival, report, late flag; issue #28 item 8).
    matchRequests: { asRequester: asRequester.map(withMember), asHost: asHost.map(withMember) },
    chatMessagesSent: sent.map(plain),
    posts: myPosts.map(plain),
    comments: myComments.map(plain),
    reviews: { given: given.map(plain), received: received.map(plain) },
    blocks: myBlocks.map(plain),
    reportsFiled: filed.map(plain),
    notifications: inbox.map(plain),
    pushRegistrations: devices.map(plain),
    shareLinks: links.map(plain),
    likes: liked.map(plain),
    postViews: viewed.map(plain),
    tableMemberships: tables.map(plain),
    tableMessagesSent: tableSent.map(plain),
    chatStates: chatSettings.map(plain),
    uploads: myUploads.map(plain),
    socialLogins: socials.map(plain),
  };
}
