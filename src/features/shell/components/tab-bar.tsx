import { Link, useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { format, ko } from '@/i18n/ko';

/** Path prefixes each tab stands for (the tab is current on any of them). */
const TABS = [
  { key: 'home', to: '/', label: ko.tabs.home, match: ['/'] },
  { key: 'matching', to: '/matching', label: ko.tabs.matching, match: ['/matching'] },
  // 내 약속: the activity (requests and meals) and my own schedule.
  { key: 'meals', to: '/match-requests', label: ko.tabs.meals, match: ['/match-requests', '/schedule', '/write-review'] },
  // 채팅: the chat list of the table issue (`/chats`) and each chat.
  { key: 'chats', to: '/chats', label: ko.tabs.chats, match: ['/chats', '/chat/'] },
  { key: 'me', to: '/profile', label: ko.tabs.me, match: ['/profile', '/my-reviews', '/notifications'] },
] as const;

type TabKey = (typeof TABS)[number]['key'];

/** The tab that is current for `pathname`, if any. */
export function currentTab(pathname: string): TabKey | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return TABS.find((tab) => tab.match.some((m) => (m === '/' ? path === '/' : path === m || path.startsWith(m.endsWith('/') ? m : `${m}/`))))?.key;
}

const ICONS: Record<TabKey, ReactNode> = {
  home: <path d="M4 11 12 4l8 7v9a1 1 0 0 1-1 1h-4v-6H9v6H5a1 1 0 0 1-1-1z" />,
  matching: (
    <>
      <circle cx="11" cy="11" r="6" />
      <path d="m20 20-4.5-4.5" />
    </>
  ),
  meals: (
    <>
      <rect x="4" y="5" width="16" height="15" rx="2" />
      <path d="M4 10h16M9 3v4M15 3v4" />
    </>
  ),
  chats: <path d="M5 5h14a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H10l-4 3v-3H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z" />,
  me: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>
  ),
};

/**
 * The bottom tab bar on phones (issue #31 item 1; hidden from 992 px, where the top navigation
 * stays): 홈, 매칭, 내 약속, 채팅, 내 정보, each a 44 px+ target with `aria-current="page"` on the
 * current one, unread badges on 내 약속 and 채팅 (`useTabBadges`, composed by src/routes/-tab-bar.tsx), and room for the home
 * indicator (`env(safe-area-inset-bottom)`). Members only; the side menu stays behind the hamburger.
 */
export function TabBar({ badges }: { badges: { meals: number; chats: number } }) {
  const pathname = useLocation({ select: (l) => l.pathname });
  const current = currentTab(pathname);
  const counts: Partial<Record<TabKey, number>> = { meals: badges.meals, chats: badges.chats };
  return (
    <nav className="tab-bar" aria-label={ko.tabs.label}>
      <ul>
        {TABS.map((tab) => {
          const count = counts[tab.key] ?? 0;
          return (
            <li key={tab.key}>
              <Link
                // `/chats` is the table issue's page; the cast keeps this branch typed until it lands.
                to={tab.to as '/'}
                className="tab-bar__link"
                aria-current={current === tab.key ? 'page' : undefined}
                data-tab={tab.key}
              >
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                  {ICONS[tab.key]}
                </svg>
                <span className="tab-bar__label">{tab.label}</span>
                {count > 0 && (
                  <>
                    <span className="visually-hidden"> {format(ko.tabs.unread, { n: count })}</span>
                    <span className="tab-bar__badge" aria-hidden="true" data-testid={`tab-badge-${tab.key}`}>
                      {count > 99 ? '99+' : count}
                    </span>
                  </>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
