/**
 * The home page's strings (`/`: hero, features, review carousel, the visitors' preview of upcoming
 * meals). The home page imports `ko` from here, not the full catalogue of ./ko.ts (issue #33 item 1:
 * a first visit to `/` does not download every screen's text); ./ko.ts takes these same sections
 * from here, so each string is written once and `ko.home.x` means the same in both.
 */
export { format } from './format.ts';

export const ko = {
  home: {
    heroTitle: '혼밥하기 싫은 날, 밥상친구',
    heroTagline: '근처에서 함께 밥 먹을 친구를 찾아보세요.',
    match: '매칭하기',
    createSchedule: '일정 만들기',
    featuresHeading: '주요 기능',
    featureSmartMatching: '스마트 매칭',
    featureSmartMatchingDesc: '관심사와 입맛이 맞는 식사 친구를 찾아드려요.',
    featureSchedule: '간편한 일정 관리',
    featureScheduleDesc: '지도와 연동된 캘린더로 약속을 쉽게 잡아요.',
    featureCommunity: '실시간 커뮤니티',
    featureCommunityDesc: '게시판과 후기로 실시간으로 소통해요.',
    reviewsHeading: 'AI가 추천하는 회원 후기',
    reviewsEmpty: '아직 추천할 만한 후기가 없어요.',
    reviewsLoading: '후기를 불러오고 있어요...',
    reviewsRegion: '회원 후기 목록',
    /** Hero buttons for visitors (UI-TEXT.md "로그인 후 이용해주세요"): they lead to the login and back. */
    loginFirst: '로그인 후 이용해주세요',
    carouselPause: '일시정지',
    carouselPlay: '재생',
  },
  /** Issue #31 item 2: the home page's preview of upcoming meals for visitors. */
  homePreview: {
    heading: '다가오는 약속 둘러보기',
    empty: '아직 등록된 약속이 없어요.',
    loading: '다가오는 약속을 불러오고 있어요...',
    loadFailed: '약속을 불러오지 못했어요. 잠시 후 다시 열어 주세요.',
    host: '호스트 {name}',
    seats: '{current}/{capacity}명 참여',
    full: '마감',
    apply: '로그인하고 신청하기',
    /** The button's name with its meal: "로그인하고 신청하기: 을지로 칼국수". */
    applyFor: '로그인하고 신청하기: {place}',
  },
  /** The stars of a review (src/components/ui/stars.tsx), shown by the home page's carousel too. */
  rating: {
    stars: '별점 {rating}점 (5점 만점)',
  },
} as const;
