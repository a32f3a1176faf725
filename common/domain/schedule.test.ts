import { addDays, format, parse } from 'date-fns';
import { tz } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import {
  addDaysIso, clampCapacity, currentHourKst, hasMealStarted, isInScheduleWindow, isIsoDate, mealStartsAt, openHours, scheduleWindow, todayKst,
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
    expect(addDaysIso('2027-01-04', -10)).toBe('2026-12-25');
    expect(() => addDaysIso('2026-02-30', 1)).toThrow(RangeError);
  });

  // Issue #33 item 1: the module does its own KST arithmetic (no date library in the first render);
  // it must agree with date-fns in Asia/Seoul, which it replaced.
  it('agrees with date-fns (@date-fns/tz Asia/Seoul) on every hour of two years and on adding days', () => {
    const inSeoul = tz('Asia/Seoul');
    const start = Date.UTC(2025, 11, 31, 0, 0);
    for (let h = 0; h < 2 * 366 * 24; h++) {
      const at = new Date(start + h * 3_600_000 + 17 * 60_000);
      expect(todayKst(at)).toBe(format(at, 'yyyy-MM-dd', { in: inSeoul }));
      expect(currentHourKst(at)).toBe(Number(format(at, 'H', { in: inSeoul })));
    }
    for (let d = 0; d < 800; d += 7) {
      const date = format(addDays(new Date(2025, 11, 20), d), 'yyyy-MM-dd');
      for (const n of [-40, -1, 0, 1, 21, 400]) {
        expect(addDaysIso(date, n)).toBe(format(addDays(parse(date, 'yyyy-MM-dd', new Date(2000, 0, 1)), n), 'yyyy-MM-dd'));
      }
      expect(isIsoDate(date)).toBe(true);
    }
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

describe('meal start (issue #15)', () => {
  it('starts at the hour in KST, whatever the machine zone', () => {
    expect(mealStartsAt('2026-12-14', 18).toISOString()).toBe('2026-12-14T09:00:00.000Z');
    expect(mealStartsAt('2026-12-14', 0).toISOString()).toBe('2026-12-13T15:00:00.000Z');
  });

  it('has started from the first second of the hour', () => {
    expect(hasMealStarted('2026-12-14', 18, new Date('2026-12-14T08:59:59Z'))).toBe(false);
    expect(hasMealStarted('2026-12-14', 18, new Date('2026-12-14T09:00:00Z'))).toBe(true);
  });

  it('offers only the hours that have not started today; all of them tomorrow (23:59 and 00:01 KST edges)', () => {
    const at2359 = new Date('2026-12-14T14:59:00Z'); // 23:59 KST on the 14th
    expect(openHours('2026-12-14', at2359)).toEqual([]);
    expect(openHours('2026-12-15', at2359)).toHaveLength(24);
    const at0001 = new Date('2026-12-14T15:01:00Z'); // 00:01 KST on the 15th
    expect(openHours('2026-12-15', at0001)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    expect(openHours('2026-12-14', at0001)).toEqual([]);
  });
});
