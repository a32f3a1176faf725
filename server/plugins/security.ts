/**
 * Security headers (@fastify/helmet) with a Content-Security-Policy that allows only what the
 * app needs: own scripts, styles (inline styles for React style props), images from self, data:,
 * blob: and https: (uploaded previews, map tiles), connections to self, the same host's
 * WebSocket (`/ws`) and Firebase's push registration hosts, own workers and manifest; no framing, plugins or foreign form targets.
 * The Swagger UI at /api/docs loads only its own files, so it runs under the same policy.
 * Also registers response compression (@fastify/compress: br/gzip above 1 KB).
 */
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';

/** Hosts `firebase/messaging`'s `getToken` calls (installation id, then the FCM registration). */
export const FCM_CONNECT_ORIGINS = ['https://firebaseinstallations.googleapis.com', 'https://fcmregistrations.googleapis.com'];

/** The CSP directives for a public origin such as `https://bapsang.example`. */
export function cspDirectives(publicUrl: string): Record<string, string[]> {
  const url = new URL(publicUrl);
  const wsOrigin = `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
  return {
    'default-src': ["'self'"],
    // The Daum postcode widget (board address search, issue #6) is loaded on demand from this host.
    'script-src': ["'self'", 'https://t1.daumcdn.net'],
    'frame-src': ["'self'", 'https://t1.daumcdn.net'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
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
export const securityPlugin = fp<{ publicUrl: string }>(
  async (app, opts) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts.publicUrl) },
      // Uploaded images and icons may be shown by other origins' previews; everything else stays same-origin.
      crossOriginResourcePolicy: { policy: 'same-site' },
      crossOriginEmbedderPolicy: false,
      hsts: false,
    });
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  },
  { name: 'security' },
);
