import { act, render, screen, waitFor, within } from '@testing-library/react';
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

describe('sonner loads with the first toast (issue #33 item 1)', () => {
  afterEach(() => act(() => resetFeedback()));

  it('has no toast region before a toast, and shows the toasts raised before it loaded, in order', async () => {
    render(<Toasts />);
    // Long enough for a lazy Toaster mounted from the first render to have arrived.
    await act(() => import('sonner').then(() => undefined));
    expect(screen.queryByRole('region', { name: /^알림/ })).toBeNull();

    act(() => {
      toast.info('첫 번째');
      toast.success('두 번째');
      toast.error('세 번째');
    });
    const region = await screen.findByRole('region', { name: /^알림/ });
    await waitFor(() => expect(within(region).queryAllByText(/번째$/)).toHaveLength(3));
    const order = [...region.querySelectorAll('[data-sonner-toast]')].map((t) => t.textContent ?? '');
    // sonner lists the newest first.
    expect(order.map((t) => t.match(/(첫|두|세) 번째/)?.[0])).toEqual(['세 번째', '두 번째', '첫 번째']);
  });
});
