/**
 * Test fixtures for schedules and matches: KST dates computed independently of the code under test
 * (plain UTC arithmetic + 9 h), a valid create body, and small call helpers.
 */
import type { ScheduleCreateBody } from '../../common/api/schedules.ts';
import { eq } from 'drizzle-orm';
import { schedules } from '../db/schema.ts';
import type { TestApp } from './helper.ts';
import { nextLinkTarget } from '../../common/paging.ts';

const DAY = 24 * 60 * 60 * 1000;
const KST_OFFSET = 9 * 60 * 60 * 1000;

/** The KST calendar date `days` after the KST date of `at` (`YYYY-MM-DD`). */
export function kstDate(at: Date, days = 0): string {
  return new Date(at.getTime() + KST_OFFSET + days * DAY).toISOString().slice(0, 10);
}

/** The instant of KST midnight starting the KST day `days` after the KST day of `at`. */
export function kstMidnight(at: Date, days = 0): Date {
  const d = kstDate(at, days);
  return new Date(Date.parse(`${d}T00:00:00Z`) - KST_OFFSET);
}

/** Noon (KST) of today's KST date — a time far from any date boundary. */
export function kstNoonToday(): Date {
  return new Date(kstMidnight(new Date()).getTime() + 12 * 60 * 60 * 1000);
}

/** A valid `POST /api/schedules` body (date: `days` after today per the app's clock). */
export function scheduleBody(t: TestApp, over: Partial<ScheduleCreateBody> & { days?: number } = {}): ScheduleCreateBody {
  const { days = 1, ...rest } = over;
  return { date: kstDate(t.clock.now(), days), time: 12, text: '같이 점심 드실 분', placeName: '광화문 국밥집', placeCategory: '한식', participants: 4, ...rest };
}

/** Creates a schedule through the API; answers its id (throws unless 201). */
export async function createSchedule(t: TestApp, headers: Record<string, string>, over: Partial<ScheduleCreateBody> & { days?: number } = {}): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/schedules', headers, payload: scheduleBody(t, over) });
  if (res.statusCode !== 201) throw new Error(`create schedule: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: number }).id;
}

/** Requests a match through the API; answers the new request's id (throws unless 201). */
export async function requestMatch(t: TestApp, headers: Record<string, string>, scheduleId: number): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/matches', headers, payload: { scheduleId } });
  if (res.statusCode !== 201) throw new Error(`request match: ${res.statusCode} ${res.body}`);
  const sent = await t.app.inject({ url: '/api/matches/sent', headers });
  const mine = (sent.json() as Array<{ id: number; schedule: { id: number } }>).find((m) => m.schedule.id === scheduleId);
  return mine!.id;
}

/** `POST /api/matches/{id}/{action}` as `headers`. */
export function act(t: TestApp, headers: Record<string, string>, id: number | string, action: 'accept' | 'reject' | 'confirm') {
  return t.app.inject({ method: 'POST', url: `/api/matches/${id}/${action}`, headers });
}

/**
 * Every page of a paged list (issue #19), following `Link: <…>; rel="next"` from `url`; throws on a
 * non-200 answer or a page that repeats a row.
 */
export async function allPages<T extends { id: number }>(t: TestApp, headers: Record<string, string>, url: string): Promise<T[]> {
  const out: T[] = [];
  for (let next: string | null = url; next; ) {
    const res = await t.app.inject({ url: next, headers });
    if (res.statusCode !== 200) throw new Error(`${next}: ${res.statusCode} ${res.body}`);
    out.push(...(res.json() as T[]));
    next = nextLinkTarget(res.headers.link as string | undefined);
  }
  if (new Set(out.map((r) => r.id)).size !== out.length) throw new Error(`${url}: a row came twice`);
  return out;
}

/** The schedule `id` as `GET /api/schedules` answers it (undefined when not in the window; every page read). */
export async function scheduleInList(t: TestApp, headers: Record<string, string>, id: number) {
  const list = await allPages<{ id: number; currentParticipants: number; participants: number }>(t, headers, '/api/schedules?limit=100');
  return list.find((s) => s.id === id);
}

/**
 * Moves schedule `id` to yesterday (KST, same hour), so its meal has happened while the test clock
 * stays where it is (issue #15: reviews and attendance come after the start). Direct SQL on purpose:
 * the API refuses past dates.
 */
export async function mealHappened(t: TestApp, id: number): Promise<void> {
  await t.app.db.update(schedules).set({ date: kstDate(t.clock.now(), -1) }).where(eq(schedules.id, id));
}
