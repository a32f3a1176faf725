import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { User } from '@common/api/users';
import { isNewMember } from '@common/domain/account';
import { ko } from '@/i18n/shell';
import { MainNav } from './nav-links';
import { ProfileMenuButton } from './profile-menu-button';
import { SideMenu } from './side-menu';


interface TopBarProps {
  user: User | null;
  /** The notification bell (issue #16), composed by the root route; shown to members past the setup. */
  bell?: ReactNode;
  onOpenActivity?: () => void;
  onLogout: () => void;
}

function LogoMark() {
  return (
    <svg className="logo__mark" viewBox="0 0 32 32" width="30" height="30" aria-hidden="true" focusable="false">
      <path d="M6 9c2-2 4-2 6 0M13 7c2-2 4-2 6 0M20 9c2-2 4-2 6 0" fill="none" stroke="#ffb38f" strokeWidth="2" strokeLinecap="round" />
      <path d="M3 15h26a13 11 0 0 1-26 0z" fill="#ff7a45" />
      <ellipse cx="16" cy="15" rx="13" ry="3" fill="#fff3e8" />
      <rect x="11" y="26" width="10" height="3" rx="1.5" fill="#e85d2a" />
    </svg>
  );
}

/**
 * The top bar. A member who has not finished the setup wizard sees only the setup (SPEC §2,
 * issue #14): no main links, no side menu, and a profile menu with just 로그아웃.
 */
export function TopBar({ user, bell, onOpenActivity, onLogout }: TopBarProps) {
  // Issue #17: the consent step, like the setup wizard, comes before everything else.
  const settingUp = isNewMember(user) || user?.consentRequired === true;
  return (
    <header className="top-bar">
      <div className="top-bar__inner">
        {!settingUp && <SideMenu signedIn={user !== null} onOpenActivity={onOpenActivity} />}
        <Link to="/" className="logo">
          <LogoMark />
          <span>{ko.app.name}</span>
        </Link>
        {!settingUp && <MainNav />}
        <div className="top-bar__actions">
          {user && !settingUp && bell}
          {user ? (
            // The dropdown's code loads on the first press (issue #33 item 1); visitors never download it (issue #14).
            <ProfileMenuButton user={user} onOpenActivity={onOpenActivity} onLogout={onLogout} settingUp={settingUp} />
          ) : (
            <>
              <Link to="/auth" className="btn btn--ghost btn--small">
                {ko.nav.login}
              </Link>
              <Link to="/auth" search={{ mode: 'register' }} state={{ mode: 'register' }} className="btn btn--primary btn--small">
                {ko.nav.register}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
