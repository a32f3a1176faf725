/**
 * Static plugin: serves the built client from STATIC_DIR when it exists, and owns the not-found
 * policy for the whole app.
 * - `/assets/*` (content-hashed by Vite): `Cache-Control: public, max-age=31536000, immutable`.
 * - A file with a `.br` / `.gz` copy beside it (scripts/precompress.mjs, run by `npm run build`) is
 *   sent as that copy to a browser that accepts it (issue #33 item 1: brotli 11 instead of the
 *   on-the-fly quality 5, and no compression per request); the others are compressed on the fly
 *   (security.ts). The copy's headers are those of the file it stands for.
 * - `index.html`, `sw.js` and the manifest: `no-cache` (always revalidated, so updates show).
 * - other files (icons, avatars): one day.
 * - SPA fallback: a GET/HEAD for an unknown path that is a navigation (accepts text/html, or has no
 *   file extension) answers `index.html`, except under `/api`, `/ws`, `/uploads` and `/oauth2`,
 *   which — like every other miss — answer JSON 404 `{ message, code: 'NOT_FOUND' }`.
 * - `/` and `/auth` (without `mode`) answer the page prerendered by the build instead of
 *   `index.html` when it exists (common/prerender.ts, issue #33 item 2): a phone paints the hero
 *   or the login form with the HTML, before the app's first chunk has run; and the members' main
 *   pages (`/matching`, `/board`, …) answer the shell with the script that starts their route
 *   chunks beside the first chunk. With a member page renderer, 게시판 and 채팅 answer a navigation
 *   that brings the remembered session's cookie with the page rendered with the member's data
 *   (server/plugins/member-pages.ts; `private, no-store`), and the preloaded page otherwise; both vary
 *   by `Cookie`.
 * - Link previews (issue #18 item 6): with an `og` resolver, the index.html of a navigation carries
 *   Open Graph tags for what the address opens (server/lib/og.ts); `/board/{id}` redirects (302) to
 *   `/board?post={id}`, the client's address of an opened post.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../lib/errors.ts';
import { injectOg, type OgTags } from '../lib/og.ts';
import { PRELOADED_PAGES, PRERENDERED_PAGES, prerenderedFileFor, type PreloadedPage } from '../../common/prerender.ts';
import { memberPages, type MemberPageRenderer } from './member-pages.ts';

/** Paths that never fall back to the client. */
export const NO_SPA_FALLBACK = ['/api', '/ws', '/uploads', '/oauth2'];

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The Cache-Control value for a file of the built client (path relative to its root). */
export function cacheControlFor(relPath: string): string {
  // A precompressed copy (`sw.js.br`) is cached as the file it stands for.
  const p = relPath.replace(/\\/g, '/').replace(/^\/+/, '').replace(/\.(?:br|gz)$/, '');
  if (p.startsWith('assets/')) return IMMUTABLE;
  if (p === 'index.html' || p.startsWith('prerender/') || p === 'sw.js' || p.endsWith('.webmanifest') || p.startsWith('workbox-') || p === 'registerSW.js') return NO_CACHE;
  return 'public, max-age=86400';
}

function isExcluded(url: string): boolean {
  return NO_SPA_FALLBACK.some((prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`));
}

function wantsSpa(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (isExcluded(pathname)) return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || !path.posix.basename(pathname).includes('.');
}

/** Registers static serving (when `dir` exists) and the not-found handler. */
export const staticPlugin = fp<{ dir: string; og?: (requestUrl: string) => Promise<OgTags>; renderMemberPage?: MemberPageRenderer | null }>(
  async (app, opts) => {
    const hasClient = existsSync(path.join(opts.dir, 'index.html'));
    // Issue #33 item 2: the visitor's pages prerendered and the member pages preloaded by the build
    // (scripts/prerender.mjs); a client built without them (an older build, a test's bare
    // directory) is served the shell.
    const prerenderedFiles = new Set([...PRERENDERED_PAGES, ...PRELOADED_PAGES].map((p) => p.file).filter((file) => existsSync(path.join(opts.dir, file))));
    // The templates of the pages rendered with a member's data, when the build made them and a renderer is given.
    const renderedPages = new Map<string, { page: PreloadedPage; template: string }>();
    if (opts.renderMemberPage) {
      for (const page of PRELOADED_PAGES) {
        const file = page.rendered ? path.join(opts.dir, page.rendered) : null;
        if (file && existsSync(file)) renderedPages.set(page.path, { page, template: readFileSync(file, 'utf8') });
      }
    }
    const memberPageHtml = opts.renderMemberPage && renderedPages.size > 0 ? memberPages(app, opts.renderMemberPage) : null;
    if (hasClient) {
      await app.register(fastifyStatic, {
        root: opts.dir,
        prefix: '/',
        index: false,
        wildcard: true,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (res, filePath) => {
          res.setHeader('cache-control', cacheControlFor(path.relative(opts.dir, filePath)));
          // The answer depends on Accept-Encoding (a precompressed copy or the file): caches must know.
          res.setHeader('vary', 'accept-encoding');
        },
      });
      // `/` itself (index: false above, so the header policy stays ours).
      app.get('/', { schema: { hide: true } }, (request, reply) => sendIndex(request, reply));
    } else {
      app.log.info({ dir: opts.dir }, 'no built client found: serving the API only');
    }

    /** The page's HTML file: the one the build made for the address (prerendered, preloaded) when it exists, else the shell. */
    function indexFileFor(url: string): string {
      const prerendered = prerenderedFileFor(url);
      return prerendered && prerenderedFiles.has(prerendered) ? prerendered : 'index.html';
    }

    /** The page rendered with the data of the member whose cookie the navigation brings (exactly `/board` or `/chats`: a query opens another view), or null. */
    async function memberPage(request: FastifyRequest): Promise<string | null> {
      const rendered = renderedPages.get(request.url);
      if (!rendered || !memberPageHtml || request.method !== 'GET') return null;
      const html = await memberPageHtml(request, rendered.page, rendered.template);
      return html && opts.og ? injectOg(html, await opts.og(request.url)) : html;
    }

    async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
      // The answer of a page that may be rendered for a member depends on the cookie.
      if (renderedPages.has(request.url)) reply.header('vary', 'cookie');
      const rendered = await memberPage(request);
      if (rendered) return reply.header('cache-control', 'private, no-store').type('text/html; charset=utf-8').send(rendered);
      reply.header('cache-control', NO_CACHE).type('text/html; charset=utf-8');
      const file = indexFileFor(request.url);
      if (!opts.og) return reply.sendFile(file, opts.dir, { cacheControl: false });
      const [html, tags] = await Promise.all([readFile(path.join(opts.dir, file), 'utf8'), opts.og(request.url)]);
      return reply.send(injectOg(html, tags));
    }

    app.setNotFoundHandler((request, reply) => {
      const sharedPost = /^\/board\/([1-9][0-9]{0,9})\/?$/.exec(request.url.split('?')[0] ?? '');
      if (hasClient && sharedPost && (request.method === 'GET' || request.method === 'HEAD')) return reply.redirect(`/board?post=${sharedPost[1]}`, 302);
      if (hasClient && wantsSpa(request)) return sendIndex(request, reply);
      return reply.code(404).send(errorBody('NOT_FOUND'));
    });
  },
  { name: 'static' },
);
