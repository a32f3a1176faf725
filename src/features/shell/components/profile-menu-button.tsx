import { useState, type ComponentType, type KeyboardEvent } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { ko } from '@/i18n/shell';
import type { ProfileMenuProps } from './profile-menu';

/** How the menu was asked for: by keyboard its first item takes the focus, as Radix does. */
type OpenedBy = 'pointer' | 'keyboard';

let loaded: ComponentType<ProfileMenuProps> | null = null;

/**
 * "프로필 메뉴" (SPEC §2) as it stands before its first press: the same avatar button, without
 * the dropdown's code (Radix DropdownMenu and floating-ui, 28 kB brotli with the dialog
 * primitives), which no first view needs (issue #33 item 1). The first press (click, Enter,
 * Space or ArrowDown, as on Radix's trigger) loads `profile-menu.tsx` and puts the real menu in
 * its place, open; from then on it is Radix's menu, and closing it returns the focus to its
 * trigger. A failed load (offline before the service worker controls the page) leaves the button
 * as it is; the next press tries again.
 */
export function ProfileMenuButton(props: ProfileMenuProps) {
  const [menu, setMenu] = useState<{ Menu: ComponentType<ProfileMenuProps>; openedBy: OpenedBy | null } | null>(() =>
    loaded ? { Menu: loaded, openedBy: null } : null,
  );
  const [loading, setLoading] = useState(false);

  if (menu) return <menu.Menu {...props} openedBy={menu.openedBy ?? undefined} />;

  const open = (openedBy: OpenedBy) => {
    if (loading) return;
    setLoading(true);
    import('./profile-menu').then(
      (m) => {
        loaded = m.ProfileMenu;
        setMenu({ Menu: m.ProfileMenu, openedBy });
      },
      () => setLoading(false),
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    open('keyboard');
  };
  return (
    <button
      type="button"
      className="profile-trigger"
      aria-label={ko.nav.profileMenu}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => open('pointer')}
      onKeyDown={onKeyDown}
    >
      <Avatar src={props.user.profileImage} alt="" size={40} />
    </button>
  );
}
