/**
 * 안전 공유 and the safety guide (issue #17 item 9), through the API on a real database: only the
 * meal's participants make or end links; a link shows the place, date, hour and nicknames without
 * a login, and answers 404 once revoked, replaced or expired (6 h after the start).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareLinks } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { act, createSchedule, requestMatch } from '../../test/schedule-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  t.clock.reset();
  await t?.close();
});

type Member = Awaited<ReturnType<TestApp['quickMember']>>;

/** A schedule of `host` tomorrow at 19:00 at 을지로 냉면집, requested by `guest`, accepted. */
async function acceptedMatch(host: Member, guest: Member): Promise<number> {
  const id = await requestMatch(t, guest.headers, await createSchedule(t, host.headers, { time: 19, placeName: '을지로 냉면집' }));
  expect((await act(t, host.headers, id, 'accept')).statusCode).toBe(200);
  return id;
}

const tokenOf = (url: string) => url.split('/s/')[1]!;
const read = (token: string) => t.app.inject({ url: `/api/share/${token}` });

describe('안전 공유', () => {
  it('a participant shares; anyone with the link reads place, date, hour and nicknames; revoking ends it', async () => {
    const host = await t.quickMember({ name: '호스트' });
    const guest = await t.quickMember({ name: '게스트' });
    const matchId = await acceptedMatch(host, guest);

    const made = await t.app.inject({ method: 'POST', url: `/api/matches/${matchId}/share`, headers: guest.headers });
    expect(made.statusCode).toBe(201);
    const { url, expiresAt } = made.json() as { url: string; expiresAt: string };
    expect(url.startsWith(`${t.config.publicUrl}/s/`)).toBe(true);

    const shared = await read(tokenOf(url));
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['cache-control']).toBe('no-store');
    const body = shared.json();
    expect(body).toMatchObject({ placeName: '을지로 냉면집', time: 19, sharedBy: '게*트', partnerName: '호*트', cancelled: false, expiresAt });
    // Valid until 6 h after the start (19:00 KST of the schedule's date).
    expect(Date.parse(expiresAt)).toBe(Date.parse(`${body.date}T19:00:00+09:00`) + 6 * 60 * 60 * 1000);
    // Only a hash of the token is stored.
    const rows = await t.app.db.select().from(shareLinks).where(eq(shareLinks.matchId, matchId));
    expect(rows.map((r) => r.tokenHash)).not.toContain(tokenOf(url));

    expect((await t.app.inject({ method: 'DELETE', url: `/api/matches/${matchId}/share`, headers: guest.headers })).statusCode).toBe(204);
    const gone = await read(tokenOf(url));
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ code: 'LINK_GONE', message: '공유가 끝났거나 없는 링크예요.' });
  });

  it('a new link replaces the older one; the host sees itself as the sharer; a cancellation shows on the page', async () => {
    const host = await t.quickMember({ name: '방장' });
    const guest = await t.quickMember({ name: '손님' });
    const matchId = await acceptedMatch(host, guest);
    const share = async () => (await t.app.inject({ method: 'POST', url: `/api/matches/${matchId}/share`, headers: host.headers })).json().url as string;
    const first = await share();
    const second = await share();
    expect((await read(tokenOf(first))).statusCode).toBe(404);
    expect((await read(tokenOf(second))).json()).toMatchObject({ sharedBy: '방*', partnerName: '손*' });

    expect((await t.app.inject({ method: 'POST', url: `/api/matches/${matchId}/cancel`, headers: guest.headers, payload: {} })).statusCode).toBe(200);
    expect((await read(tokenOf(second))).json().cancelled).toBe(true);
  });

  it('refuses strangers (403), unknown matches (404) and pending requests (409)', async () => {
    const host = await t.quickMember();
    const guest = await t.quickMember();
    const stranger = await t.quickMember();
    const pending = await requestMatch(t, guest.headers, await createSchedule(t, host.headers));
    expect((await t.app.inject({ method: 'POST', url: `/api/matches/${pending}/share`, headers: guest.headers })).json().code).toBe('NOT_SHAREABLE');
    expect((await t.app.inject({ method: 'POST', url: `/api/matches/${pending}/share`, headers: stranger.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/matches/${pending}/share`, headers: stranger.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/matches/999999/share', headers: guest.headers })).statusCode).toBe(404);
  });

  it('a link stops working 6 h after the start', async () => {
    const host = await t.quickMember();
    const guest = await t.quickMember();
    const matchId = await acceptedMatch(host, guest);
    const { url, expiresAt } = (await t.app.inject({ method: 'POST', url: `/api/matches/${matchId}/share`, headers: guest.headers })).json();
    t.clock.set(Date.parse(expiresAt) - 60_000);
    try {
      expect((await read(tokenOf(url))).statusCode).toBe(200);
      t.clock.set(Date.parse(expiresAt) + 1);
      expect((await read(tokenOf(url))).statusCode).toBe(404);
      // And no new link once the window is over.
      expect((await t.app.inject({ method: 'POST', url: `/api/matches/${matchId}/share`, headers: guest.headers })).json().code).toBe('MEAL_OVER');
    } finally {
      t.clock.reset();
    }
  });
});

describe('the safety guide', () => {
  it('is unseen for a new member and seen after POST /api/user/safety-guide', async () => {
    const m = await t.quickMember();
    expect((await t.app.inject({ url: '/api/user/me', headers: m.headers })).json().safetyGuideSeen).toBe(false);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/safety-guide', headers: m.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/safety-guide', headers: m.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/user/me', headers: m.headers })).json().safetyGuideSeen).toBe(true);
  });
});
