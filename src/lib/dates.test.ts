import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { isoToLocalDate, localDateToIso } from './dates';

describe('localDateToIso (the calendar day a date picker hands back)', () => {
  it('is the browser-local date, as date-fns writes it, and the inverse of isoToLocalDate', () => {
    for (let d = 0; d < 800; d += 3) {
      const local = new Date(2025, 11, 20 + d, d % 24, 30);
      expect(localDateToIso(local)).toBe(format(local, 'yyyy-MM-dd'));
      const iso = format(local, 'yyyy-MM-dd');
      expect(localDateToIso(isoToLocalDate(iso))).toBe(iso);
    }
  });
});
