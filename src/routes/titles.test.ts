import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { documentTitle, titleOfMatches } from '@/lib/page-title';
import { sessionSnapshot } from '@/lib/session/store';
import { createTestQueryClient } from '@/test/render';
import { routeTree } from '../routeTree.gen';

vi.mock('@/features/shell/components/update-prompt', () => ({ UpdatePrompt: () => null }));

/** Every page of the app and its `document.title` (issue #14: "<page name> · 밥상친구"). */
const TITLES: Record<string, string> = {
  '/': '밥상친구',
  '/auth': '로그인 · 밥상친구',
  '/oauth/callback': '로그인 · 밥상친구',
  '/matching': '매칭 · 밥상친구',
  '/schedule': '일정 · 밥상친구',
  '/restaurant-rec': '맛집 추천 · 밥상친구',
  '/board': '맛집 소개 · 밥상친구',
  '/match-requests': '활동 내역 · 밥상친구',
  '/chat/$matchId': '채팅 · 밥상친구',
  '/chats': '채팅 · 밥상친구',
  '/table/$scheduleId': '채팅 · 밥상친구',
  '/write-review': '리뷰 작성 · 밥상친구',
  '/my-reviews': '내가 받은 리뷰 · 밥상친구',
  '/profile': '내 정보 · 밥상친구',
  '/profile-setup': '프로필 설정 · 밥상친구',
  '/notifications': '알림 · 밥상친구',
  '/terms': '이용약관 · 밥상친구',
  '/privacy': '개인정보 처리방침 · 밥상친구',
  '/consent': '약관 동의 · 밥상친구',
  '/s/$token': '공유된 약속 · 밥상친구',
  '/admin': '관리자 · 밥상친구',
};

describe('page titles (issue #14)', () => {
  it('formats "<page name> · 밥상친구", home is just the name', () => {
    expect(documentTitle('일정')).toBe('일정 · 밥상친구');
    expect(documentTitle()).toBe('밥상친구');
    expect(titleOfMatches([{ staticData: {} }, { staticData: { title: '바깥' } }, { staticData: { title: '안쪽' } }])).toBe('안쪽 · 밥상친구');
    expect(titleOfMatches([{}, { staticData: {} }])).toBe('밥상친구');
  });

  it('names every page: each route with a page has its title, and there is no page without one', () => {
    const router = createRouter({
      routeTree,
      history: createMemoryHistory({ initialEntries: ['/'] }),
      context: { session: () => sessionSnapshot(), queryClient: createTestQueryClient() },
    });
    const found: Record<string, string> = {};
    for (const path of Object.keys(TITLES)) {
      const [routes] = router.getMatchedRoutes(path.replace('$matchId', '7').replace('$scheduleId', '5')) as unknown as [{ options: { staticData?: { title?: string } } }[]];
      found[path] = titleOfMatches(routes.map((route) => ({ staticData: route.options.staticData })));
    }
    expect(found).toEqual(TITLES);
    // every page-rendering route is in the list above (layouts and the catch-all redirect have no page)
    const pages = Object.values(router.routesByPath)
      .map((route) => route.fullPath)
      .filter((path) => path !== '/$' && path !== '');
    expect(new Set(pages)).toEqual(new Set(Object.keys(TITLES)));
  });
});
