import { describe, expect, it } from 'vitest';
import { availableActions, canTransition, isVisibleInList, MATCH_STATUSES, normaliseStatus, statusesBefore, type MatchStatus } from './match-status.ts';

const NOW = new Date('2026-12-14T08:00:00Z'); // 17:00 KST
const BEFORE = '2026-12-14T09:00:00.000Z'; // 18:00 KST, not started at NOW
const AFTER = '2026-12-14T07:00:00.000Z'; // 16:00 KST, started at NOW
const ENDED = '2026-12-14T06:00:00.000Z'; // 15:00 KST, started 2 h before NOW: reviews open (90 min)

describe('match request actions (SPEC §4, issue #15)', () => {
  it('compares statuses case-insensitively', () => {
    expect(normaliseStatus('accepted')).toBe('ACCEPTED');
    expect(normaliseStatus('cancelled')).toBe('CANCELLED');
    expect(normaliseStatus('bogus')).toBeNull();
  });

  it('offers accept and reject only to the host on PENDING, and no accept while waitlisted', () => {
    expect(availableActions({ status: 'PENDING', startsAt: BEFORE }, 'host', NOW)).toEqual(['accept', 'reject']);
    expect(availableActions({ status: 'PENDING', startsAt: BEFORE, waitlisted: true }, 'host', NOW)).toEqual(['reject']);
    // Issue #28 item 5: the requester withdraws; nobody is offered 목록에서 삭제 on a waiting request.
    expect(availableActions({ status: 'pending', startsAt: BEFORE }, 'requester', NOW)).toEqual(['withdraw']);
  });

  it('offers confirm to the host on ACCEPTED, chat and cancel to both before the meal', () => {
    expect(availableActions({ status: 'ACCEPTED', startsAt: BEFORE }, 'host', NOW)).toEqual(['confirm', 'chat', 'cancel', 'share']);
    expect(availableActions({ status: 'ACCEPTED', startsAt: BEFORE }, 'requester', NOW)).toEqual(['chat', 'cancel', 'share']);
  });

  it('offers the calendar before a confirmed meal, and review only once the meal ended to the side that has not reviewed', () => {
    expect(availableActions({ status: 'CONFIRMED', startsAt: BEFORE }, 'requester', NOW)).toEqual(['chat', 'cancel', 'calendar', 'share']);
    const m = { status: 'CONFIRMED', hostReviewed: true, requesterReviewed: false, startsAt: ENDED };
    expect(availableActions(m, 'host', NOW)).toEqual(['chat', 'share', 'hide']);
    expect(availableActions(m, 'requester', NOW)).toEqual(['chat', 'share', 'review', 'hide']);
    // Issue #28 item 6: started an hour ago, the meal has not ended (90 min): no review yet.
    expect(availableActions({ ...m, startsAt: AFTER }, 'requester', NOW)).toEqual(['chat', 'share', 'hide']);
    // The server's reviewOpensAt wins over the default length.
    expect(availableActions({ ...m, startsAt: AFTER, reviewOpensAt: AFTER }, 'requester', NOW)).toContain('review');
  });

  it('reads the start from the MatchRequest shape (schedule.startsAt) too', () => {
    expect(availableActions({ status: 'CONFIRMED', schedule: { startsAt: ENDED } }, 'host', NOW)).toEqual(['chat', 'share', 'review', 'hide']);
    expect(availableActions({ status: 'CONFIRMED', schedule: { startsAt: BEFORE } }, 'host', NOW)).toEqual(['chat', 'cancel', 'calendar', 'share']);
  });

  it('offers dispute to the side marked absent until its disputeUntil (issue #28 item 1)', () => {
    const later = new Date(NOW.getTime() + 60_000).toISOString();
    const m = { status: 'CONFIRMED', startsAt: ENDED, hostReviewed: true, requesterReviewed: true };
    expect(availableActions({ ...m, disputeUntil: { host: null, requester: later } }, 'requester', NOW)).toContain('dispute');
    expect(availableActions({ ...m, disputeUntil: { host: null, requester: later } }, 'host', NOW)).not.toContain('dispute');
    expect(availableActions({ ...m, disputeUntil: { host: null, requester: NOW.toISOString() } }, 'requester', NOW)).not.toContain('dispute');
  });

  it('offers 안전 공유 on ACCEPTED and CONFIRMED until 6 h after the start (issue #17)', () => {
    const sixHoursBefore = new Date(NOW.getTime() - 6 * 3_600_000 + 60_000).toISOString();
    const overSixHours = new Date(NOW.getTime() - 6 * 3_600_000).toISOString();
    expect(availableActions({ status: 'CONFIRMED', startsAt: sixHoursBefore, hostReviewed: true }, 'host', NOW)).toEqual(['chat', 'share', 'hide']);
    expect(availableActions({ status: 'CONFIRMED', startsAt: overSixHours, hostReviewed: true }, 'host', NOW)).toEqual(['chat', 'hide']);
    expect(availableActions({ status: 'PENDING', startsAt: BEFORE }, 'requester', NOW)).not.toContain('share');
  });

  it('lets a side remove an ended request from its list (목록에서 삭제 = hide): cancelled, rejected or started', () => {
    expect(availableActions({ status: 'CANCELLED', startsAt: BEFORE }, 'requester', NOW)).toEqual(['hide']);
    expect(availableActions({ status: 'REJECTED', startsAt: BEFORE }, 'host', NOW)).toEqual(['hide']);
    expect(availableActions({ status: 'PENDING', startsAt: AFTER }, 'host', NOW)).toEqual(['hide']);
  });

  it('hides REJECTED from both lists and CONFIRMED once that side reviewed; CANCELLED stays', () => {
    expect(isVisibleInList({ status: 'REJECTED' }, 'host')).toBe(false);
    expect(isVisibleInList({ status: 'REJECTED' }, 'requester')).toBe(false);
    const m = { status: 'CONFIRMED', hostReviewed: true, requesterReviewed: false };
    expect(isVisibleInList(m, 'host')).toBe(false);
    expect(isVisibleInList(m, 'requester')).toBe(true);
    expect(isVisibleInList({ status: 'PENDING' }, 'host')).toBe(true);
    expect(isVisibleInList({ status: 'CANCELLED' }, 'requester')).toBe(true);
  });
});

describe('the transition table (issue #28 item 8)', () => {
  const allowed: Record<MatchStatus, MatchStatus[]> = {
    PENDING: ['ACCEPTED', 'REJECTED', 'CANCELLED'],
    ACCEPTED: ['CONFIRMED', 'CANCELLED'],
    CONFIRMED: ['CANCELLED'],
    REJECTED: [],
    CANCELLED: [],
  };
  for (const from of MATCH_STATUSES) {
    for (const to of MATCH_STATUSES) {
      const expected = allowed[from].includes(to);
      it(`${from} → ${to} is ${expected ? 'allowed' : 'refused'}`, () => {
        expect(canTransition(from, to)).toBe(expected);
        expect(statusesBefore(to).includes(from)).toBe(expected);
      });
    }
  }
});
