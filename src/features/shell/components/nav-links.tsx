import { Link } from '@tanstack/react-router';
import { ko } from '@/i18n/shell';

/** The four main destinations (top bar from 992 px, side menu below). */
export const MAIN_LINKS = [
  { to: '/matching', label: ko.nav.matching },
  { to: '/schedule', label: ko.nav.schedule },
  { to: '/restaurant-rec', label: ko.nav.recommend },
  { to: '/board', label: ko.nav.board },
] as const;

export function MainNav() {
  return (
    <nav className="main-nav" aria-label={ko.nav.mainMenu}>
      <ul>
        {MAIN_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="main-nav__link" activeProps={{ className: 'main-nav__link is-active', 'aria-current': 'page' }}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
