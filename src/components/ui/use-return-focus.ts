/**
 * Focus goes back to the opener when a dialog closes (issue #14). Radix returns focus to a
 * `Trigger`, but our dialogs are mostly opened without one (a button that sets state or the
 * address, `confirmDialog()` from anywhere), and then focus fell to `body`. So: remember
 * `document.activeElement` when the dialog opens, and in `onCloseAutoFocus` put focus back there —
 * unless the page changed meanwhile (a link in the dialog navigated: the new page's h1 takes focus)
 * or the opener is gone (then the page's main region, so focus is never lost to `body`).
 */
import { useCallback, useLayoutEffect, useRef } from 'react';

export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<{ element: HTMLElement | null; pathname: string } | null>(null);

  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = {
      element: active instanceof HTMLElement && active !== document.body ? active : null,
      pathname: window.location.pathname,
    };
  }, [open]);

  return useCallback((event: Event) => {
    const remembered = opener.current;
    opener.current = null;
    event.preventDefault();
    if (remembered && remembered.pathname !== window.location.pathname) return;
    const target = remembered?.element;
    if (target?.isConnected && !target.closest('[inert], [aria-hidden="true"]')) {
      target.focus({ preventScroll: true });
      if (document.activeElement === target) return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, []);
}
