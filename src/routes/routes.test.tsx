import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
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
  it('sends a visitor from a member page to /auth', async () => {
    useSession.setState({ status: 'signedOut' });
    mockFetch({ 'GET /api/auth/providers': () => jsonResponse({ providers: [] }) });
    const router = renderAt('/matching');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('tab', { name: '로그인' })).toBeTruthy();
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
    expect(screen.getByRole('button', { name: '프로필 메뉴' })).toBeTruthy();
  });
});
