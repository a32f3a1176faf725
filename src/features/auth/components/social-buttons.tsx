import { useQuery } from '@tanstack/react-query';
import { ko } from '@/i18n/ko';
import { apiUrl } from '@/lib/api-client';
import { providersQuery, type SocialProvider } from '../api/get-providers';

const LABELS: Record<SocialProvider, string> = { kakao: ko.auth.kakao, naver: ko.auth.naver };

/** Kakao's speech-bubble symbol (black on the Kakao yellow). */
function KakaoSymbol() {
  return (
    <svg className="social-button__mark" viewBox="0 0 18 18" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="#000"
        d="M9 1.6C4.58 1.6 1 4.42 1 7.9c0 2.24 1.49 4.2 3.73 5.32-.16.58-.59 2.12-.68 2.45-.1.41.15.4.32.29.13-.09 2.08-1.41 2.92-1.98.56.08 1.13.12 1.71.12 4.42 0 8-2.82 8-6.3S13.42 1.6 9 1.6z"
      />
    </svg>
  );
}

/** Naver's "N" mark (white on the Naver green). */
function NaverMark() {
  return (
    <svg className="social-button__mark" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path fill="#fff" d="M10.85 8.56 5.01 0H0v16h5.15V7.44L10.99 16H16V0h-5.15z" />
    </svg>
  );
}

const MARKS: Record<SocialProvider, () => React.JSX.Element> = { kakao: KakaoSymbol, naver: NaverMark };

/** Social login buttons, only for providers the server lists; they leave the app for the provider. */
export function SocialButtons() {
  const providers = useQuery(providersQuery()).data ?? [];
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
          {MARKS[p]()}
          <span>{LABELS[p]}</span>
        </button>
      ))}
    </div>
  );
}
