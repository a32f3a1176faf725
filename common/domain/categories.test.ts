import { describe, expect, it } from 'vitest';
import { toFoodCategory, venueCategoryLabel } from './categories.ts';

describe('venue category mapping (SPEC §3)', () => {
  it.each([
    ['음식점 > 한식 > 육류,고기', '한식'],
    ['음식점 > 중식 > 중국요리', '중식'],
    ['음식점 > 일식 > 초밥,롤', '일식'],
    ['음식점 > 양식 > 스테이크,립', '양식'],
    ['음식점 > 이탈리안', '양식'],
    ['음식점 > 분식 > 떡볶이', '분식'],
    ['음식점 > 카페 > 디저트카페', '카페'],
    ['음식점 > 간식 > 커피전문점', '카페'],
  ])('%s → %s', (text, expected) => {
    expect(venueCategoryLabel(text)).toBe(expected);
    expect(toFoodCategory(text)).toBe(expected);
  });

  it('falls back to the last segment for display and 기타 for schedules', () => {
    expect(venueCategoryLabel('음식점 > 술집 > 호프,요리주점')).toBe('호프,요리주점');
    expect(toFoodCategory('음식점 > 술집 > 호프,요리주점')).toBe('기타');
  });

  it('gives 기타 for empty text', () => {
    expect(venueCategoryLabel('')).toBe('기타');
    expect(venueCategoryLabel(undefined)).toBe('기타');
    expect(toFoodCategory(null)).toBe('기타');
  });
});
