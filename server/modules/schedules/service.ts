/**
 * Schedules (SPEC §2 matching/schedule pages, §3 Schedule, §4 schedule editing, §5, §9; issue #3).
 * Every calendar decision uses the injected clock and Korea Standard Time (common/domain/schedule.ts),
 * whatever the machine's time zone.
 */
import { and, asc, desc, eq, gte, lt, lte, ne, notExists, sql } from 'drizzle-orm';
import type { Schedule, ScheduleCreateBody, ScheduleUpdateBody } from '../../../common/api/schedules.ts';
import { isIsoDate, isInScheduleWindow, scheduleWindow, SCHEDULE_TEXT_MAX, todayKst } from '../../../common/domain/schedule.ts';
import { matchRequests, schedules, users, venues } from '../../db/schema.ts';
import type { Database } from '../../plugins/db.ts';
import type { MatchEvent } from '../../plugins/notifier.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { averageRating } from '../../lib/user-view.ts';
import { deleteMatchChats } from '../../lib/match-chat.ts';

/** Korean messages of the schedule routes (UI-TEXT.md where it fixes one). */
export const SCHEDULE_MSG = {
  dateOutOfWindow: '일정은 오늘부터 21일 후까지의 날짜로만 만들 수 있습니다.',
  textBlank: '내용을 입력해주세요.',
  textTooLong: `내용은 ${SCHEDULE_TEXT_MAX}자 이내로 입력해주세요.`,
  placeBlank: '장소 이름을 입력해주세요.',
  coordinatesPair: '위도와 경도는 함께 보내야 합니다.',
  notFound: '일정을 찾을 수 없습니다.',
  notAuthorEdit: '본인이 만든 일정만 수정할 수 있습니다.',
  notAuthorDelete: '일정 삭제에 실패했습니다. 본인이 만든 일정만 삭제할 수 있습니다.',
  capacityBelowParticipants: '현재 참여 인원보다 적은 인원으로 줄일 수 없습니다.',
  noRandomMatch: '현재 매칭 가능한 상대가 없습니다.',
} as const;

/** How many of the best-ranked schedules the random match picks from. */
export const RANDOM_TOP_N = 3;

/** A random number in [0, 1) — `Math.random` by default; tests pass a fixed sequence. */
export type RandomSource = () => number;

/** Characters as a person counts them (code points, so an emoji is one). */
const charCount = (s: string) => [...s].length;

/** Trimmed text, 1–200 characters (issue #3), or a 400 in Korean. */
function cleanText(text: string): string {
  const t = text.trim();
  if (!t) throw new AppError(400, 'VALIDATION', SCHEDULE_MSG.textBlank);
  if (charCount(t) > SCHEDULE_TEXT_MAX) throw new AppError(400, 'VALIDATION', SCHEDULE_MSG.textTooLong);
  return t;
}

/** The columns of one schedule with its author (SPEC §3 `user`). */
const viewColumns = {
  id: schedules.id,
  date: schedules.date,
  hour: schedules.hour,
  text: schedules.text,
  placeName: schedules.placeName,
  placeCategory: schedules.placeCategory,
  participants: schedules.participants,
  currentParticipants: schedules.currentParticipants,
  latitude: schedules.latitude,
  longitude: schedules.longitude,
  venueId: schedules.venueId,
  authorId: users.id,
  authorName: users.name,
  authorImage: users.profileImage,
  authorPreferences: users.preferences,
  authorReviewCount: users.reviewCount,
  authorRatingSum: users.ratingSum,
};
interface ViewRow {
  id: number;
  date: string;
  hour: number;
  text: string;
  placeName: string;
  placeCategory: string;
  participants: number;
  currentParticipants: number;
  latitude: number | null;
  longitude: number | null;
  venueId: string | null;
  authorId: number;
  authorName: string;
  authorImage: string | null;
  authorPreferences: Record<string, boolean> | null;
  authorReviewCount: number;
  authorRatingSum: number;
}

