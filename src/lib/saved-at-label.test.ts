import { describe, expect, it } from 'vitest';
import { savedAtLabel } from './saved-at-label';

describe('savedAtLabel', () => {
  it('reads the instant in KST with a 24-hour clock, across the KST midnight and month end', () => {
    expect(savedAtLabel('2026-11-21T09:05:00.000Z')).toBe('11월 21일 오후 6:05 저장');
    expect(savedAtLabel('2026-11-21T15:30:00.000Z')).toBe('11월 22일 오전 12:30 저장');
    expect(savedAtLabel('2026-11-30T14:59:00.000Z')).toBe('11월 30일 오후 11:59 저장');
    expect(savedAtLabel('2026-11-30T15:00:00.000Z')).toBe('12월 1일 오전 12시 저장');
  });
});
