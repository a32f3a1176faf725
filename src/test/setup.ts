/**
 * Client test setup (jsdom): clean DOM, storage and stores between tests; a matchMedia that
 * reports reduced motion (so the auth card switches instantly) and no hover-only media.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetFeedback } from '@/components/ui/feedback-store';
// API answers are checked against their schemas in the tests, as in development (issue #29 item 1).
import '@/lib/answer-check';
import { resetSession } from '@/lib/session/store';

if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: query.includes('prefers-reduced-motion: reduce'),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

// jsdom has no scrolling: its scrollTo only prints "Not implemented" (the router restores the
// scroll position on every navigation, the board's virtualizer keeps rows in place), which
// buried the test output in ≈ 100 such lines. Nothing here is laid out, so there is nowhere to go.
window.scrollTo = () => undefined;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  resetSession();
  resetFeedback();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
