/**
 * Sharing a link (issue #18 item 6): the Web Share API where the browser has it (phones), else
 * KakaoTalk share when `VITE_KAKAO_JS_KEY` is set (the Kakao JS SDK is loaded from Kakao's CDN
 * only then, on the first share, never bundled), else the link is copied to the clipboard.
 * The caller shows the toast for 'copied' (see src/components/ui/share-button.tsx).
 */
import { env } from '@/config/env';

export interface ShareData {
  title: string;
  text: string;
  /** A path of the app (`/board?post=12`) or an absolute URL. */
  url: string;
}

/** What happened: shared (system sheet or KakaoTalk), cancelled by the member, copied, or nothing worked. */
export type ShareOutcome = 'shared' | 'kakao' | 'cancelled' | 'copied' | 'failed';

/** The Kakao JS SDK version loaded from the official CDN (developers.kakao.com/docs/latest/javascript/download). */
export const KAKAO_SDK_URL = 'https://t1.kakaocdn.net/kakao_js_sdk/2.7.9/kakao.min.js';

interface KakaoShareSdk {
  init(key: string): void;
  isInitialized(): boolean;
  Share: { sendDefault(template: Record<string, unknown>): void };
}

let kakaoSdk: Promise<KakaoShareSdk> | null = null;

function loadKakaoSdk(key: string): Promise<KakaoShareSdk> {
  kakaoSdk ??= new Promise<KakaoShareSdk>((resolve, reject) => {
    const ready = () => {
      const sdk = (window as unknown as { Kakao?: KakaoShareSdk }).Kakao;
      if (!sdk) return reject(new Error('Kakao SDK is missing'));
      if (!sdk.isInitialized()) sdk.init(key);
      resolve(sdk);
    };
    const script = document.createElement('script');
    script.src = KAKAO_SDK_URL;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.onload = ready;
    script.onerror = () => reject(new Error('Kakao SDK failed to load'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    kakaoSdk = null;
    throw error;
  });
  return kakaoSdk;
}

/** The absolute form of an app path, on this origin. */
export function absoluteUrl(url: string): string {
  return new URL(url, window.location.origin).toString();
}

export async function shareLink(data: ShareData): Promise<ShareOutcome> {
  const url = absoluteUrl(data.url);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: data.title, text: data.text, url });
      return 'shared';
    } catch (error) {
      // Cancelled by the member: nothing more. Anything else (not allowed here) falls through.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  if (env.kakaoJsKey) {
    try {
      const sdk = await loadKakaoSdk(env.kakaoJsKey);
      sdk.Share.sendDefault({
        objectType: 'text',
        text: `${data.title}\n${data.text}`.slice(0, 200),
        link: { mobileWebUrl: url, webUrl: url },
      });
      return 'kakao';
    } catch {
      // The SDK did not load (offline, blocked): copy the link instead.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
