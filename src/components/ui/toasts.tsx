import { lazy, Suspense, useEffect, useState } from 'react';
import { ko } from '@/i18n/shell';

/** sonner's Toaster, loaded after the first render (issue #18 item 8). */
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** Space between the toasts and what they stay clear of, in px. */
const GAP = 8;
/** The top bar (sticky) and a page header the toasts must not cover (issue #16: the chat's). */
const KEEP_CLEAR = '.top-bar, .chat__header';

/**
 * Where the toasts start, in px from the top of the viewport: below the top bar and below a chat
 * header that is on screen (issue #16 item 6: toasts never cover the top bar or the chat header;
 * the chat input is at the bottom of the page, away from them).
 */
export function toastTop(doc: Document = document): number {
  let bottom = 0;
  for (const element of doc.querySelectorAll<HTMLElement>(KEEP_CLEAR)) {
    const rect = element.getBoundingClientRect();
    if (rect.height > 0 && rect.bottom > bottom && rect.top < window.innerHeight / 2) bottom = rect.bottom;
  }
  return Math.round(Math.max(bottom, 0) + GAP);
}

/** `toastTop()`, followed as the page scrolls, resizes or changes (one measure per frame). */
function useToastTop(): number {
  const [top, setTop] = useState(68);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setTop(toastTop());
      });
    };
    measure();
    const observer = new MutationObserver(measure);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, []);
  return top;
}

/**
 * The toast region (issue #14): sonner's labelled section ("알림", a landmark with a polite live
 * region; errors are announced assertively), with a Korean close button on every toast. Toasts
 * tell outcomes; form validation stays under the fields. At the top centre, below the sticky top
 * bar and below the chat header when one is on screen (issue #16), so they never cover the bar,
 * the chat header or the chat input at the bottom.
 */
export function Toasts() {
  const top = useToastTop();
  // The host is there from the first render: a modal dialog opened before sonner arrives hides
  // everything but `[aria-live]` elements from assistive technology (aria-hidden's hideOthers), so
  // the host keeps the region that mounts inside it reachable. `off`: only sonner's region speaks.
  return (
    <div aria-live="off">
      <Suspense fallback={null}>
        <Toaster
          position="top-center"
          containerAriaLabel={ko.feedback.notifications}
          closeButton
          richColors
          offset={{ top }}
          mobileOffset={{ top }}
          toastOptions={{ closeButtonAriaLabel: ko.feedback.close, className: 'app-toast' }}
        />
      </Suspense>
    </div>
  );
}
