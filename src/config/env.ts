/**
 * The client's configuration, read once from `import.meta.env` and typed (STYLE.md habit 1).
 * Nothing else in `src/` reads `import.meta.env`.
 */
function trimSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

const raw = import.meta.env;

function optionalString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

export const env = {
  /** API host; '' means the same origin that served the app. */
  apiUrl: trimSlash(typeof raw.VITE_API_URL === 'string' ? raw.VITE_API_URL : ''),
  /** Kakao Maps JavaScript key: when set the maps adapter uses Kakao, otherwise Leaflet + OSM. */
  kakaoMapKey: optionalString(raw.VITE_KAKAO_MAP_KEY),
  /** True in `vite build` output. */
  isProduction: Boolean(raw.PROD),
} as const;
