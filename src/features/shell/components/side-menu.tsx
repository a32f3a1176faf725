import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { Dialog as DialogComponent } from '@/components/ui/dialog';
import { ko } from '@/i18n/shell';
import { useUrlState } from '@/lib/use-url-state';
import { MAIN_LINKS } from './nav-links';


interface SideMenuProps {
  signedIn: boolean;
  onOpenActivity?: () => void;
}

/** The search param that keeps the menu open: Back closes it, a shared link opens it (issue #14). */
export const MENU_PARAM = 'menu';

/**
 * Below 992 px: "메뉴 열기" opens the "메뉴" dialog with the items of SPEC §2. The open menu is
 * `?menu=1` in the address, so the phone's Back closes it. A link in the menu replaces that
 * history entry, so Back from the page it opened returns to the page under the menu, closed.
 */
export function SideMenu({ signedIn, onOpenActivity }: SideMenuProps) {
  const menu = useUrlState(MENU_PARAM);
  const open = menu.value !== undefined;
  // The dialog code (with Radix's dialog primitives, 13 kB brotli) loads on the first open, not
  // with the first view (issue #33 item 1); offline it still opens, as the service worker
  // precaches every JavaScript file. When the import fails all the same (offline before the
  // worker controls the page) the menu closes and the next open tries again. Once loaded, the
  // dialog stays mounted so it can animate out and return focus to 메뉴 열기.
  const [Dialog, setDialog] = useState<typeof DialogComponent | null>(null);
  const close = menu.close;
  useEffect(() => {
    if (!open || Dialog) return;
    import('@/components/ui/dialog').then(
      (m) => setDialog(() => m.Dialog),
      () => close(),
    );
  }, [open, Dialog, close]);
  return (
    <>
      <button type="button" className="menu-button" aria-label={ko.nav.openMenu} aria-expanded={open} onClick={() => menu.open()}>
        <span className="menu-button__bars" aria-hidden="true" />
      </button>
      {Dialog && (
        <Dialog open={open} onOpenChange={(next) => (next ? menu.open() : menu.close())} title={ko.nav.menu} hideTitle variant="side">
          <nav className="side-menu">
            <ul>
              <li>
                {signedIn ? (
                  <Link to="/match-requests" replace className="side-menu__link" onClick={onOpenActivity}>
                    {ko.nav.activity}
                  </Link>
                ) : (
                  <Link to="/auth" replace className="side-menu__link">
                    {ko.nav.loginRequired}
                  </Link>
                )}
              </li>
              {signedIn && (
                <li>
                  <Link to="/chats" replace className="side-menu__link">
                    {ko.nav.chats}
                  </Link>
                </li>
              )}
              {MAIN_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} replace className="side-menu__link">
                    {link.label}
                  </Link>
                </li>
              ))}
              <li>
                <Link to="/my-reviews" replace className="side-menu__link">
                  {ko.nav.myReviews}
                </Link>
              </li>
            </ul>
          </nav>
        </Dialog>
      )}
    </>
  );
}
