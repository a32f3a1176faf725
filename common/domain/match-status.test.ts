import { describe, expect, it } from 'vitest';
import { availableActions, isVisibleInList, normaliseStatus } from './match-status.ts';

describe('match request actions (SPEC §4)', () => {
  it('compares statuses case-insensitively', () => {
    expect(normaliseStatus('accepted')).toBe('ACCEPTED');
    expect(normaliseStatus('bogus')).toBeNull();
  });

  it('offers accept and reject only to the host on PENDING', () => {
    expect(availableActions({ status: 'PENDING' }, 'host')).toEqual(['accept', 'reject', 'delete']);
    expect(availableActions({ status: 'pending' }, 'requester')).toEqual(['delete']);
  });

  it('offers confirm to the host on ACCEPTED and chat to both', () => {
    expect(availableActions({ status: 'ACCEPTED' }, 'host')).toEqual(['confirm', 'chat', 'delete']);
    expect(availableActions({ status: 'ACCEPTED' }, 'requester')).toEqual(['chat', 'delete']);
  });

  it('offers review on CONFIRMED only to the side that has not reviewed', () => {
    const m = { status: 'CONFIRMED', hostReviewed: true, requesterReviewed: false };
    expect(availableActions(m, 'host')).toEqual(['chat', 'delete']);
    expect(availableActions(m, 'requester')).toEqual(['chat', 'review', 'delete']);
  });

  it('hides REJECTED from both lists and CONFIRMED once that side reviewed', () => {
    expect(isVisibleInList({ status: 'REJECTED' }, 'host')).toBe(false);
    expect(isVisibleInList({ status: 'REJECTED' }, 'requester')).toBe(false);
    const m = { status: 'CONFIRMED', hostReviewed: true, requesterReviewed: false };
    expect(isVisibleInList(m, 'host')).toBe(false);
    expect(isVisibleInList(m, 'requester')).toBe(true);
    expect(isVisibleInList({ status: 'PENDING' }, 'host')).toBe(true);
  });
});
