import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from '@tanstack/react-router';
import { useRef, type FocusEvent } from 'react';
import type { User } from '@common/api/users';
import { Avatar } from '@/components/ui/avatar';
import { ko } from '@/i18n/ko';

export interface ProfileMenuProps {
  user: User;
  onOpenActivity?: () => void;
  onLogout: () => void;
  /** A member still in the setup wizard: only 로그아웃 (the other pages would send them back). */
  settingUp?: boolean;
  /**
   * Mount the menu open, as asked by the first press on `ProfileMenuButton` (the plain button that
   * stands in for this one until then); `keyboard`: its first item takes the focus.
   */
  openedBy?: 'pointer' | 'keyboard';
}

/** "프로필 메뉴": avatar and the dropdown of SPEC §2 (the unread count is on the bell, issue #16). */
export function ProfileMenu({ user, onOpenActivity, onLogout, settingUp = false, openedBy }: ProfileMenuProps) {
  const navigate = useNavigate();
  // Opened by a key before this code was there, Radix cannot know it was the keyboard: when Radix
  // focuses the opened menu, its first item takes the focus instead, as after a key on Radix's own
  // trigger. Only that first time.
  const focusFirst = useRef(openedBy === 'keyboard');
  const onContentFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (!focusFirst.current || event.target !== event.currentTarget) return;
    focusFirst.current = false;
    event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  };
  return (
    <DropdownMenu.Root modal={false} defaultOpen={openedBy !== undefined}>
      <DropdownMenu.Trigger className="profile-trigger" aria-label={ko.nav.profileMenu}>
        <Avatar src={user.profileImage} alt="" size={40} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={8} onFocus={onContentFocus}>
          <DropdownMenu.Label className="menu__label">{user.name}</DropdownMenu.Label>
          {!settingUp && (
            <>
              <DropdownMenu.Item className="menu__item" onSelect={() => void navigate({ to: '/profile' })}>
                {ko.nav.myInfo}
              </DropdownMenu.Item>
              <DropdownMenu.Item className="menu__item" onSelect={() => void navigate({ to: '/my-reviews' })}>
                {ko.nav.myReviews}
              </DropdownMenu.Item>
              <DropdownMenu.Item
                className="menu__item"
                onSelect={() => {
                  onOpenActivity?.();
                  void navigate({ to: '/match-requests' });
                }}
              >
                {ko.nav.activity}
              </DropdownMenu.Item>
              {/* Issue #17: only admins see the moderation page. */}
              {user.role === 'admin' && (
                <DropdownMenu.Item className="menu__item" onSelect={() => void navigate({ to: '/admin' })}>
                  {ko.admin.menu}
                </DropdownMenu.Item>
              )}
              <DropdownMenu.Separator className="menu__separator" />
            </>
          )}
          <DropdownMenu.Item className="menu__item" onSelect={onLogout}>
            {ko.nav.logout}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
