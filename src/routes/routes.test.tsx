import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionSnapshot, useSession } from '@/lib/session/store';
import { fakeJwt, jsonResponse, makeUser, mockFetch } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';
import { routeTree } from '../routeTree.gen';

// The real prompt imports the PWA plugin's virtual module, which exists only in a Vite build.
vi.mock('@/features/shell/components/update-prompt', () => ({ UpdatePrompt: () => null }));

function renderAt(path: string) {
  const queryClient = createTestQueryClient();
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { session: () => sessionSnapshot(), queryClient },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function signIn(isNewUser = false) {
  useSession.getState().signIn({ token: fakeJwt(Date.now() + 3_600_000), user: makeUser({ isNewUser }), remember: false });
}

describe('routes and guards (SPEC §2)', () => {
  it('sends a visitor from a member page to /auth carrying the page, and back there after login (issue #14)', async () => {
    useSession.setState({ status: 'signedOut' });
    mockFetch({ 'GET /api/auth/providers': () => jsonResponse({ providers: [] }) });
    const router = renderAt('/my-reviews?page=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.search).toEqual({ redirect: '/my-reviews?page=2' });
    expect(await screen.findByRole('tab', { name: '로그인' })).toBeTruthy();
    // the page has one h1, and the title says where we are
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['로그인']);
    await waitFor(() => expect(document.title).toBe('로그인 · 밥상친구'));
    // the social login's round trip keeps the page in this tab's sessionStorage
    expect(sessionStorage.getItem('bapsang.loginRedirect')).toBe('/my-reviews?page=2');
    act(() => signIn());
    await act(() => router.invalidate());
    await waitFor(() => expect(router.state.location.href).toBe('/my-reviews?page=2'));
    expect(await screen.findByRole('heading', { level: 1, name: '내가 받은 리뷰' })).toBeTruthy();
  });

  it('never follows a redirect to another site', async () => {
    signIn();
    mockFetch({ 'GET /api/ai/featured-reviews': () => jsonResponse([]) });
    const router = renderAt('/auth?redirect=%2F%2Fevil.example');
    await waitFor(() => expect(router.state.location.href).toBe('/'));
  });

  it('names the page in document.title and moves focus to the new h1 after a navigation, not on first load', async () => {
    signIn();
    mockFetch({ 'GET /api/ai/featured-reviews': () => jsonResponse([]) });
    const router = renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: '혼밥하기 싫은 날, 밥상친구' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('밥상친구'));
    expect(document.activeElement).toBe(document.body);
    await act(() => router.navigate({ to: '/my-reviews' }));
    const heading = await screen.findByRole('heading', { level: 1, name: '내가 받은 리뷰' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(document.title).toBe('내가 받은 리뷰 · 밥상친구');
  });

  it('shows a member in the setup wizard only the setup: no main links, no side menu, only 로그아웃', async () => {
    signIn(true);
    renderAt('/profile-setup');
    expect(await screen.findByRole('heading', { level: 1, name: '프로필 설정' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: '주요 메뉴' })).toBeNull();
    expect(screen.queryByRole('button', { name: '메뉴 열기' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: '프로필 메뉴' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['로그아웃']);
  });

  it('keeps the side menu in the address (?menu=1): Back closes it and focus returns to its button', async () => {
    signIn();
    mockFetch({ 'GET /api/ai/featured-reviews': () => jsonResponse([]) });
    const router = renderAt('/');
    const opener = await screen.findByRole('button', { name: '메뉴 열기' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: '메뉴' });
    expect(router.state.location.search).toEqual({ menu: 1 });
    expect(within(dialog).getByRole('link', { name: '매칭' })).toBeTruthy();
    await act(async () => router.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '메뉴' })).toBeNull());
    expect(router.state.location.search).toEqual({});
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('opens the password-reset form at /auth?mode=forgotPassword (the link of the "already has an account" mail, issue #13)', async () => {
    useSession.setState({ status: 'signedOut' });
    mockFetch({ 'GET /api/auth/providers': () => jsonResponse({ providers: [] }) });
    renderAt('/auth?mode=forgotPassword');
    expect(await screen.findByRole('heading', { level: 2, name: '비밀번호 찾기' })).toBeTruthy();
  });

  it('keeps a new member on /profile-setup', async () => {
    signIn(true);
    const router = renderAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile-setup'));
    expect(await screen.findByRole('heading', { level: 2, name: '성별' })).toBeTruthy();
  });

  it('sends a member away from /auth and unknown paths to /', async () => {
    signIn();
    mockFetch({ 'GET /api/ai/featured-reviews': () => jsonResponse([]) });
    const router = renderAt('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('아직 추천할 만한 후기가 없어요.')).toBeTruthy();
    await router.navigate({ to: '/$', params: { _splat: 'no/such/page' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('renders a member screen inside the signed-in frame', async () => {
    signIn();
    renderAt('/my-reviews');
    expect(await screen.findByRole('heading', { level: 1, name: '내가 받은 리뷰' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: '프로필 메뉴' })).toBeTruthy();
  });
  it('shows the bell with the server unread count in the top bar and opens the inbox /notifications (issue #16)', async () => {
    signIn();
    mockFetch({
      'GET /api/ai/featured-reviews': () => jsonResponse([]),
      'GET /api/notifications/unread-count': () => jsonResponse({ count: 2 }),
      'GET /api/notifications': () => jsonResponse([]),
    });
    renderAt('/');
    const bell = await screen.findByRole('link', { name: '알림 2개 읽지 않음' });
    await userEvent.click(bell);
    expect(await screen.findByRole('heading', { level: 1, name: '알림' })).toBeTruthy();
    expect(await screen.findByText('새 알림이 없어요.')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('알림 · 밥상친구'));
  });
});
