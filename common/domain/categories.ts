import type { FoodCategory } from './vocabulary.ts';

/**
 * SPEC §3 "Mapping from a venue's category text" (e.g. Kakao's `음식점 > 양식 > 이탈리안`).
 * Rules are tried in order; the first whose word occurs in the text wins.
 */
const CATEGORY_RULES: ReadonlyArray<{ words: readonly string[]; category: FoodCategory }> = [
  { words: ['한식'], category: '한식' },
  { words: ['중식'], category: '중식' },
  { words: ['일식'], category: '일식' },
  { words: ['양식', '이탈리안'], category: '양식' },
  { words: ['분식'], category: '분식' },
  { words: ['카페', '커피'], category: '카페' },
];

/**
 * The label shown for a venue's category text: one of the food categories when a rule matches,
 * otherwise the last `>`-separated segment, otherwise '기타' (SPEC §3).
 *
 * @example venueCategoryLabel('음식점 > 양식 > 이탈리안') === '양식'
 * @example venueCategoryLabel('음식점 > 술집 > 호프,요리주점') === '호프,요리주점'
 */
export function venueCategoryLabel(categoryName: string | null | undefined): string {
  const text = (categoryName ?? '').trim();
  const rule = CATEGORY_RULES.find((r) => r.words.some((w) => text.includes(w)));
  if (rule) return rule.category;
  const last = text.split('>').map((s) => s.trim()).filter(Boolean).at(-1);
  return last ?? '기타';
}

/**
 * The food category a schedule stores for a venue: a rule's category, else '기타'
 * (schedules accept only the 7 categories — issue #3).
 */
export function toFoodCategory(categoryName: string | null | undefined): FoodCategory {
  const text = (categoryName ?? '').trim();
  return CATEGORY_RULES.find((r) => r.words.some((w) => text.includes(w)))?.category ?? '기타';
}

/** The maps service's category text for a restaurant of `category` (a member-added venue): "음식점 > 한식". */
export function venueCategoryName(category: string): string {
  return `음식점 > ${category}`;
}

/** The keyword a venue search around a point uses: the food category, or "맛집" for none or 기타. */
export function venueSearchKeyword(category: FoodCategory | null): string {
  return category && category !== '기타' ? category : '맛집';
}
