import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { ko } from '@/i18n/ko';
import { MAIN_LINKS } from './nav-links';

interface SideMenuProps {
  signedIn: boolean;
  onOpenActivity: () => void;
}

/** Below 992 px: "메뉴 열기" opens the "메뉴" dialog with the items of SPEC §2. */
export function SideMenu({ signedIn, onOpenActivity }: SideMenuProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button type="button" className="menu-button" aria-label={ko.nav.openMenu} aria-expanded={open} onClick={() => setOpen(true)}>
        <span className="menu-button__bars" aria-hidden="true" />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={ko.nav.menu} hideTitle variant="side">
        <nav className="side-menu">
          <ul>
            <li>
              {signedIn ? (
                <Link
                  to="/match-requests"
                  className="side-menu__link"
                  onClick={() => {
                    onOpenActivity();
                    close();
                  }}
                >
                  {ko.nav.activity}
                </Link>
              ) : (
                <Link to="/auth" className="side-menu__link" onClick={close}>
                  {ko.nav.loginRequired}
                </Link>
              )}
            </li>
            {MAIN_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="side-menu__link" onClick={close}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/my-reviews" className="side-menu__link" onClick={close}>
                {ko.nav.myReviews}
              </Link>
            </li>
          </ul>
        </nav>
      </Dialog>
    </>
  );
}
