import { describe, expect, it } from 'vitest';
import type { NotificationItem } from '@common/api/notifications';
import { splitUnread } from '@/features/notifications/hooks/use-tab-badges';
import { currentTab } from '@/features/shell/components/tab-bar';

const item = (id: number, type: NotificationItem['type'], read = false): NotificationItem => ({
  id,
  type,
  message: '',
  link: type === 'new_message' ? `/chat/${id}` : '/match-requests',
  read,
  createdAt: '2026-11-27T00:00:00.000Z',
});

describe('bottom tab bar (issue #31 item 1)', () => {
  it('marks the tab of the page: activity and schedule are 내 약속, a chat is 채팅, 내 리뷰 is 내 정보', () => {
    expect(currentTab('/')).toBe('home');
    expect(currentTab('/matching')).toBe('matching');
    expect(currentTab('/match-requests')).toBe('meals');
    expect(currentTab('/schedule/')).toBe('meals');
    expect(currentTab('/chats')).toBe('chats');
    expect(currentTab('/chat/12')).toBe('chats');
    expect(currentTab('/profile')).toBe('me');
    expect(currentTab('/my-reviews')).toBe('me');
    expect(currentTab('/board')).toBeUndefined();
    expect(currentTab('/matchingx')).toBeUndefined();
  });

  it('counts unread chats for 채팅 and the rest of the unread count for 내 약속', () => {
    const items = [item(1, 'new_message'), item(2, 'new_message', true), item(3, 'new_match_request'), item(4, 'new_message')];
    expect(splitUnread(items, 5)).toEqual({ chats: 2, meals: 3 });
    expect(splitUnread([], 0)).toEqual({ chats: 0, meals: 0 });
    expect(splitUnread(items, 1)).toEqual({ chats: 2, meals: 0 });
  });
});
