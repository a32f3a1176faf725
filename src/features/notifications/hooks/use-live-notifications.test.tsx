import { describe, expect, it, vi } from 'vitest';
import { USER_ERRORS_DESTINATION, userNotificationsTopic } from '@common/realtime';
import { findToast, renderWithFeedback, toastTexts } from '@/test/render';
import { useLiveNotifications } from './use-live-notifications';

const live = vi.hoisted(() => ({ handlers: new Map<string, (body: unknown) => void>() }));
vi.mock('@/lib/stomp-client', () => ({
  liveSubscribe: (destination: string, handler: (body: unknown) => void) => {
    live.handlers.set(destination, handler);
    return () => live.handlers.delete(destination);
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
  });
});
