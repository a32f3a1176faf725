/**
 * Calendar export of a match (issue #15 item 9): `GET /api/matches/{id}/calendar.ics` answers an
 * iCalendar file (RFC 5545, written by ical-generator) with one VEVENT for the meal, so either
 * participant can add it to their phone's calendar ("캘린더에 추가").
 *
 * The event: DTSTART/DTEND with `TZID=Asia/Seoul` and a VTIMEZONE for it (KST, UTC+09:00 all year:
 * Korea has had no daylight saving time since 1988), so calendars show the meal at the KST hour the
 * members agreed on wherever the phone is; 90 minutes long; `UID:match-{id}@{hostname of
 * PUBLIC_URL}` (the same on every download, so importing it again updates instead of duplicating);
 * `SUMMARY:밥상친구: {placeName}`; `LOCATION`: the venue's road address, else its lot address
 * (`venues`, joined by `schedules.venue_id`), else the place name; `DESCRIPTION` names the partner.
 */
import { MEAL_MINUTES_DEFAULT } from '../../../../common/domain/match-status.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TZDate } from '@date-fns/tz';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import ical from 'ical-generator';
import { Type } from 'typebox';
import { IdParams } from '../../../../common/api/schedules.ts';
import { matchRequests, schedules, users, venues } from '../../../db/schema.ts';
import type { Database } from '../../../db/database.ts';
import { BEARER } from '../../../plugins/docs.ts';
import type { Clock } from '../../../lib/clock.ts';
import { AppError } from '../../../lib/errors.ts';
import { errorResponses } from '../../../lib/http.ts';
import { format, ko } from '../../../../common/i18n/ko.ts';

/** How long the calendar event lasts by default (issue #15: 90 min; MEAL_MINUTES, issue #28 item 6). */
export const MEAL_DURATION_MINUTES = MEAL_MINUTES_DEFAULT;

/** The time zone of every meal (SPEC §5: dates and hours are KST). */
const SEOUL = 'Asia/Seoul';

/**
 * The VTIMEZONE of Asia/Seoul: UTC+09:00 with no daylight saving time (none since 1988), enough
 * for every meal the app can hold. ical-generator asks for it through its `generator` hook.
 */
export const SEOUL_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Asia/Seoul',
  'X-LIC-LOCATION:Asia/Seoul',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0900',
  'TZOFFSETTO:+0900',
  'TZNAME:KST',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/** Korean answers of the calendar export. */
export const CALENDAR_MSG = {
  notFound: '매칭 요청을 찾을 수 없습니다.',
  notParticipant: '본인의 약속만 캘린더에 추가할 수 있어요.',
  notAgreed: '수락되거나 확정된 약속만 캘린더에 추가할 수 있어요.',
} as const;

const host = alias(users, 'host');
const requester = alias(users, 'requester');

/**
 * The iCalendar text of match `matchId` for member `userId` (see the module comment).
 * `uidHost` is the right-hand side of the UID (PUBLIC_URL's host name); `now` stamps DTSTAMP.
 * @throws 404 NOT_FOUND unknown match; 403 FORBIDDEN the caller is neither the host nor the
 *         requester; 409 NOT_AGREED unless the match is ACCEPTED or CONFIRMED.
 */
