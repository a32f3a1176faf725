/**
 * The Daum postcode-search widget (SPEC §5 "Post address … set only through the postcode
 * search"; issue #6), loaded on demand from `POSTCODE_SCRIPT_URL` (the server's CSP allows that
 * host in script-src and frame-src). Rejects when the script cannot load (offline, blocked).
 */
export const POSTCODE_SCRIPT_URL = 'https://t1.daumcdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js';

interface DaumPostcodeResult {
  address: string;
  roadAddress?: string;
  jibunAddress?: string;
}
interface DaumPostcode {
  new (options: { oncomplete: (data: DaumPostcodeResult) => void; width?: string; height?: string }): { embed(element: HTMLElement): void };
}
declare global {
  interface Window {
    daum?: { Postcode?: DaumPostcode };
  }
}

let loading: Promise<DaumPostcode> | null = null;

/** Loads the widget script once; answers the `Postcode` constructor. */
export function loadPostcode(timeoutMs = 8000): Promise<DaumPostcode> {
  loading ??= new Promise<DaumPostcode>((resolve, reject) => {
    if (window.daum?.Postcode) return resolve(window.daum.Postcode);
    const script = document.createElement('script');
    script.src = POSTCODE_SCRIPT_URL;
    script.async = true;
    const timer = setTimeout(() => reject(new Error('postcode script timed out')), timeoutMs);
    script.onload = () => {
      clearTimeout(timer);
      if (window.daum?.Postcode) resolve(window.daum.Postcode);
      else reject(new Error('postcode script has no Postcode'));
    };
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error('postcode script failed to load'));
    };
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Embeds the widget in `element`; `onSelect` receives the chosen address (road address first). */
export async function embedPostcode(element: HTMLElement, onSelect: (address: string) => void): Promise<void> {
  const Postcode = await loadPostcode();
  new Postcode({ oncomplete: (data) => onSelect(data.roadAddress || data.address || data.jibunAddress || ''), width: '100%', height: '100%' }).embed(element);
}
