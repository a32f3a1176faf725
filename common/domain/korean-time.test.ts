import { tz } from '@date-fns/tz';
import { addDays, addHours, differenceInCalendarDays, format } from 'date-fns';
import { ko } from 'date-fns/locale/ko';
import { describe, expect, it } from 'vitest';
import { koreanClock, koreanDate, koreanDateTime, koreanDateHour, koreanHour, koreanMonthDay, meridiem, relativeTime } from './korean-time.ts';

/** An instant given in KST wall time. */
const kst = (wall: string) => new Date(`${wall}+09:00`);

describe('koreanHour', () => {
  it('says 오전 12시 at midnight and 오후 12시 at noon', () => {
    expect(koreanHour(0)).toBe('오전 12시');
    expect(koreanHour(12)).toBe('오후 12시');
  });
  it('uses the 12-hour clock with 오전/오후', () => {
    expect(koreanHour(9)).toBe('오전 9시');
    expect(koreanHour(11)).toBe('오전 11시');
    expect(koreanHour(13)).toBe('오후 1시');
    expect(koreanHour(18)).toBe('오후 6시');
    expect(koreanHour(23)).toBe('오후 11시');
    expect(meridiem(11)).toBe('오전');
    expect(meridiem(12)).toBe('오후');
  });
  it('shows minutes only when they matter', () => {
    expect(koreanHour(18, 30)).toBe('오후 6:30');
    expect(koreanHour(0, 5)).toBe('오전 12:05');
    expect(koreanHour(18, 0)).toBe('오후 6시');
  });
});

describe('koreanDate', () => {
  it('names the weekday of the KST date', () => {
    expect(koreanDate('2026-11-24')).toBe('11월 24일 (화)');
    expect(koreanDate('2026-11-29')).toBe('11월 29일 (일)');
    expect(koreanMonthDay('2026-01-05')).toBe('1월 5일');
    expect(koreanDateHour('2026-11-24', 18)).toBe('11월 24일 (화) 오후 6시');
  });
  it('uses date-fns ko weekday names on every day of two years', () => {
    for (let i = 0, d = new Date(2026, 0, 1); i < 730; i += 1, d = addDays(d, 1)) {
      expect(koreanDate(format(d, 'yyyy-MM-dd'))).toBe(format(d, 'M월 d일 (EEE)', { locale: ko }));
    }
  });
  it('gives an instant with its year in KST', () => {
    expect(koreanDateTime('2026-12-03T06:00:00Z')).toBe('2026년 12월 3일 (목) 오후 3시');
    expect(koreanDateTime('2026-12-31T15:05:00Z')).toBe('2027년 1월 1일 (금) 오전 12:05');
  });
  it('reads a clock time of an instant in KST', () => {
    expect(koreanClock('2026-11-24T09:30:00Z')).toBe('오후 6:30');
    expect(koreanClock('2026-11-24T15:00:00Z')).toBe('오전 12시');
  });
});

describe('agrees with date-fns in Asia/Seoul', () => {
  const inSeoul = tz('Asia/Seoul');
  it('on the clock and the date of every hour of two years', () => {
    for (let i = 0, at = new Date('2025-12-31T00:17:00Z'); i < 2 * 366 * 24; i += 1, at = addHours(at, 1)) {
      const h = Number(format(at, 'H', { in: inSeoul }));
      expect(koreanClock(at)).toBe(koreanHour(h, 17));
      expect(koreanDateTime(at)).toBe(`${format(at, 'yyyy년 M월 d일 (EEE)', { in: inSeoul, locale: ko })} ${koreanHour(h, 17)}`);
    }
  });
  it('on yesterday and the date of relative times', () => {
    const now = new Date('2026-03-01T14:30:00Z');
    for (let i = 24; i < 24 * 400; i += 5) {
      const at = new Date(now.getTime() - i * 3_600_000);
      const days = differenceInCalendarDays(now, at, { in: inSeoul });
      const sameYear = format(now, 'yyyy', { in: inSeoul }) === format(at, 'yyyy', { in: inSeoul });
      const expected = days === 1 ? '어제' : format(at, sameYear ? 'M월 d일' : 'yyyy년 M월 d일', { in: inSeoul });
      expect(relativeTime(at, now)).toBe(expected);
    }
  });
});

describe('relativeTime', () => {
  const now = kst('2026-11-24T12:00:00');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it('answers empty for an unreadable instant', () => {
    expect(relativeTime('not a date', now)).toBe('');
    expect(koreanDateTime('not a date')).toBe('');
  });
  it('says 방금 under a minute (and for a clock slightly ahead)', () => {
    expect(relativeTime(now, now)).toBe('방금');
    expect(relativeTime(ago(59_000), now)).toBe('방금');
    expect(relativeTime(new Date(now.getTime() + 5_000), now)).toBe('방금');
  });
  it('counts whole minutes from 60 s to 59 min', () => {
    expect(relativeTime(ago(60_000), now)).toBe('1분 전');
    expect(relativeTime(ago(59 * 60_000 + 59_000), now)).toBe('59분 전');
  });
  it('counts whole hours from 60 min to under 24 h, across midnight too', () => {
    expect(relativeTime(ago(60 * 60_000), now)).toBe('1시간 전');
    expect(relativeTime(kst('2026-11-23T23:30:00'), kst('2026-11-24T01:00:00'))).toBe('1시간 전');
    expect(relativeTime(kst('2026-11-23T12:00:01'), now)).toBe('23시간 전');
  });
  it('says 어제 for the KST day before, 24 h or more ago', () => {
    expect(relativeTime(kst('2026-11-23T12:00:00'), now)).toBe('어제');
    expect(relativeTime(kst('2026-11-23T00:10:00'), kst('2026-11-24T23:50:00'))).toBe('어제');
    // 23:30 UTC is already the next day in Seoul: yesterday in KST, not two days ago.
    expect(relativeTime(new Date('2026-11-22T23:30:00Z'), kst('2026-11-24T23:59:00'))).toBe('어제');
  });
  it('gives the date before yesterday, with the year when it is not this year', () => {
    expect(relativeTime(kst('2026-11-22T23:59:00'), now)).toBe('11월 22일');
    expect(relativeTime(kst('2025-12-31T23:00:00'), kst('2026-01-02T10:00:00'))).toBe('2025년 12월 31일');
    expect(relativeTime(kst('2025-12-31T23:00:00'), kst('2026-01-01T23:30:00'))).toBe('어제');
  });
});
