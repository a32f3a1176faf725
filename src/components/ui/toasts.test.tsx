import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetFeedback, toast } from './feedback-store';
import { Toasts } from './toasts';

/** The next animation frame (where the region measures what changed). */
const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

describe('toast region placement (issue #33 item 2)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    act(() => resetFeedback());
  });

  it('reads no layout while no toast is up, and measures the top bar once one is', async () => {
    const rect = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    render(
      <>
        <header className="top-bar">밥상친구</header>
        <Toasts />
      </>,
    );
    document.body.append(document.createElement('p'));
    await nextFrame();
    expect(rect).not.toHaveBeenCalled();

    act(() => void toast.info('저장했어요'));
    expect(rect).toHaveBeenCalled();
    expect(rect.mock.contexts.some((el) => (el as HTMLElement).classList.contains('top-bar'))).toBe(true);

    rect.mockClear();
    act(() => resetFeedback());
    document.body.append(document.createElement('p'));
    await nextFrame();
    expect(rect).not.toHaveBeenCalled();
  });
});
