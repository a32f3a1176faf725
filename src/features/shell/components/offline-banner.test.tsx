import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from './offline-banner';

describe('offline banner', () => {
  it('appears when the browser goes offline and leaves when it is back', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineBanner />);
    expect(screen.queryByText('오프라인 상태입니다. 저장된 내용을 보여드리고 있어요.')).toBeNull();
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByText('오프라인 상태입니다. 저장된 내용을 보여드리고 있어요.')).toBeTruthy();
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText('오프라인 상태입니다. 저장된 내용을 보여드리고 있어요.')).toBeNull();
  });
});
