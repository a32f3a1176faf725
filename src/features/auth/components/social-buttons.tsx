import { useEffect, useState } from 'react';
import { ko } from '@/i18n/ko';
import { apiUrl } from '@/lib/api-client';
import { getProviders, type SocialProvider } from '../api/get-providers';

const LABELS: Record<SocialProvider, string> = { kakao: ko.auth.kakao, naver: ko.auth.naver };

/** Social login buttons, only for providers the server lists; they leave the app for the provider. */
export function SocialButtons() {
  const [providers, setProviders] = useState<SocialProvider[]>([]);
  useEffect(() => {
    let alive = true;
    getProviders()
      .then((list) => alive && setProviders(list))
      .catch(() => alive && setProviders([]));
    return () => {
      alive = false;
    };
  }, []);
  if (providers.length === 0) return null;
  return (
    <div className="social-buttons">
      {providers.map((p) => (
        <button
          key={p}
          type="button"
          className={`btn btn--block social-button social-button--${p}`}
          onClick={() => window.location.assign(apiUrl(`/oauth2/authorization/${p}`))}
        >
          {LABELS[p]}
        </button>
      ))}
    </div>
  );
}
