import { describe, expect, it } from 'vitest';
import { formatAverageRating } from './rating.ts';
import { isNewMember } from './account.ts';

describe('formatAverageRating (SPEC §5)', () => {
  it('shows 아직 없어요 below five reviews', () => {
    expect(formatAverageRating(4.8, 4)).toBe('아직 없어요');
    expect(formatAverageRating(4.8, 0)).toBe('아직 없어요');
    expect(formatAverageRating(null, 10)).toBe('아직 없어요');
  });
  it('shows one decimal from five reviews on', () => {
    expect(formatAverageRating(4.26, 5)).toBe('4.3');
    expect(formatAverageRating(3, 12)).toBe('3.0');
  });
});

describe('isNewMember (SPEC §4)', () => {
  it('accepts either flag', () => {
    expect(isNewMember({ isNewUser: true })).toBe(true);
    expect(isNewMember({ newUser: true })).toBe(true);
    expect(isNewMember({ isNewUser: false, newUser: false })).toBe(false);
    expect(isNewMember(null)).toBe(false);
  });
});
