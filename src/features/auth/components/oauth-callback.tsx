import { useEffect, useRef } from 'react';
import { SOCIAL_TOKEN_MIN_EXCLUSIVE } from '@common/domain/account';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/feedback-store';
import { ko } from '@/i18n/ko';
import { useSession } from '@/lib/session/store';
import { socialLogin } from '../api/social-login';

interface OAuthCallbackProps {
  token?: string;
  error?: string;
  /** Where to go next: '/auth' on failure, '/' on success. */
  onFinish: (to: '/' | '/auth') => void;
}

/**
 * The social login return handler (SPEC §2 "OAuth callback", issue #8). The session of a social
 * login is not remembered (session storage), like a password login without "로그인 상태 유지".
 */
export function OAuthCallback({ token, error, onFinish }: OAuthCallbackProps) {
  const started = useRef(false);
  const signIn = useSession((s) => s.signIn);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The one-time code leaves the address bar (and history) before it is used.
    if (window.location.search) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.hash);
    if (error) {
      toast.error(ko.auth.oauthFailed);
      onFinish('/auth');
      return;
    }
    if (!token || token.length <= SOCIAL_TOKEN_MIN_EXCLUSIVE) {
      onFinish('/auth');
      return;
    }
    socialLogin(token)
      .then(({ accessToken, ...user }) => {
        if (!accessToken) throw new Error('no access token');
        signIn({ token: accessToken, user, remember: false });
        onFinish('/');
      })
      .catch(() => {
        toast.error(ko.auth.loginError);
        onFinish('/auth');
      });
  }, [token, error, onFinish, signIn]);

  return <Spinner label={ko.auth.oauthProcessing} fullScreen />;
}
