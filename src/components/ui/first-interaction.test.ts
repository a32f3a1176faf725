import { describe, expect, it, vi } from 'vitest';
import { onFirstInteraction } from './first-interaction';

describe('onFirstInteraction (issue #33 item 1)', () => {
  it('loads once, after the first press or key, and not at all once cleaned up', async () => {
    const load = vi.fn();
    onFirstInteraction(load);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(load).not.toHaveBeenCalled();

    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await vi.waitFor(() => expect(load).toHaveBeenCalledOnce());

    const never = vi.fn();
    onFirstInteraction(never)();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(never).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledOnce();
  });
});
