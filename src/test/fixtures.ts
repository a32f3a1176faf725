import type { MatchRequest } from '@common/api/matches';
import type { Schedule } from '@common/api/schedules';
import type { MemberStats, User } from '@common/api/users';
import { mealStartsAt, todayKst } from '@common/domain/schedule';
import { vi } from 'vitest';

/** An unsigned JWT-shaped token whose `exp` is `expMs` (ms since the epoch). */
export function fakeJwt(expMs: number, sub = '1'): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub, exp: Math.floor(expMs / 1000) })}.signature`;
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    name: '김밥상',
    email: 'bap@example.com',
    age: 29,
    bio: null,
    profileImage: null,
    preferences: { 한식: true },
    neighbourhood: null,
    reviewCount: 0,
    averageRating: 0,
    isNewUser: false,
    hasPassword: true,
    safetyGuideSeen: true,
    consentRequired: false,
    ...overrides,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

/** Stubs `fetch` with a table of `'METHOD /path'` → handler; anything else answers 404. */
export function mockFetch(routes: Record<string, Handler>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0] ?? url;
    const key = `${init?.method ?? 'GET'} ${path}`;
    const handler = routes[key];
    if (!handler) return jsonResponse({ message: 'not found' }, 404);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** A member's reliability figures (issue #15), zero unless given. */
export function memberStats(overrides: Partial<MemberStats> = {}): MemberStats {
  return { mealCount: 0, noShowCount: 0, lateCancelCount: 0, ...overrides };
}

/** A member as a match shows them (id, name, image and their figures). */
export function memberRef(id: number, name: string, overrides: Partial<MatchRequest['requester']> = {}): MatchRequest['requester'] {
  return { id, name, profileImage: null, ...memberStats(), ...overrides };
}

/**
 * A match request as the lists answer it (issue #15 fields filled in): a meal at `date` `time`
 * KST, 4 seats, nothing cancelled, arrived or answered. `schedule` overrides are merged.
 */
export function makeMatchRequest(
  overrides: Omit<Partial<MatchRequest>, 'schedule'> & { schedule?: Partial<MatchRequest['schedule']> } = {},
): MatchRequest {
  const { schedule, ...rest } = overrides;
  const date = schedule?.date ?? '2026-11-24';
  const time = schedule?.time ?? 18;
  const start = schedule?.startsAt ? Date.parse(schedule.startsAt) : mealStartsAt(date, time).getTime();
  return {
    id: 1,
    status: 'PENDING',
    requester: memberRef(2, '신청자'),
    hostReviewed: false,
    requesterReviewed: false,
    cancelledBy: null,
    cancelReason: null,
    cancelledAt: null,
    lateCancel: false,
    waitlisted: false,
    arrivedAt: { host: null, requester: null },
    attendance: { byHost: null, byRequester: null },
    createdAt: '2026-11-20T10:00:00.000Z',
    // Issue #28: late from start − 24 h, absence reports from start + 30 min, reviews from start + 90 min.
    lateCancelFrom: new Date(start - 24 * 3_600_000).toISOString(),
    absentReportFrom: new Date(start + 30 * 60_000).toISOString(),
    reviewOpensAt: new Date(start + 90 * 60_000).toISOString(),
    absence: { host: null, requester: null },
    scheduleChangedAt: null,
    ...rest,
    schedule: {
      id: 50,
      member: memberRef(1, '호스트'),
      placeName: '식당',
      text: '같이 저녁',
      participants: 4,
      currentParticipants: 1,
      isFull: false,
      cancelled: false,
      ...schedule,
      date,
      time,
      startsAt: schedule?.startsAt ?? mealStartsAt(date, time).toISOString(),
    },
  };
}

/**
 * A schedule as `GET /api/schedules` answers it: today (KST) at 12 + (id % 10) h unless `extra`
 * says otherwise, 1 of 4 seats taken, no venue, hosted by 회원2; `startsAt` follows date and time.
 */
export function makeSchedule(id: number, extra: Partial<Schedule> = {}): Schedule {
  const date = extra.date ?? todayKst();
  const time = extra.time ?? 12 + (id % 10);
  return {
    id,
    date,
    time,
    text: `약속${id}`,
    placeName: `식당${id}`,
    placeCategory: '한식',
    participants: 4,
    currentParticipants: 1,
    latitude: null,
    longitude: null,
    venueId: null,
    startsAt: mealStartsAt(date, time).toISOString(),
    isFull: false,
    myRequestStatus: null,
    user: { id: 2, name: '회원2', profileImage: null, preferences: {}, reviewCount: 0, averageRating: 0, ...memberStats() },
    ...extra,
  };
}
