/**
 * Security headers (@fastify/helmet) with a Content-Security-Policy that allows only what the
 * app needs: own scripts, styles (inline styles for React style props), images from self, data:,
 * blob: (upload previews) and the map tile hosts only (`MAP_IMAGE_SOURCES`; issue #13: no `https:`
 * wildcard, so no image from another host can learn a reader's IP address — post HTML keeps only
 * our uploads, social-login pictures are copied into them), connections to self, the same host's
 * WebSocket (`/ws`) and Firebase's push registration hosts, own workers and manifest; no framing,
 * plugins or foreign form targets; `X-Content-Type-Options: nosniff`.
 * HSTS (`max-age=15552000; includeSubDomains`, 180 days) only when PUBLIC_URL is https (issue #13);
 * a plain-http deployment sends none (a browser ignores it over http anyway, and it must not pin
 * a host that has no TLS).
 * The Swagger UI at /api/docs loads only its own files, so it runs under the same policy.
 * Also registers response compression (@fastify/compress: br/gzip above 1 KB).
 */
import { createHash } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import { BOOT_AFTER_PAINT_SCRIPT, PAGE_PRELOAD_SCRIPT, PRERENDER_GUARD_SCRIPT } from '../../common/prerender.ts';

/** CSP source of the prerendered pages' inline guard (issue #33 item 2): allowed by its SHA-256, nothing else inline. */
export const PRERENDER_GUARD_HASH = `'sha256-${createHash('sha256').update(PRERENDER_GUARD_SCRIPT).digest('base64')}'`;
/** CSP source of the preloaded member pages' inline script (issue #33 item 2; its addresses are attributes, so one hash). */
export const PAGE_PRELOAD_HASH = `'sha256-${createHash('sha256').update(PAGE_PRELOAD_SCRIPT).digest('base64')}'`;
/** CSP source of the prerendered pages' boot script (issue #33 item 2; the entry's address is an attribute, so one hash). */
export const BOOT_AFTER_PAINT_HASH = `'sha256-${createHash('sha256').update(BOOT_AFTER_PAINT_SCRIPT).digest('base64')}'`;

/** Hosts `firebase/messaging`'s `getToken` calls (installation id, then the FCM registration). */
export const FCM_CONNECT_ORIGINS = ['https://firebaseinstallations.googleapis.com', 'https://fcmregistrations.googleapis.com'];

/** Image hosts of the default maps (src/lib/maps): OpenStreetMap tiles for Leaflet (`{s}.tile.openstreetmap.org`). */
export const MAP_IMAGE_SOURCES = ['https://tile.openstreetmap.org', 'https://*.tile.openstreetmap.org'];

/**
 * Kakao hosts, allowed only when the client is built with the matching key (issue #18 item 5):
 * - Maps (`VITE_KAKAO_MAP_KEY`): the loader `dapi.kakao.com/v2/maps/sdk.js` (also the geocoder's
 *   JSONP answers), which loads the map engine from `t1.daumcdn.net` (always allowed for the
 *   postcode widget), and tiles and sprites from `*.daumcdn.net` (map0–3, mts, t1).
 * - KakaoTalk share (`VITE_KAKAO_JS_KEY`): the JS SDK from `t1.kakaocdn.net` (its share opens
 *   sharer.kakao.com in a new window, which this page's CSP does not govern).
 */
export const KAKAO_MAP_SCRIPT_SOURCES = ['https://dapi.kakao.com'];
export const KAKAO_MAP_IMAGE_SOURCES = ['https://*.daumcdn.net'];
export const KAKAO_SHARE_SCRIPT_SOURCES = ['https://t1.kakaocdn.net'];

export interface KakaoBrowserSdks {
  map: boolean;
  share: boolean;
}

/** HSTS when served over https (issue #13): 180 days, subdomains included, no preload. */
export const HSTS = { maxAge: 15_552_000, includeSubDomains: true, preload: false } as const;

/** The CSP directives for a public origin such as `https://bapsang.example`. */
export function cspDirectives(publicUrl: string, kakao: KakaoBrowserSdks = { map: false, share: false }): Record<string, string[]> {
  const url = new URL(publicUrl);
  const wsOrigin = `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
  return {
    'default-src': ["'self'"],
    // The Daum postcode widget (board address search, issue #6) is loaded on demand from this host.
    // The prerendered pages' one inline script (common/prerender.ts), by its hash.
    'script-src': ["'self'", PRERENDER_GUARD_HASH, PAGE_PRELOAD_HASH, BOOT_AFTER_PAINT_HASH, 'https://t1.daumcdn.net', ...(kakao.map ? KAKAO_MAP_SCRIPT_SOURCES : []), ...(kakao.share ? KAKAO_SHARE_SCRIPT_SOURCES : [])],
    'frame-src': ["'self'", 'https://t1.daumcdn.net'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...MAP_IMAGE_SOURCES, ...(kakao.map ? KAKAO_MAP_IMAGE_SOURCES : [])],
    // Firebase Cloud Messaging's web SDK registers the device there to get a push token (issue #7).
    'connect-src': ["'self'", wsOrigin, ...FCM_CONNECT_ORIGINS],
    'font-src': ["'self'", 'data:'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

/** Registers helmet (with our CSP) and compression. */
export const securityPlugin = fp<{ publicUrl: string; kakao?: KakaoBrowserSdks }>(
  async (app, opts) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts.publicUrl, opts.kakao) },
      // Uploaded images and icons may be shown by other origins' previews; everything else stays same-origin.
      crossOriginResourcePolicy: { policy: 'same-site' },
      crossOriginEmbedderPolicy: false,
      hsts: opts.publicUrl.startsWith('https://') ? HSTS : false,
    });
    // Brotli at quality 5, not the library's 11: compressing each built chunk on the fly at 11 took
    // long enough that a service worker precaching ~100 files stalled on a busy 2-core server.
    // The built client's text files are sent as brotli 11 copies made at build time (static.ts).
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip', 'deflate'],
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
    });
  },
  { name: 'security' },
);
