/**
 * The live channel's authorization matrix (issue #32 item 5; ./authz-matrix.ts `LIVE_MATRIX`):
 * every registered destination has a row, and each cell — a SUBSCRIBE or SEND by the owner, a
 * guest, a stranger and a member in a block with the owner (both ways) over a real STOMP
 * connection — gets the expected outcome. Runs on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ERRORS_DESTINATION } from '../../common/realtime.ts';
import { listen, stompClient, waitFor } from '../realtime/test-clients.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { act, createSchedule, kstNoonToday, requestMatch } from './schedule-fixtures.ts';
import { LIVE_MATRIX, type LiveContext, type LiveOutcome, type LiveRole, type LiveRow } from './authz-matrix.ts';

type Member = Awaited<ReturnType<TestApp['quickMember']>>;
type Caller = Exclude<LiveRole, 'blocked'> | 'blocked by owner' | 'blocked owner';

let t: TestApp;
let url: string;
const callers = {} as Record<Caller, { who: Member; matchId: number; scheduleId: number }>;
let ownerId = 0;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(kstNoonToday());
  url = await listen(t);
  const owner = await t.quickMember({ name: '주인' });
  ownerId = owner.id;
  const guest = await t.quickMember({ name: '손님' });
  const stranger = await t.quickMember({ name: '낯선' });
  const blockedByOwner = await t.quickMember({ name: '차단된' });
  const blockerOfOwner = await t.quickMember({ name: '차단한' });
  /** A meal of the owner at `hour` today with `who` accepted: the match and the schedule. */
  const meal = async (who: Member, hour: number) => {
    const scheduleId = await createSchedule(t, owner.headers, { days: 0, time: hour });
    const matchId = await requestMatch(t, who.headers, scheduleId);
    expect((await act(t, owner.headers, matchId, 'accept')).statusCode).toBe(200);
    return { matchId, scheduleId };
  };
  const shared = await meal(guest, 20);
  const [one, two] = [await meal(blockedByOwner, 13), await meal(blockerOfOwner, 13)];
  // The 13:00 meals start; a block after the start leaves their matches open (issue #17).
  t.clock.advance(90 * 60 * 1000);
  const block = async (by: Member, userId: number) => expect((await t.app.inject({ method: 'POST', url: '/api/blocks', headers: by.headers, payload: { userId } })).statusCode).toBe(201);
  await block(owner, blockedByOwner.id);
  await block(blockerOfOwner, owner.id);
  callers.owner = { who: owner, ...shared };
  callers.member = { who: guest, ...shared };
  callers.stranger = { who: stranger, ...shared };
  callers['blocked by owner'] = { who: blockedByOwner, ...one };
  callers['blocked owner'] = { who: blockerOfOwner, ...two };
});
afterAll(async () => {
  await t.close();
});

let receiptSeq = 0;

/** Opens a connection as `who`, sends one frame to `destination`, and answers what came of it. */
async function outcome(who: Member, frame: LiveRow['frame'], destination: string): Promise<{ outcome: LiveOutcome; error?: string }> {
  const c = stompClient(url, who.token);
  try {
    await c.connected;
    const errors = c.subscribe(USER_ERRORS_DESTINATION);
    await c.sync();
    if (frame === 'SUBSCRIBE') {
      c.subscribe(destination);
      await Promise.race([c.sync(), c.closed]);
      if (errors.length > 0) return { outcome: 'queued', error: (JSON.parse(errors[0]!.body) as { message: string }).message };
    } else {
      let receipted = false;
      const receipt = `live-matrix-${++receiptSeq}`;
      c.client.watchForReceipt(receipt, () => (receipted = true));
      c.client.publish({ destination, body: JSON.stringify({ content: '매트릭스' }), headers: { receipt } });
      await waitFor(() => receipted || c.isClosed() || errors.length > 0);
      if (errors.length > 0) return { outcome: 'queued', error: (JSON.parse(errors[0]!.body) as { message: string }).message };
    }
    if (c.isClosed()) return { outcome: 'refused', error: c.errors[0]?.headers.message };
    return { outcome: 'ok' };
  } finally {
    await c.stop();
  }
}

describe('live channel authorization matrix (issue #32 item 5)', () => {
  it('has a row for every destination a client may SUBSCRIBE or SEND to', () => {
    const { topics, sends } = t.app.liveDestinations.patterns();
    const rows = (frame: LiveRow['frame']) => new Set(LIVE_MATRIX.filter((r) => r.frame === frame).map((r) => r.pattern));
    expect([...topics, USER_ERRORS_DESTINATION].filter((p) => !rows('SUBSCRIBE').has(p)), 'add these to LIVE_MATRIX in server/test/authz-matrix.ts').toEqual([]);
    expect(sends.filter((p) => !rows('SEND').has(p)), 'add these to LIVE_MATRIX in server/test/authz-matrix.ts').toEqual([]);
  });

  const roleOf = (caller: Caller): LiveRole => (caller === 'blocked by owner' || caller === 'blocked owner' ? 'blocked' : caller);
  const cells = LIVE_MATRIX.flatMap((row) =>
    (['owner', 'member', 'stranger', 'blocked by owner', 'blocked owner'] as const).map((caller) => [`${row.frame} ${row.pattern} as ${caller}: ${row[roleOf(caller)]}`, row, caller] as const),
  );

  it.each(cells)('%s', async (_name, row: LiveRow, caller: Caller) => {
    const { who, matchId, scheduleId } = callers[caller];
    const context: LiveContext = { ownerId, matchId, scheduleId };
    const got = await outcome(who, row.frame, row.destination(context));
    expect(got.outcome).toBe(row[roleOf(caller)]);
    if (got.outcome !== 'ok') expect(got.error).toMatch(/[가-힣]/);
  });
});
