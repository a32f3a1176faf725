import { describe, expect, it } from 'vitest';
import {
  addDaysIso, clampCapacity, currentHourKst, isInScheduleWindow, isIsoDate, scheduleWindow, todayKst,
} from './schedule.ts';

// 2026-11-22 15:30 UTC is already 2026-11-23 00:30 in Seoul (UTC+9).
const lateUtc = new Date('2026-11-22T15:30:00Z');
// 2026-11-22 14:59 UTC is still 2026-11-22 23:59 in Seoul.
const beforeMidnightKst = new Date('2026-11-22T14:59:00Z');

describe('schedule window in KST (SPEC §5, §9)', () => {
  it('decides today in Seoul, not in the machine zone', () => {
    expect(todayKst(lateUtc)).toBe('2026-11-23');
    expect(todayKst(beforeMidnightKst)).toBe('2026-11-22');
    expect(currentHourKst(lateUtc)).toBe(0);
    expect(currentHourKst(beforeMidnightKst)).toBe(23);
  });

  it('spans today to today + 21 inclusive', () => {
    expect(scheduleWindow(lateUtc)).toEqual({ first: '2026-11-23', last: '2026-12-14' });
    expect(isInScheduleWindow('2026-11-22', lateUtc)).toBe(false); // yesterday in Seoul
    expect(isInScheduleWindow('2026-11-23', lateUtc)).toBe(true); // today
    expect(isInScheduleWindow('2026-12-14', lateUtc)).toBe(true); // +21
    expect(isInScheduleWindow('2026-12-15', lateUtc)).toBe(false); // +22
  });

  it('refuses malformed and impossible dates', () => {
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isInScheduleWindow('not-a-date', lateUtc)).toBe(false);
  });

  it('adds calendar days across month and year ends', () => {
    expect(addDaysIso('2026-12-25', 10)).toBe('2027-01-04');
    expect(addDaysIso('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('clampCapacity (SPEC §4, §9)', () => {
  it('keeps capacity within 2–8', () => {
    expect(clampCapacity(1)).toBe(2);
    expect(clampCapacity(9)).toBe(8);
    expect(clampCapacity(5)).toBe(5);
  });
  it('never drops below the current participants', () => {
    expect(clampCapacity(2, 4)).toBe(4);
  });
});
