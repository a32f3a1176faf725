/**
 * 안전 공유 (issue #17 item 9): read-only links a participant of a meal gives a trusted person.
 * Only the SHA-256 of a link's token is stored (`share_links.token_hash`), so a database read never
 * yields a working link. A link works until 6 h after the meal's start
 * (`SHARE_VALID_AFTER_START_HOURS`) or until revoked; making a new link revokes the member's older
 * ones for that match (the token cannot be shown again, only replaced).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SHARE_VALID_AFTER_START_HOURS, type SharedMeal } from '../../../common/api/share.ts';
import { maskName } from '../../../common/domain/mask-name.ts';
import { matchRequests, schedules, shareLinks, users } from '../../db/schema.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';

const HOUR_MS = 60 * 60 * 1000;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Builds the share service. `publicUrl` is the site's origin (links are `${publicUrl}/s/{token}`). */
export function createShareService(deps: { db: Database; now: Clock; publicUrl: string }) {
  const { db, now } = deps;

  /** The match `matchId` as `userId` may share it: 404 unknown; 403 not a participant. */
  async function participantMatch(userId: number, matchId: number) {
    const [m] = await db
      .select({ status: matchRequests.status, requesterId: matchRequests.requesterId, hostId: schedules.userId, startsAt: schedules.startsAt })
      .from(matchRequests)
      .innerJoin(schedules, eq(schedules.id, matchRequests.scheduleId))
      .where(eq(matchRequests.id, matchId));
    if (!m) fail('MATCH_NOT_FOUND');
    if (m.hostId !== userId && m.requesterId !== userId) fail('SHARE_NOT_PARTICIPANT');
    return m;
  }

  return {
    /**
     * `POST /api/matches/{id}/share`: a new link for the caller's ACCEPTED or CONFIRMED match whose
     * sharing window (until 6 h after the start) is open; the caller's older links for it stop working.
     * @throws 404 unknown match; 403 not a participant; 409 NOT_SHAREABLE other status; 409 MEAL_OVER.
     */
    async create(userId: number, matchId: number): Promise<{ url: string; expiresAt: string }> {
      const m = await participantMatch(userId, matchId);
      if (m.status !== 'ACCEPTED' && m.status !== 'CONFIRMED') fail('NOT_SHAREABLE');
      const at = now();
      const expiresAt = new Date(m.startsAt.getTime() + SHARE_VALID_AFTER_START_HOURS * HOUR_MS);
      if (expiresAt <= at) fail('MEAL_OVER');
      const token = randomBytes(32).toString('base64url');
      await db.transaction(async (tx) => {
        await tx
          .update(shareLinks)
          .set({ revokedAt: at })
          .where(and(eq(shareLinks.matchId, matchId), eq(shareLinks.userId, userId), isNull(shareLinks.revokedAt)));
        await tx.insert(shareLinks).values({ tokenHash: hashOf(token), matchId, userId, expiresAt, createdAt: at });
      });
      return { url: `${deps.publicUrl.replace(/\/$/, '')}/s/${token}`, expiresAt: expiresAt.toISOString() };
    },

    /** `DELETE /api/matches/{id}/share`: the caller's links for the match stop working. 404; 403. */
    async revoke(userId: number, matchId: number): Promise<void> {
      await participantMatch(userId, matchId);
      await db
        .update(shareLinks)
        .set({ revokedAt: now() })
        .where(and(eq(shareLinks.matchId, matchId), eq(shareLinks.userId, userId), isNull(shareLinks.revokedAt)));
    },

    /**
     * `GET /api/share/{token}` (no login): the meal behind a working link — place, date, hour, the
     * sharer's and the partner's names masked for the public ("박*연", common/domain/mask-name.ts),
     * whether it was cancelled since.
     * @throws 404 LINK_GONE for an unknown, revoked or expired token.
     */
    async read(token: string): Promise<SharedMeal> {
      const host = alias(users, 'host');
      const requester = alias(users, 'requester');
      const [row] = await db
        .select({
          sharerId: shareLinks.userId,
          expiresAt: shareLinks.expiresAt,
          status: matchRequests.status,
          placeName: schedules.placeName,
          date: schedules.date,
          hour: schedules.hour,
          latitude: schedules.latitude,
          longitude: schedules.longitude,
          hostId: host.id,
          hostName: host.name,
          requesterName: requester.name,
        })
        .from(shareLinks)
        .innerJoin(matchRequests, eq(matchRequests.id, shareLinks.matchId))
        .innerJoin(schedules, eq(schedules.id, matchRequests.scheduleId))
        .innerJoin(host, eq(host.id, schedules.userId))
        .innerJoin(requester, eq(requester.id, matchRequests.requesterId))
        .where(and(eq(shareLinks.tokenHash, hashOf(token)), isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, now())));
      if (!row) fail('LINK_GONE');
      const sharerIsHost = row.sharerId === row.hostId;
      return {
        placeName: row.placeName,
        date: row.date,
        time: row.hour,
        latitude: row.latitude,
        longitude: row.longitude,
        // A public page (no login): names are masked, 박*연 (issue #31 item 4).
        sharedBy: maskName(sharerIsHost ? row.hostName : row.requesterName),
        partnerName: maskName(sharerIsHost ? row.requesterName : row.hostName),
        cancelled: row.status === 'CANCELLED' || row.status === 'REJECTED',
        expiresAt: row.expiresAt.toISOString(),
      };
    },
  };
}
