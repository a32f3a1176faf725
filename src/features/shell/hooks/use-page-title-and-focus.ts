/**
 * Route changes for people who cannot see the whole screen (issue #14):
 *
 * - `document.title` follows the page (`staticData.title` of the deepest matched route);
 * - after a client-side navigation to another path, focus moves to the new page's `h1` (made
 *   focusable with tabIndex=-1, without a focus ring: see shell.css), so a screen reader reads the
 *   new page and Tab continues from its top. Not on the first load (the browser starts at the top
 *   anyway), and not for a search-param change on the same page (a dialog opening or closing).
 *   Not either when the member has opened a menu meanwhile (the page's h1 may come a few frames
 *   later, with its data): moving the focus would close the menu they are using.
 */
import { useMatches, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { titleOfMatches } from '@/lib/page-title';
import '../components/shell.css';

/** How many animation frames to wait for the new page's h1 (a page still rendering its data). */
const MAX_FRAMES = 30;

export function focusPageHeading(frames = MAX_FRAMES): void {
  const active = document.activeElement;
  // The member opened a menu (e.g. 프로필 메뉴) since the navigation: their focus stays there.
  if (active instanceof HTMLElement && active.closest('[role="menu"]') !== null) return;
  // A link in the side menu navigated: wait for the dialog to close (its focus trap would refuse).
  const inDialog = active instanceof HTMLElement && active.closest('[role="dialog"], [role="alertdialog"]') !== null;
  const heading = document.querySelector<HTMLElement>('#main h1');
  if (inDialog || !heading) {
    if (frames > 0) requestAnimationFrame(() => focusPageHeading(frames - 1));
    else if (!inDialog) document.getElementById('main')?.focus({ preventScroll: true });
    return;
  }
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

export function usePageTitleAndFocus(): void {
  const router = useRouter();
  const title = useMatches({ select: (matches) => titleOfMatches(matches) });

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(
    () =>
      router.subscribe('onRendered', ({ fromLocation, pathChanged }) => {
        if (!fromLocation || !pathChanged) return;
        requestAnimationFrame(() => focusPageHeading());
      }),
    [router],
  );
}
