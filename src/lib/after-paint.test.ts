import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, afterPaintShown, yieldToBrowser } from './after-paint';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('afterNextPaint', () => {
  it('runs after the next frame, once, not before it', () => {
    const fn = vi.fn();
    afterNextPaint(fn);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    // The frame's callback only schedules: the call comes after the frame (a fake 0 ms timeout
    // fires 1 ms later).
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs after maxWaitMs when no frame comes (a hidden tab)', () => {
    const fn = vi.fn();
    vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation(() => 0);
    afterNextPaint(fn, 100);
    vi.advanceTimersByTime(99);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled', () => {
    const fn = vi.fn();
    const cancel = afterNextPaint(fn);
    cancel();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('afterPaintShown', () => {
  /** One frame, then the 0 ms timeout its callback left (a fake 0 ms timeout fires 1 ms later). */
  const paintFrame = () => {
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
  };

  it('runs after the frame that follows the next paint, once', () => {
    const fn = vi.fn();
    afterPaintShown(fn);
    paintFrame();
    // The next frame has painted; its presentation may still be on the way.
    expect(fn).not.toHaveBeenCalled();
    paintFrame();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('never runs when cancelled between the two frames', () => {
    const fn = vi.fn();
    const cancel = afterPaintShown(fn);
    paintFrame();
    cancel();
    paintFrame();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('yieldToBrowser', () => {
  it('settles in a later task: after the current task\'s code and its microtasks', async () => {
    vi.useRealTimers();
    const order: string[] = [];
    const resumed = yieldToBrowser().then(() => order.push('resumed'));
    queueMicrotask(() => order.push('microtask'));
    order.push('task');
    await resumed;
    expect(order).toEqual(['task', 'microtask', 'resumed']);
  });

  it('uses scheduler.yield() where the browser has it', async () => {
    const yielded = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yielded });
    try {
      await yieldToBrowser();
      expect(yielded).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
