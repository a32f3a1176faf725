import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { ProfileMenuButton } from './profile-menu-button';

function renderButton(onLogout = vi.fn()) {
  const rootRoute = createRootRoute({
    component: () => (
      <main>
        <ProfileMenuButton user={makeUser({ name: '김밥' })} onLogout={onLogout} />
      </main>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<RouterProvider router={router} />);
  return onLogout;
}

describe('프로필 메뉴 loads its dropdown on the first press (issue #33 item 1)', () => {
  it('opens by keyboard with its first item focused, and Escape returns the focus to the trigger', async () => {
    renderButton();
    const trigger = await screen.findByRole('button', { name: '프로필 메뉴' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();

    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['내 정보', '내 리뷰', '활동 내역', '로그아웃']);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('내 정보'));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('내 리뷰');

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '프로필 메뉴' }));
  });

  it('opens on a click, and its items act', async () => {
    const onLogout = renderButton();
    await userEvent.click(await screen.findByRole('button', { name: '프로필 메뉴' }));
    const menu = await screen.findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: '로그아웃' }));
    expect(onLogout).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});