/** A row of `viewColumns` as the API answers it (common/api/schedules.ts Schedule). */
function toSchedule(r: ViewRow): Schedule {
  return {
    id: r.id,
    date: r.date,
    time: r.hour,
    text: r.text,
    placeName: r.placeName,
    placeCategory: r.placeCategory,
    participants: r.participants,
    currentParticipants: r.currentParticipants,
    latitude: r.latitude,
    longitude: r.longitude,
    venueId: r.venueId,
    user: {
      id: r.authorId,
      name: r.authorName,
      profileImage: r.authorImage,
      preferences: r.authorPreferences ?? {},
      reviewCount: r.authorReviewCount,
      averageRating: averageRating(r.authorRatingSum, r.authorReviewCount),
    },
  };
}

/** Builds the schedules service. */
export function createSchedulesService(deps: { db: Database; now: Clock; random: RandomSource }) {
  const { db, now, random } = deps;
  const view = () => db.select(viewColumns).from(schedules).innerJoin(users, eq(users.id, schedules.userId));
  const order = [asc(schedules.date), asc(schedules.hour), asc(schedules.id)] as const;

  async function byId(id: number): Promise<Schedule | null> {
    const [row] = await view().where(eq(schedules.id, id));
    return row ? toSchedule(row) : null;
  }

  return {
    byId,

    /**
     * Creates a schedule for `userId` (SPEC §7 POST /api/schedules). The author is the first
     * participant (`currentParticipants` 1). 400 when the date is outside today … +21 (KST), the
     * text is blank after trimming or longer than 200 characters, the place name is blank, or only
     * one coordinate is given. With `venueId` and coordinates the venue is added to the catalogue
     * (same transaction), so other members find it in `GET /api/venues`.
     */
    async create(userId: number, body: ScheduleCreateBody): Promise<Schedule> {
      if (!isIsoDate(body.date) || !isInScheduleWindow(body.date, now())) throw new AppError(400, 'DATE_OUT_OF_WINDOW', SCHEDULE_MSG.dateOutOfWindow);
      const text = cleanText(body.text);
      const placeName = body.placeName.trim();
      if (!placeName) throw new AppError(400, 'VALIDATION', SCHEDULE_MSG.placeBlank);
      if ((body.latitude === undefined) !== (body.longitude === undefined)) throw new AppError(400, 'VALIDATION', SCHEDULE_MSG.coordinatesPair);
      const venueId = body.venueId?.trim() || null;
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(schedules)
          .values({
            userId,
            date: body.date,
            hour: body.time,
            text,
            placeName,
            placeCategory: body.placeCategory,
            participants: body.participants,
            currentParticipants: 1,
            venueId,
            latitude: body.latitude ?? null,
            longitude: body.longitude ?? null,
          })
          .returning({ id: schedules.id });
        if (venueId && body.latitude !== undefined && body.longitude !== undefined) {
          await tx
            .insert(venues)
            .values({
              id: venueId,
              placeName,
              categoryName: `음식점 > ${body.placeCategory}`,
              latitude: body.latitude,
              longitude: body.longitude,
              source: 'member',
            })
            .onConflictDoNothing({ target: venues.id });
        }
        return row!.id;
      });
      return (await byId(id))!;
    },

    /** The member's schedules dated today (KST) or later, by date then hour (SPEC §5, §7). */
    async mine(userId: number): Promise<Schedule[]> {
      const rows = await view()
        .where(and(eq(schedules.userId, userId), gte(schedules.date, todayKst(now()))))
        .orderBy(...order);
      return rows.map(toSchedule);
    },

    /** Everyone's schedules in the window today … +21 (KST), by date then hour (SPEC §5 matching page). */
    async inWindow(): Promise<Schedule[]> {
      const { first, last } = scheduleWindow(now());
      const rows = await view()
        .where(and(gte(schedules.date, first), lte(schedules.date, last)))
        .orderBy(...order);
      return rows.map(toSchedule);
    },

    /**
     * Changes text and capacity (DESIGN.md: saved on the server, unlike SPEC §4's local edit).
     * One conditional UPDATE, so a concurrent accept can never leave capacity below the seats taken.
     * 404 unknown; 403 not the author; 409 capacity below `currentParticipants` (SPEC §4).
     */
    async update(userId: number, id: number, body: ScheduleUpdateBody): Promise<Schedule> {
      const text = cleanText(body.text);
      const [updated] = await db
        .update(schedules)
        .set({ text, participants: body.participants, updatedAt: now() })
        .where(and(eq(schedules.id, id), eq(schedules.userId, userId), lte(schedules.currentParticipants, body.participants)))
        .returning({ id: schedules.id });
      if (!updated) {
        const [s] = await db.select({ userId: schedules.userId }).from(schedules).where(eq(schedules.id, id));
        if (!s) throw new AppError(404, 'NOT_FOUND', SCHEDULE_MSG.notFound);
        if (s.userId !== userId) throw new AppError(403, 'FORBIDDEN', SCHEDULE_MSG.notAuthorEdit);
        throw new AppError(409, 'CAPACITY_BELOW_PARTICIPANTS', SCHEDULE_MSG.capacityBelowParticipants);
      }
      return (await byId(id))!;
    },

    /**
     * Deletes the author's schedule with its match requests and their chats, in one transaction
     * (SPEC §6: the server allows deleting only one's own). 404 unknown; 403 otherwise.
     * Answers a `schedule_deleted` event for each requester whose request was not rejected (issue
     * #14: a live notification to them, which also ends the match's chat).
     */
    async remove(userId: number, id: number): Promise<MatchEvent[]> {
      const [host] = await db
        .select({ id: users.id, name: users.name, profileImage: users.profileImage, ownerId: schedules.userId })
        .from(schedules)
        .innerJoin(users, eq(users.id, userId))
        .where(eq(schedules.id, id));
      if (!host) throw new AppError(404, 'NOT_FOUND', SCHEDULE_MSG.notFound);
      if (host.ownerId !== userId) throw new AppError(403, 'FORBIDDEN', SCHEDULE_MSG.notAuthorDelete);
      // Lock order as in accept/delete-match: the requests first, then the schedule.
      const removed = await db.transaction(async (tx) => {
        const ids = (await tx.select({ id: matchRequests.id }).from(matchRequests).where(eq(matchRequests.scheduleId, id))).map((m) => m.id);
        await deleteMatchChats(tx, ids);
        const gone = await tx
          .delete(matchRequests)
          .where(eq(matchRequests.scheduleId, id))
          .returning({ id: matchRequests.id, requesterId: matchRequests.requesterId, status: matchRequests.status });
        const [deleted] = await tx.delete(schedules).where(and(eq(schedules.id, id), eq(schedules.userId, userId))).returning({ id: schedules.id });
        if (!deleted) throw new AppError(404, 'NOT_FOUND', SCHEDULE_MSG.notFound);
        return gone;
      });
      const fromUser = { id: host.id, name: host.name, profileImage: host.profileImage };
      return removed
        .filter((m) => m.status !== 'REJECTED')
        .map((m) => ({ type: 'schedule_deleted' as const, matchId: m.id, scheduleId: id, toUserId: m.requesterId, fromUser }));
    },

    /**
     * A random match (SPEC §7 GET /api/schedules/random, issue #3): among schedules that are not
     * mine, dated in the window (KST), not full and not already requested by me (any status),
     * ranks by the number of preferences that are `true` for both me and the author, then the
     * soonest (date, hour), and picks one of the best `RANDOM_TOP_N` with `random`.
     * 404 '현재 매칭 가능한 상대가 없습니다.' when there is none.
     */
    async random(userId: number): Promise<Schedule> {
      const { first, last } = scheduleWindow(now());
      const overlap = sql<number>`(
        select count(*)::int from jsonb_each(${users.preferences}) as p(key, value)
        where p.value = 'true'::jsonb
          and ((select me.preferences from ${users} as me where me.id = ${userId}) -> p.key) = 'true'::jsonb
      )`;
      const rows = await db
        .select({ ...viewColumns, overlap })
        .from(schedules)
        .innerJoin(users, eq(users.id, schedules.userId))
        .where(
          and(
            ne(schedules.userId, userId),
            gte(schedules.date, first),
            lte(schedules.date, last),
            lt(schedules.currentParticipants, schedules.participants),
            notExists(
              db
                .select({ one: sql`1` })
                .from(matchRequests)
                .where(and(eq(matchRequests.scheduleId, schedules.id), eq(matchRequests.requesterId, userId))),
            ),
          ),
        )
        .orderBy(desc(overlap), ...order)
        .limit(RANDOM_TOP_N);
      if (rows.length === 0) throw new AppError(404, 'NO_MATCH_AVAILABLE', SCHEDULE_MSG.noRandomMatch);
      const pick = Math.min(rows.length - 1, Math.max(0, Math.floor(random() * rows.length)));
      return toSchedule(rows[pick]!);
    },
  };
}
