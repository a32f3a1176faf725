/**
 * The product's fixed vocabularies (SPEC §3, UI-TEXT.md "Vocabulary").
 * Labels are Korean and are what the API stores and answers.
 */

/** Cuisine preferences a member can toggle (SPEC §3: 9 labels). */
export const PREFERENCES = [
  '한식',
  '중식',
  '일식',
  '양식',
  '분식',
  '매운맛 러버',
  '맵찔이',
  '채식 지향',
  '육식 지향',
] as const;
export type Preference = (typeof PREFERENCES)[number];

/** Food categories of schedules and venues (SPEC §3: 7 labels). */
export const FOOD_CATEGORIES = ['한식', '중식', '일식', '양식', '분식', '카페', '기타'] as const;
export type FoodCategory = (typeof FOOD_CATEGORIES)[number];
/** The food category of anything else (the last of `FOOD_CATEGORIES`). */
export const OTHER_FOOD_CATEGORY: FoodCategory = '기타';

/** Board tags (SPEC §3: 9 allowed, at most 5 per post — SPEC §9). */
export const BOARD_TAGS = ['점심', '저녁', '모임', '맛집', '일상', '주말', '중식', '양식', '카페'] as const;
export type BoardTag = (typeof BOARD_TAGS)[number];
export const MAX_TAGS_PER_POST = 5;

/** Default setup avatars (SPEC §2 wizard step 4), served from `public/avatars/`. */
export const DEFAULT_AVATARS = [
  { id: 'bear', label: '곰', url: '/avatars/bear.svg' },
  { id: 'duck', label: '오리', url: '/avatars/duck.svg' },
  { id: 'rabbit', label: '토끼', url: '/avatars/rabbit.svg' },
  { id: 'frog', label: '개구리', url: '/avatars/frog.svg' },
] as const;

/** Shown when a member has no profile image. */
export const DEFAULT_PROFILE_IMAGE = '/avatars/default.svg';
