/**
 * Runs `fn` once, after the browser has painted its next frame (a requestAnimationFrame callback
 * runs before that frame's paint; a 0 ms timeout from it runs after), or after `maxWaitMs` when no
 * frame comes first (a hidden tab does not paint). Returns a function that cancels the call.
 *
 * Issue #33 item 2: what a page can do without (the prerendered page's replacement, the shell's
 * extras) waits for the content on screen to be painted, so a slow phone shows that content first.
 */
export function afterNextPaint(fn: () => void, maxWaitMs = 100): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    cancel(); // marks it done and drops the other pending callback
    fn();
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(once, 0);
  });
  const fallback = setTimeout(once, maxWaitMs);
  function cancel() {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
  }
  return cancel;
}

/**
 * Runs `fn` once the frame painted next is on screen: after the frame that follows it (two
 * `afterNextPaint`s). A paint's timestamp (`largest-contentful-paint`, what Lighthouse and a
 * member's eye go by) is the frame's presentation, which on a slow phone comes 10–30 ms after the
 * main thread's paint step that `afterNextPaint` waits for; work started in between (a request, a
 * chunk) still counts as the page's. `maxWaitMs` bounds each of the two waits. Returns a function
 * that cancels the call.
 */
export function afterPaintShown(fn: () => void, maxWaitMs = 100): () => void {
  let cancel = afterNextPaint(() => {
    cancel = afterNextPaint(fn, maxWaitMs);
  }, maxWaitMs);
  return () => cancel();
}

/** The Prioritized Task Scheduling API's `scheduler.yield()` (Chromium 129+), where the browser has it. */
interface TaskScheduler {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task; the returned promise settles in a new one (issue #33 item 2). The app's
 * start-up (src/main.tsx) awaits it between its steps, so a slow phone's main thread is never held
 * by all of them at once: the browser may paint and answer a tap in between, and Lighthouse's TBT
 * counts each task's time over 50 ms instead of their sum's. `scheduler.yield()` where the browser
 * has it (the continuation goes before other queued tasks); otherwise a MessageChannel message,
 * which, unlike a 0 ms timeout, is neither clamped nor delayed in a background tab.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