export async function matchCalendar(db: Database, matchId: number, userId: number, uidHost: string, now: Date, mealMinutes = MEAL_DURATION_MINUTES): Promise<string> {
  const [m] = await db
    .select({
      status: matchRequests.status,
      startsAt: schedules.startsAt,
      placeName: schedules.placeName,
      roadAddress: venues.roadAddressName,
      address: venues.addressName,
      hostId: host.id,
      hostName: host.name,
      requesterId: requester.id,
      requesterName: requester.name,
    })
    .from(matchRequests)
    .innerJoin(schedules, eq(schedules.id, matchRequests.scheduleId))
    .innerJoin(host, eq(host.id, schedules.userId))
    .innerJoin(requester, eq(requester.id, matchRequests.requesterId))
    .leftJoin(venues, eq(venues.id, schedules.venueId))
    .where(eq(matchRequests.id, matchId));
  if (!m) throw new AppError(404, 'NOT_FOUND', CALENDAR_MSG.notFound);
  if (m.hostId !== userId && m.requesterId !== userId) throw new AppError(403, 'FORBIDDEN', CALENDAR_MSG.notParticipant);
  if (m.status !== 'ACCEPTED' && m.status !== 'CONFIRMED') throw new AppError(409, 'NOT_AGREED', CALENDAR_MSG.notAgreed);

  const partner = m.hostId === userId ? m.requesterName : m.hostName;
  const start = m.startsAt;
  const end = new Date(start.getTime() + mealMinutes * 60 * 1000);
  const location = m.roadAddress?.trim() || m.address?.trim() || m.placeName;
  const calendar = ical({ prodId: { company: 'bapsang-chingu', product: 'babsang', language: 'KO' }, name: ko.app.name });
  calendar.timezone({ name: null, generator: (tz) => (tz === SEOUL ? SEOUL_VTIMEZONE : null) });
  calendar.createEvent({
    id: `match-${matchId}@${uidHost}`,
    // TZDate makes ical-generator write the wall-clock time in Seoul, whatever the server's zone.
    start: new TZDate(start, SEOUL),
    end: new TZDate(end, SEOUL),
    timezone: SEOUL,
    stamp: now,
    summary: format(ko.calendarFile.summary, { place: m.placeName }),
    location,
    description: format(ko.calendarFile.description, { partner, status: ko.vocabulary.matchStatus[m.status] }),
  });
  return calendar.toString();
}

/** Registers `GET /api/matches/{id}/calendar.ics`. `publicUrl` is PUBLIC_URL (its host name names the UIDs). */
export const calendarRoutes: FastifyPluginAsyncTypebox<{ now: Clock; publicUrl: string; mealMinutes?: number }> = async (app, opts) => {
  const uidHost = new URL(opts.publicUrl).hostname;

  app.get(
    '/api/matches/:id/calendar.ics',
    {
      preHandler: [app.requireAuth],
      schema: {
        tags: ['matches'],
        summary: '약속을 캘린더에 추가 (iCalendar)',
        description:
          'Issue #15: the meal of an ACCEPTED or CONFIRMED match as an iCalendar file (RFC 5545), for its two participants only. ' +
          '200 `text/calendar; charset=utf-8` with `Content-Disposition: attachment; filename="babsang-{id}.ics"`: one VCALENDAR with a VTIMEZONE for Asia/Seoul (UTC+09:00) ' +
          'and one VEVENT — DTSTART;TZID=Asia/Seoul the meal\'s KST date and hour, DTEND MEAL_MINUTES (default 90) later, UID `match-{id}@{host name of PUBLIC_URL}` (stable: ' +
          're-importing updates the same event), SUMMARY `밥상친구: {placeName}`, LOCATION the venue\'s road address, else its lot address, else the place name, ' +
          "DESCRIPTION naming the partner. Errors (JSON { message, code }): 400 non-numeric id; 401 anonymous; 404 NOT_FOUND unknown match; " +
          `403 FORBIDDEN '${CALENDAR_MSG.notParticipant}' not a participant; 409 NOT_AGREED '${CALENDAR_MSG.notAgreed}' for PENDING, REJECTED and CANCELLED.`,
        security: BEARER,
        params: IdParams,
        response: {
          200: {
            description: 'iCalendar file (one VEVENT)',
            content: { 'text/calendar': { schema: Type.String({ description: 'RFC 5545 text, CRLF line ends' }) } },
          },
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const text = await matchCalendar(app.db, id, request.user!.id, uidHost, opts.now(), opts.mealMinutes);
      return reply
        .code(200)
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="babsang-${id}.ics"`)
        .header('cache-control', 'private, no-store')
        .send(text);
    },
  );
};
