/**
 * Match states built through the API (faster than the UI where a spec is about something else).
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { addDaysIso, todayKst } from '../../common/domain/schedule.ts';
import type { Member } from './members.ts';
import { CONTROL_URL } from './ports.ts';

/** The bearer header of a member. */
export const authHeader = (m: Pick<Member, 'token'>) => ({ authorization: `Bearer ${m.token}` });

/**
 * `host` offers lunch (12 h KST) tomorrow at `placeName` for two, `guest` asks to join.
 * Returns the id of the PENDING match request.
 */
export async function requestedMatch(request: APIRequestContext, host: Member, guest: Member, placeName: string): Promise<number> {
  const created = await request.post('/api/schedules', {
    headers: authHeader(host),
    data: { date: addDaysIso(todayKst(), 1), time: 12, text: '같이 점심', placeName, placeCategory: '한식', participants: 2 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const scheduleId = ((await created.json()) as { id: number }).id;
  const asked = await request.post('/api/matches', { headers: authHeader(guest), data: { scheduleId } });
  expect(asked.status(), await asked.text()).toBe(201);
  const sent = (await (await request.get('/api/matches/sent', { headers: authHeader(guest) })).json()) as Array<{ id: number; schedule: { id: number } }>;
  const match = sent.find((m) => m.schedule.id === scheduleId);
  if (!match) throw new Error('the match request is not in the sent list');
  return match.id;
}

/**
 * Makes the meal of schedule `scheduleId` have happened (moved to yesterday on the e2e server's
 * control port), so reviews and attendance are open (issue #15).
 */
export async function mealHappened(request: APIRequestContext, scheduleId: number): Promise<void> {
  const res = await request.post(`${CONTROL_URL}/meal-happened`, { data: { scheduleId } });
  expect(res.status(), await res.text()).toBe(204);
}

/** Moves the meal of schedule `scheduleId` to today at the current KST hour: it started within the hour (issue #28). */
export async function mealStartedThisHour(request: APIRequestContext, scheduleId: number): Promise<void> {
  const res = await request.post(`${CONTROL_URL}/meal-now`, { data: { scheduleId } });
  expect(res.status(), await res.text()).toBe(204);
}
