/**
 * Members' pages sent with their data (issue #33 item 2): a navigation to a page of
 * common/prerender.ts `PRELOADED_PAGES` with a `rendered` template (게시판, 채팅) that brings the
 * remembered session's cookie (`SESSION_COOKIE`) is answered with that page as the member's first
 * render makes it — the client's own components, rendered here (src/prerender.tsx
 * `renderMemberPage`, bundled by scripts/build-server.mjs into build/ssr/prerender.js) — and with
 * the answer to the page's first request, which the app then takes instead of asking again. On a
 * slow phone without the app's code at hand (a first visit on this browser, a service worker the
 * phone evicted) the list is on screen with the HTML, not after ≈ 150 kB of JavaScript has run.
 *
 * Every request the render makes goes through this server's own routes (`app.inject`) with the
 * cookie's token as the bearer and the visitor's address, so the same checks apply as to the app's
 * requests (the token, a suspension or deletion, blocks, hidden posts, rate limits). Only GETs: a
 * render never writes. Whatever goes wrong (no or a refused token, a failed request, a redirect
 * such as the consent page, too many renders waiting) answers null, and the server sends the page's
 * plain file as before. The token is never logged.
 */
import { pathToFileURL } from 'node:url';
import { existsSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { escapeHtml } from '../lib/og.ts';
import { SERVER_ANSWER_ID, SERVER_ANSWER_SLOT, MEMBER_PAGE_SLOT, sessionCookieValue, type PreloadedPage, type ServerAnswer } from '../../common/prerender.ts';

/** src/prerender.tsx `renderMemberPage`: the page's markup and title for the member, or null. */
export type MemberPageRenderer = (url: string, member: { token: string; user: unknown }, send: typeof fetch) => Promise<{ html: string; title: string } | null>;

/** Renders waiting for their turn beyond which a navigation gets the plain page at once (they run one at a time). */
export const MAX_WAITING_RENDERS = 8;

/** A JWT as the auth routes issue it: three base64url parts; anything else is not looked at. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const MAX_TOKEN_LENGTH = 4096;

/** Loads the renderer bundled beside the compiled server (build/ssr/prerender.js), or null when there is none (the server run from its sources, an older build). */
export async function loadMemberPageRenderer(file: string): Promise<MemberPageRenderer | null> {
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as { renderMemberPage?: MemberPageRenderer };
  return typeof module.renderMemberPage === 'function' ? module.renderMemberPage : null;
}

/** The session token the request's `Cookie` header carries (`SESSION_COOKIE`), when it has a token's shape. */
export function sessionCookieToken(cookieHeader: string | undefined): string | null {
  const value = sessionCookieValue(cookieHeader);
  return value && value.length <= MAX_TOKEN_LENGTH && TOKEN_SHAPE.test(value) ? value : null;
}

/** JSON inside `<script type="application/json">`: no `<` that could close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * Renders member pages for one server: `html(request, page, template)` is the page's HTML for the
 * member whose cookie the request brings (the template of `page.rendered` filled in), or null.
 */
export function memberPages(app: FastifyInstance, render: MemberPageRenderer) {
  let waiting = 0;

  /** A `fetch` for the render: GETs answered by this server's routes as `token`'s, from the visitor's address; the answer to `page.fetch` kept. */
  function senderFor(request: FastifyRequest, token: string, page: PreloadedPage, kept: { answer: ServerAnswer | null }): typeof fetch {
    return async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
      const method = (init?.method ?? 'GET').toUpperCase();
      if (method !== 'GET' || !url.startsWith('/api/')) return new Response(null, { status: 405 });
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      const answer = await app.inject({ method: 'GET', url, headers: { ...headers, authorization: `Bearer ${token}` }, remoteAddress: request.ip });
      const link = typeof answer.headers.link === 'string' ? answer.headers.link : null;
      const type = typeof answer.headers['content-type'] === 'string' ? answer.headers['content-type'] : 'application/json';
      if (url === page.fetch && answer.statusCode === 200) kept.answer = { url, status: answer.statusCode, link, body: answer.body };
      return new Response(answer.statusCode === 204 ? null : answer.body, { status: answer.statusCode, headers: { 'content-type': type, ...(link ? { link } : {}) } });
    };
  }

  return async function html(request: FastifyRequest, page: PreloadedPage, template: string): Promise<string | null> {
    const token = sessionCookieToken(request.headers.cookie);
    if (!token || waiting >= MAX_WAITING_RENDERS) return null;
    waiting += 1;
    try {
      const me = await app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, remoteAddress: request.ip });
      if (me.statusCode !== 200) return null;
      const kept: { answer: ServerAnswer | null } = { answer: null };
      const rendered = await render(page.path, { token, user: me.json() }, senderFor(request, token, page, kept));
      if (!rendered) return null;
      const answer = kept.answer ? `<script type="application/json" id="${SERVER_ANSWER_ID}">${scriptJson(kept.answer)}</script>` : '';
      return template
        .replace(SERVER_ANSWER_SLOT, () => answer)
        .replace(MEMBER_PAGE_SLOT, () => rendered.html)
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(rendered.title)}</title>`);
    } catch (error) {
      request.log.warn({ err: error, page: page.path }, 'member page render failed; sending the plain page');
      return null;
    } finally {
      waiting -= 1;
    }
  };
}
