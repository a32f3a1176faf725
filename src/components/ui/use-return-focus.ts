/**
 * Focus goes back to the opener when a dialog closes (issue #14). Radix returns focus to a
 * `Trigger`, but our dialogs are mostly opened without one (a button that sets state or the
 * address, `confirmDialog()` from anywhere), and then focus fell to `body`. So: remember
 * `document.activeElement` when the dialog opens, and in `onCloseAutoFocus` put focus back there —
 * unless the page changed meanwhile (a link in the dialog navigated: the new page's h1 takes focus)
 * or the opener is gone. An opener that may go while its dialog is open (매칭 신청, replaced by
 * 신청함 once the request is in) names its successor in `data-focus-successor` (a CSS selector),
 * which takes the focus when it is there; otherwise the page's main region does, so focus is never
 * lost to `body`.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';

export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<{ element: HTMLElement | null; successor: string | null; pathname: string } | null>(null);

  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    const element = active instanceof HTMLElement && active !== document.body ? active : null;
    opener.current = { element, successor: element?.dataset.focusSuccessor ?? null, pathname: window.location.pathname };
  }, [open]);

  return useCallback((event: Event) => {
    const remembered = opener.current;
    opener.current = null;
    event.preventDefault();
    if (remembered && remembered.pathname !== window.location.pathname) return;
    const element = remembered?.element;
    const successor = remembered?.successor ? document.querySelector<HTMLElement>(remembered.successor) : null;
    for (const target of [element, successor]) {
      if (!target?.isConnected || target.closest('[inert], [aria-hidden="true"]')) continue;
      target.focus({ preventScroll: true });
      if (document.activeElement === target) return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, []);
}
