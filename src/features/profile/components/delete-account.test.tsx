import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session/store';
import { fakeJwt, jsonResponse, makeUser, mockFetch } from '@/test/fixtures';
import { findToast, renderWithFeedback } from '@/test/render';
import { DeleteAccount } from './delete-account';

/** 내 정보's danger zone at /profile, and the home page it leaves for. */
function setup(hasPassword: boolean) {
  const member = makeUser({ hasPassword });
  useSession.getState().signIn({ token: fakeJwt(Date.now() + 3_600_000), user: member, remember: false });
  const root = createRootRoute({ component: Outlet });
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/profile', component: () => <DeleteAccount user={member} /> }),
    createRoute({ getParentRoute: () => root, path: '/', component: () => <h1>홈</h1> }),
  ];
  const router = createRouter({ routeTree: root.addChildren(routes), history: createMemoryHistory({ initialEntries: ['/profile'] }) });
  renderWithFeedback(<RouterProvider router={router} />);
  return { user: userEvent.setup(), router };
}

const sentBodies = (fetch: ReturnType<typeof mockFetch>) => fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([, init]) => JSON.parse(String(init?.body)));

describe('회원 탈퇴 (issue #17 item 2)', () => {
  it('a wrong password stays on the field with the server text; the member stays signed in', async () => {
    const fetch = mockFetch({ 'DELETE /api/user/me': () => jsonResponse({ code: 'FORBIDDEN', message: '비밀번호가 일치하지 않아요.' }, 403) });
    const { user, router } = setup(true);
    await user.click(await screen.findByRole('button', { name: '회원 탈퇴' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('비밀번호 확인'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: '탈퇴하기' }));
    expect(await within(dialog).findByText('비밀번호가 일치하지 않아요.')).toBeTruthy();
    expect(sentBodies(fetch)).toEqual([{ password: 'wrong' }]);
    expect(useSession.getState().user).not.toBeNull();
    expect(router.state.location.pathname).toBe('/profile');
  }, 15_000);

  it('a social member types 탈퇴: the word is sent trimmed, the session ends with the goodbye toast on the home page', async () => {
    const fetch = mockFetch({ 'DELETE /api/user/me': () => new Response(null, { status: 204 }) });
    const { user, router } = setup(false);
    await user.click(await screen.findByRole('button', { name: '회원 탈퇴' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText("확인을 위해 '탈퇴'를 입력해주세요"), ' 탈퇴 ');
    await user.click(within(dialog).getByRole('button', { name: '탈퇴하기' }));
    await findToast('탈퇴가 완료되었어요.');
    expect(sentBodies(fetch)).toEqual([{ confirm: '탈퇴' }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useSession.getState().user).toBeNull();
    expect(await screen.findByRole('heading', { name: '홈' })).toBeTruthy();
  }, 15_000);
});
