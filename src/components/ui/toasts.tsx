import { useEffect, useLayoutEffect, useState, type ComponentType } from 'react';
import type { ToasterProps } from 'sonner';
import { ko } from '@/i18n/shell';
import { loadSonner, useFeedback } from './feedback-store';
import { onFirstInteraction } from './first-interaction';


/** Space between the toasts and what they stay clear of, in px. */
const GAP = 8;
/** The top bar (sticky) and a page header the toasts must not cover (issue #16: the chat's). */
const KEEP_CLEAR = '.top-bar, .chat__header';
/** What sits at the bottom of a phone's screen: the tab bar and the chat input (issue #31 item 1). */
const KEEP_CLEAR_BOTTOM = '.tab-bar, .chat__form';
/** Phones (below 992 px, SPEC §2) show the toasts at the bottom, above the tab bar (issue #31 item 1). */
const PHONE = '(max-width: 991.98px)';

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

/**
 * Where the toasts end on a phone, in px from the bottom of the viewport: above the tab bar and
 * above a chat input that is on screen (issue #31 item 1).
 */
export function toastBottom(doc: Document = document): number {
  let top = window.innerHeight;
  for (const element of doc.querySelectorAll<HTMLElement>(KEEP_CLEAR_BOTTOM)) {
    const rect = element.getBoundingClientRect();
    if (rect.height > 0 && rect.top < top && rect.top > window.innerHeight / 2) top = rect.top;
  }
  return Math.round(Math.max(window.innerHeight - top, 0) + GAP);
}

interface ToastPlace {
  phone: boolean;
  top: number;
  bottom: number;
}

const measurePlace = (): ToastPlace => ({ phone: window.matchMedia?.(PHONE).matches ?? false, top: toastTop(), bottom: toastBottom() });

/**
 * `toastTop()` and `toastBottom()`, followed as the page scrolls, resizes or changes (one measure per
 * frame) — only while a toast is up. Measuring reads the layout (getBoundingClientRect), which
 * forced a full layout of every page render for nothing while no toast was shown: on /matching
 * under 4× CPU slowdown the largest share of the first render's script time (issue #33 item 2).
 * A toast's first place is measured before it paints (layout effect).
 */
function useToastPlace(): ToastPlace {
  const [place, setPlace] = useState<ToastPlace>({ phone: false, top: 68, bottom: 68 });
  const showing = useFeedback((s) => s.toasts.length > 0);
  useLayoutEffect(() => {
    if (!showing) return;
    const update = () => {
      const next = measurePlace();
      setPlace((prev) => (prev.phone === next.phone && prev.top === next.top && prev.bottom === next.bottom ? prev : next));
    };
    let frame = 0;
    const measure = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        update();
      });
    };
    update();
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
  }, [showing]);
  return place;
}

/**
 * The toast region (issue #14): sonner's labelled section ("알림", a landmark with a polite live
 * region; errors are announced assertively), with a Korean close button on every toast. Toasts
 * tell outcomes; form validation stays under the fields. On phones at the bottom centre, above
 * the tab bar and the chat input (issue #31 item 1: the thumb's side, clear of the page heading);
 * from 992 px at the top centre, below the sticky top bar and below the chat header when one is on
 * screen (issue #16), so they never cover the bar, the chat header or the chat input.
 */
export function Toasts() {
  const { phone, top, bottom } = useToastPlace();
  // sonner's Toaster mounts with the first toast, then stays (issue #33 item 1: 8.7 kB brotli that
  // a first view without a toast does not need). Its code loads after the member's first press or
  // key, or with the first toast if that comes first, so a toast raised offline ("연결되면
  // 보낼게요") still shows before the service worker controls the page. A toast raised before it
  // arrives is not lost: feedback-store hands it to sonner once the same import resolves, in the
  // order raised, and sonner replays its active toasts to a Toaster that subscribes late. A failed
  // import is tried again with a later toast.
  const raised = useFeedback((s) => s.toasts.length > 0);
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => onFirstInteraction(() => void loadSonner().catch(() => undefined)), []);
  useEffect(() => {
    if (!raised || Toaster) return;
    loadSonner().then(
      (m) => setToaster(() => m.Toaster),
      () => undefined,
    );
  }, [raised, Toaster]);
  // The host is there from the first render: a modal dialog opened before sonner arrives hides
  // everything but `[aria-live]` elements from assistive technology (aria-hidden's hideOthers), so
  // the host keeps the region that mounts inside it reachable. `off`: only sonner's region speaks.
  return (
    <div aria-live="off">
      {Toaster && (
        <Toaster
          position={phone ? 'bottom-center' : 'top-center'}
          containerAriaLabel={ko.feedback.notifications}
          closeButton
          richColors
          offset={phone ? { bottom } : { top }}
          mobileOffset={phone ? { bottom } : { top }}
          toastOptions={{ closeButtonAriaLabel: ko.feedback.close, className: 'app-toast' }}
        />
      )}
    </div>
  );
}
