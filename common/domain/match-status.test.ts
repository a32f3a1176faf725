import { describe, expect, it } from 'vitest';
import { availableActions, isVisibleInList, normaliseStatus } from './match-status.ts';

const NOW = new Date('2026-12-14T08:00:00Z'); // 17:00 KST
const BEFORE = '2026-12-14T09:00:00.000Z'; // 18:00 KST, not started at NOW
const AFTER = '2026-12-14T07:00:00.000Z'; // 16:00 KST, started at NOW

describe('match request actions (SPEC §4, issue #15)', () => {
  it('compares statuses case-insensitively', () => {
    expect(normaliseStatus('accepted')).toBe('ACCEPTED');
    expect(normaliseStatus('cancelled')).toBe('CANCELLED');
    expect(normaliseStatus('bogus')).toBeNull();
  });

  it('offers accept and reject only to the host on PENDING, and no accept while waitlisted', () => {
    expect(availableActions({ status: 'PENDING', startsAt: BEFORE }, 'host', NOW)).toEqual(['accept', 'reject', 'delete']);
    expect(availableActions({ status: 'PENDING', startsAt: BEFORE, waitlisted: true }, 'host', NOW)).toEqual(['reject', 'delete']);
    expect(availableActions({ status: 'pending', startsAt: BEFORE }, 'requester', NOW)).toEqual(['delete']);
  });

  it('offers confirm to the host on ACCEPTED, chat and cancel to both before the meal', () => {
    expect(availableActions({ status: 'ACCEPTED', startsAt: BEFORE }, 'host', NOW)).toEqual(['confirm', 'chat', 'cancel', 'share']);
    expect(availableActions({ status: 'ACCEPTED', startsAt: BEFORE }, 'requester', NOW)).toEqual(['chat', 'cancel', 'share']);
  });

  it('offers the calendar before a confirmed meal, and review only after it started to the side that has not reviewed', () => {
    expect(availableActions({ status: 'CONFIRMED', startsAt: BEFORE }, 'requester', NOW)).toEqual(['chat', 'cancel', 'calendar', 'share']);
    const m = { status: 'CONFIRMED', hostReviewed: true, requesterReviewed: false, startsAt: AFTER };
    expect(availableActions(m, 'host', NOW)).toEqual(['chat', 'share', 'delete']);
    expect(availableActions(m, 'requester', NOW)).toEqual(['chat', 'share', 'review', 'delete']);
  });

  it('reads the start from the MatchRequest shape (schedule.startsAt) too', () => {
    expect(availableActions({ status: 'CONFIRMED', schedule: { startsAt: AFTER } }, 'host', NOW)).toEqual(['chat', 'share', 'review', 'delete']);
    expect(availableActions({ status: 'CONFIRMED', schedule: { startsAt: BEFORE } }, 'host', NOW)).toEqual(['chat', 'cancel', 'calendar', 'share']);
  });

  it('offers 안전 공유 on ACCEPTED and CONFIRMED until 6 h after the start (issue #17)', () => {
    const sixHoursBefore = new Date(NOW.getTime() - 6 * 3_600_000 + 60_000).toISOString();
    const overSixHours = new Date(NOW.getTime() - 6 * 3_600_000).toISOString();
    expect(availableActions({ status: 'CONFIRMED', startsAt: sixHoursBefore, hostReviewed: true }, 'host', NOW)).toEqual(['chat', 'share', 'delete']);
    expect(availableActions({ status: 'CONFIRMED', startsAt: overSixHours, hostReviewed: true }, 'host', NOW)).toEqual(['chat', 'delete']);
    expect(availableActions({ status: 'PENDING', startsAt: BEFORE }, 'requester', NOW)).not.toContain('share');
  });

  it('lets a side remove a cancelled or rejected request from its list', () => {
    expect(availableActions({ status: 'CANCELLED', startsAt: BEFORE }, 'requester', NOW)).toEqual(['delete']);
    expect(availableActions({ status: 'REJECTED', startsAt: BEFORE }, 'host', NOW)).toEqual(['delete']);
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
