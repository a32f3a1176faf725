/**
 * The soak's invariant checker (issue #32 item 8, soak/invariants.ts): good facts pass every
 * invariant; facts that break one invariant fail that one and only that one.
 */
import { describe, expect, it } from 'vitest';
import { checkInvariants, SEAT_NOTICE_WINDOW_MS, type SoakFacts } from './invariants.ts';

const minute = 1_000 * SEAT_NOTICE_WINDOW_MS;

/** A consistent run: two meals, acknowledged messages stored once, one notice per change. */
function good(): SoakFacts {
  return {
    meals: [
      { id: 1, participants: 4, currentParticipants: 3, seatedGuests: 2 },
      { id: 2, participants: 2, currentParticipants: 1, seatedGuests: 0 },
    ],
    acked: [
      { kind: 'match', senderId: 10, clientId: 'a' },
      { kind: 'match', senderId: 10, clientId: 'a' },
      { kind: 'table', senderId: 11, clientId: 'b' },
    ],
    stored: [
      { kind: 'match', senderId: 10, clientId: 'a', count: 1 },
      { kind: 'table', senderId: 11, clientId: 'b', count: 1 },
      // Stored but never acknowledged (the RECEIPT lost in a kill): fine.
      { kind: 'table', senderId: 11, clientId: 'c', count: 1 },
    ],
    notices: [
      { id: 1, userId: 11, type: 'match_accepted', matchId: 5, scheduleId: 1, createdAt: minute },
      { id: 2, userId: 12, type: 'match_accepted', matchId: 6, scheduleId: 1, createdAt: minute },
      { id: 3, userId: 13, type: 'schedule_full', matchId: null, scheduleId: 1, createdAt: minute },
      // The same flip a window later is a new change.
      { id: 4, userId: 13, type: 'schedule_full', matchId: null, scheduleId: 1, createdAt: minute + SEAT_NOTICE_WINDOW_MS },
      { id: 5, userId: 10, type: 'new_message', matchId: 5, scheduleId: 1, createdAt: minute },
    ],
    live: [
      { userId: 11, noticeId: 1, type: 'match_accepted' },
      { userId: 10, noticeId: 5, type: 'new_message' },
      { userId: 10, noticeId: 5, type: 'new_message' },
    ],
    accepted: [
      { matchId: 5, requesterId: 11, hostId: 10 },
      { matchId: 6, requesterId: 12, hostId: 10 },
      // Blocked after: no notice passes between them (issue #17).
      { matchId: 7, requesterId: 14, hostId: 10 },
    ],
    blockedPairs: [[10, 14]],
    serverErrors: [],
    memory: [
      { instance: 'app1', peakRssMb: 300 },
      { instance: 'app2', peakRssMb: 320 },
    ],
    memoryBoundMb: 700,
  };
}

const failing = (f: SoakFacts) =>
  checkInvariants(f)
    .filter((r) => !r.pass)
    .map((r) => r.name.slice(0, 3));

describe('soak invariants', () => {
  it('a consistent run passes all six', () => {
    const results = checkInvariants(good());
    expect(results.map((r) => [r.name.slice(0, 3), r.pass])).toEqual([
      ['(a)', true],
      ['(b)', true],
      ['(c)', true],
      ['(d)', true],
      ['(e)', true],
      ['(f)', true],
    ]);
  });

  it('(a) a meal with more seated than its capacity fails', () => {
    const f = good();
    f.meals[1] = { id: 2, participants: 2, currentParticipants: 3, seatedGuests: 2 };
    expect(failing(f)).toEqual(['(a)']);
    expect(checkInvariants(f)[0]!.figures).toContain('meal 2');
  });

  it('(b) a counter that disagrees with the seated guests fails', () => {
    const f = good();
    f.meals[0] = { id: 1, participants: 4, currentParticipants: 4, seatedGuests: 2 };
    expect(failing(f)).toEqual(['(b)']);
  });

  it('(c) an acknowledged message missing, or stored twice, fails', () => {
    const lost = good();
    lost.stored = lost.stored.filter((s) => s.clientId !== 'b');
    expect(failing(lost)).toEqual(['(c)']);
    const twice = good();
    twice.stored[0] = { ...twice.stored[0]!, count: 2 };
    expect(failing(twice)).toEqual(['(c)']);
    // The same client-id in the other kind of chat is another message.
    const otherKind = good();
    otherKind.stored = otherKind.stored.map((s) => (s.clientId === 'b' ? { ...s, kind: 'match' as const } : s));
    expect(failing(otherKind)).toEqual(['(c)']);
  });

  it('(d) a repeated notice or an acceptance never told fails; a live redelivery under the same id (shown once by the app) is counted, not failed', () => {
    const repeated = good();
    repeated.notices.push({ id: 9, userId: 11, type: 'match_accepted', matchId: 5, scheduleId: 1, createdAt: minute + 5 });
    expect(failing(repeated)).toEqual(['(d)']);
    const flip = good();
    flip.notices.push({ id: 9, userId: 13, type: 'schedule_full', matchId: null, scheduleId: 1, createdAt: minute + 500 });
    expect(failing(flip)).toEqual(['(d)']);
    const redelivered = good();
    redelivered.live.push({ userId: 11, noticeId: 1, type: 'match_accepted', at: 52_000 });
    expect(failing(redelivered)).toEqual([]);
    expect(checkInvariants(redelivered)[3]!.figures).toContain('1 redelivered under the same id');
    const untold = good();
    untold.notices = untold.notices.filter((n) => n.id !== 2);
    expect(failing(untold)).toEqual(['(d)']);
    expect(checkInvariants(untold)[3]!.figures).toContain('match 6: requester 12 has no match_accepted');
  });

  it('(e) any 5xx fails', () => {
    const f = good();
    f.serverErrors.push({ operation: 'accept', status: 500, detail: '{"code":"INTERNAL"}' });
    expect(failing(f)).toEqual(['(e)']);
  });

  it('(f) an instance above the memory bound, or no samples at all, fails', () => {
    const heavy = good();
    heavy.memory[1] = { instance: 'app2', peakRssMb: 701 };
    expect(failing(heavy)).toEqual(['(f)']);
    const none = good();
    none.memory = [];
    expect(failing(none)).toEqual(['(f)']);
  });
});
