import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toasts } from '@/components/ui/toasts';
import { useSession } from '@/lib/session/store';
import { fakeJwt, jsonResponse, makeUser, mockFetch } from '@/test/fixtures';
import { findToast } from '@/test/render';
import { OAuthCallback } from './oauth-callback';

function renderCallback(props: { token?: string; error?: string }) {
  const onFinish = vi.fn();
  render(
    <>
      <Toasts />
      <OAuthCallback {...props} onFinish={onFinish} />
    </>,
  );
  return onFinish;
}

describe('OAuth callback (SPEC §2, §5, §8)', () => {
  it('shows the spinner text and reports an error parameter', async () => {
    const onFinish = renderCallback({ error: 'access_denied' });
    expect(screen.getByText('로그인 처리 중입니다...')).toBeTruthy();
    await findToast('로그인에 실패했어요.');
    expect(onFinish).toHaveBeenCalledWith('/auth');
  });

  it('sends a token of 10 characters or fewer back to /auth without a call', () => {
    const fetchMock = mockFetch({});
    const onFinish = renderCallback({ token: '0123456789' });
    expect(onFinish).toHaveBeenCalledWith('/auth');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in with a longer token and goes home', async () => {
    window.history.pushState(null, '', '/oauth/callback?token=a-long-social-token');
    let urlDuringCall = '';
    mockFetch({
      'POST /api/auth/social': () => {
        urlDuringCall = window.location.href;
        return jsonResponse({ accessToken: fakeJwt(Date.now() + 3_600_000), ...makeUser() });
      },
    });
    const onFinish = renderCallback({ token: 'a-long-social-token' });
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith('/'));
    // The code left the address bar before it was exchanged.
    expect(urlDuringCall).not.toContain('a-long-social-token');
    expect(window.location.search).toBe('');
    expect(useSession.getState().status).toBe('signedIn');
  });

  it('says the processing failed when the social call fails', async () => {
    mockFetch({ 'POST /api/auth/social': () => jsonResponse({ message: 'x' }, 500) });
    const onFinish = renderCallback({ token: 'a-long-social-token' });
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith('/auth'));
    await findToast('로그인 처리 중 오류가 생겼어요.');
  });
});
