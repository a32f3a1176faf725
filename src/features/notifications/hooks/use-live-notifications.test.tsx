import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { USER_ERRORS_DESTINATION, userNotificationsTopic } from '@common/realtime';
import { queryRoots } from '@/lib/query/keys';
import { findToast, renderWithFeedback, toastTexts } from '@/test/render';
import { useLiveNotifications } from './use-live-notifications';

const live = vi.hoisted(() => ({ handlers: new Map<string, (body: unknown) => void>(), connectListeners: new Set<() => void>() }));
vi.mock('@/lib/stomp-client', () => ({
  liveSubscribe: (destination: string, handler: (body: unknown) => void) => {
    live.handlers.set(destination, handler);
    return () => live.handlers.delete(destination);
  },
  onLiveConnect: (listener: () => void) => {
    live.connectListeners.add(listener);
    return () => live.connectListeners.delete(listener);
  },
}));

function Probe({ userId }: { userId: number | null }) {
  useLiveNotifications(userId);
  return null;
}

describe('useLiveNotifications (issues #4, #16)', () => {
  it("subscribes to the member's notifications and error queue, and says a refused message in Korean", async () => {
    const view = renderWithFeedback(<Probe userId={7} />);
    expect([...live.handlers.keys()].sort()).toEqual([USER_ERRORS_DESTINATION, userNotificationsTopic(7)].sort());
    live.handlers.get(USER_ERRORS_DESTINATION)!({ code: 'chat_closed', message: '취소된 약속이에요.', destination: '/app/chat/3' });
    expect(await findToast('취소된 약속이에요.')).toBeTruthy();
    // A body without a message says nothing.
    live.handlers.get(USER_ERRORS_DESTINATION)!({ code: 'x' });
    expect(toastTexts().filter((t) => t.includes('취소된 약속이에요.'))).toHaveLength(1);
    view.unmount();
    expect(live.handlers.size).toBe(0);
    expect(live.connectListeners.size).toBe(0);
  });

  it('after a (re)connect the bell count and the inbox are fetched again (what came meanwhile is not lost)', async () => {
    const view = renderWithFeedback(<Probe userId={7} />);
    const { queryClient } = view;
    queryClient.setQueryData(queryRoots.notificationsUnread, 1);
    queryClient.setQueryData(queryRoots.notifications, { pages: [[]], pageParams: [undefined] });
    expect(queryClient.getQueryState(queryRoots.notificationsUnread)?.isInvalidated).toBe(false);
    for (const listener of live.connectListeners) listener();
    await waitFor(() => expect(queryClient.getQueryState(queryRoots.notificationsUnread)?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(queryRoots.notifications)?.isInvalidated).toBe(true);
    view.unmount();
  });
});
