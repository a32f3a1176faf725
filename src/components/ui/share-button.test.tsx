import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findToast, renderWithFeedback } from '@/test/render';
import { ShareButton } from './share-button';

function stubNavigator(key: 'share' | 'clipboard', value: unknown) {
  Object.defineProperty(navigator, key, { value, configurable: true, writable: true });
}

afterEach(() => {
  stubNavigator('share', undefined);
  stubNavigator('clipboard', undefined);
});

describe('공유하기 (issue #18 item 6)', () => {
  it('without navigator.share (and no Kakao key) copies the absolute link and says 링크를 복사했어요', async () => {
    stubNavigator('share', undefined);
    const writeText = vi.fn(() => Promise.resolve());
    stubNavigator('clipboard', { writeText });
    renderWithFeedback(<ShareButton title="글" text="내용" url="/board?post=12" />);
    fireEvent.click(screen.getByRole('button', { name: '공유하기' }));
    await findToast('링크를 복사했어요');
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/board?post=12`);
  });

  it('uses the Web Share API when present; a cancel copies nothing', async () => {
    const share = vi.fn(() => Promise.reject(new DOMException('cancelled', 'AbortError')));
    const writeText = vi.fn(() => Promise.resolve());
    stubNavigator('share', share);
    stubNavigator('clipboard', { writeText });
    renderWithFeedback(<ShareButton title="약속" text="오후 6시 강남" url="/matching?schedule=3" />);
    fireEvent.click(screen.getByRole('button', { name: '공유하기' }));
    await waitFor(() => expect(share).toHaveBeenCalledWith({ title: '약속', text: '오후 6시 강남', url: `${window.location.origin}/matching?schedule=3` }));
    await waitFor(() => expect(screen.getByRole('button', { name: '공유하기' }).getAttribute('aria-busy')).toBe('false'));
    expect(writeText).not.toHaveBeenCalled();
  });
});
