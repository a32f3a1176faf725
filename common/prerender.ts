/**
 * The pages the build writes beside the shell (issue #33 item 2), and which addresses the server
 * answers with them:
 * - the visitor's pages, prerendered: markup made at build time (scripts/prerender.mjs,
 *   src/prerender.tsx) inside `#root`, with the guard script;
 * - members' main pages, preloaded: no markup (their content is their data), but a script that
 *   starts the page's route chunks with the HTML, beside the first chunk, instead of after it has
 *   run (on a slow phone that is one round trip and the first chunk's run earlier); 매칭 with its
 *   frame instead (its first view holds no data of the member);
 * - 게시판 and 채팅 rendered at request time with the member's data, for a navigation that brings
 *   the remembered session's cookie (`rendered`, server/plugins/member-pages.ts).
 * Shared by the build, the server (which file to send, the scripts' hashes in the CSP) and the
 * client (the session's storage key).
 */

/** Where the session is stored (src/lib/token-storage.ts; SPEC §4 "Stored session"). */
export const SESSION_STORAGE_KEY = 'bapsang.session';

/**
 * The cookie that brings a remembered session's token ("로그인 상태 유지") with the navigation to a
 * member page, so the server can send that page with the member's data in it (`PreloadedPage.rendered`,
 * server/plugins/member-pages.ts). Written and removed with the stored token by the client
 * (src/lib/token-storage.ts: `Path=/`, `SameSite=Strict`, expiring with the token, `Secure` over
 * HTTPS); no API call reads it (they carry `Authorization: Bearer`, SPEC §7).
 */
export const SESSION_COOKIE = 'bapsang_session';

/** The value of `SESSION_COOKIE` in a `Cookie` header (server) or `document.cookie` (client), or null when absent or empty. */
export function sessionCookieValue(cookies: string | undefined): string | null {
  for (const part of (cookies ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === SESSION_COOKIE) return part.slice(at + 1).trim() || null;
  }
  return null;
}

/** Where a page's template takes the member's rendered markup (inside `#root`) and the page's first answer (in `<head>`). */
export const MEMBER_PAGE_SLOT = '<!--member-page-->';
export const SERVER_ANSWER_SLOT = '<!--server-answer-->';

/** The id of the `<script type="application/json">` holding a rendered member page's first answer (`ServerAnswer`). */
export const SERVER_ANSWER_ID = 'bapsang-answer';

/**
 * The answer the server gave, while rendering a member page, to the page's first request
 * (`PreloadedPage.fetch`): the app's loader takes it instead of asking again (src/lib/early-fetch.ts),
 * so its first render shows the same list as the markup it replaces.
 */
export interface ServerAnswer {
  /** The path and query answered (the page's `fetch`). */
  url: string;
  /** HTTP status (200). */
  status: number;
  /** The answer's `Link` header (the next page, SPEC §7), if any. */
  link: string | null;
  /** The JSON body, as sent. */
  body: string;
}

/** The class the guard puts on `<html>` when a session is stored (src/styles/global.css hides the prerendered markup). */
export const SESSION_STORED_CLASS = 'session-stored';

/**
 * Runs in `<head>` before the first paint: a member with a stored session must not see the
 * visitor's markup (the login form, the visitor's hero) until the app has rendered theirs. It
 * only marks `<html>`; storage that throws (a locked-down browser) counts as no session.
 */
export const PRERENDER_GUARD_SCRIPT = `try{var k=${JSON.stringify(SESSION_STORAGE_KEY)};if(localStorage.getItem(k)||sessionStorage.getItem(k))document.documentElement.classList.add(${JSON.stringify(SESSION_STORED_CLASS)})}catch(e){}`;

/**
 * Runs at the end of `<body>` of a prerendered page (as `<script data-entry="/assets/index-….js">`),
 * in place of the app's entry `<script type="module">`: it adds that module script once the browser
 * reports the page's first contentful paint (a `PerformanceObserver` of `paint` entries, which come
 * once the frame is on screen; a frame's own callbacks can run before that), while a `<link
 * rel="modulepreload">` has been downloading it from the start. It does not wait where nothing will
 * paint: a hidden tab (at once, or when it is hidden before painting), a browser without paint
 * timing; and never more than 3 s (a slow phone's first paint can take well over half a second
 * after this script, and the app must not run before it). It adds the entry at once when the markup is not shown,
 * so nothing will paint: the visitor's markup (`/`, `/auth`) to a member with a stored session (the
 * guard hid it), a member page's markup (`data-for="member"`: a frame, or a page rendered with the
 * member's data) to a visitor, or to an address with a query (it removes the markup then: a shared
 * day or meal opens another view than the frame's). A browser runs a module script that is already downloaded when parsing ends, before
 * any frame: on a phone with the app's code at hand (the service worker's precache, a fast network)
 * the prerendered page would wait for the first chunk to be evaluated (React, the router, ≈ 40 ms,
 * 200 ms on a slow phone) before it shows. With this, the page shows first, every time.
 * A member page's route chunks (`data-modules`, space-separated addresses) start downloading with the
 * entry, as `<link rel="modulepreload">`s, when a session is stored: after the page's first paint, so
 * on a slow phone its HTML and stylesheets have the bandwidth to themselves until the page is on
 * screen, and before the entry has run and imported them (one round trip earlier than that).
 */
export const BOOT_AFTER_PAINT_SCRIPT = `(function(){var s=document.currentScript,u=s&&s.getAttribute('data-entry'),d=false;if(!u)return;var st=document.documentElement.classList.contains(${JSON.stringify(SESSION_STORED_CLASS)}),m=s.getAttribute('data-for')==='member',f=m?document.querySelector('.prerendered'):null;function go(){if(d)return;d=true;if(st)(s.getAttribute('data-modules')||'').split(' ').forEach(function(h){if(!h)return;var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)});var e=document.createElement('script');e.type='module';e.crossOrigin='';e.src=u;document.body.appendChild(e)}if(f&&location.search){f.parentNode.removeChild(f);f=null}if((m?!(f&&st):st)||document.visibilityState==='hidden'){go();return}document.addEventListener('visibilitychange',function(){if(document.visibilityState==='hidden')go()});try{new PerformanceObserver(function(l){if(l.getEntries().some(function(p){return p.name==='first-contentful-paint'}))setTimeout(go,0)}).observe({type:'paint',buffered:true})}catch(x){go()}setTimeout(go,3000)})()`;

/** A visitor page the build prerenders: its address and its file under the built client's root. */
export interface PrerenderedPage {
  path: '/' | '/auth';
  file: string;
}

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  { path: '/', file: 'prerender/home.html' },
  { path: '/auth', file: 'prerender/auth.html' },
];

/**
 * A member page whose HTML starts its route's chunks (scripts/prerender.mjs): its address, its file
 * under the built client's root, and the request its loader makes first (path and query, as
 * src/lib/api-client.ts sends it), which the HTML starts too. The tab bar's pages
 * (src/features/shell/components/tab-bar.tsx) but home, and the board.
 */
export interface PreloadedPage {
  path: '/matching' | '/match-requests' | '/chats' | '/profile' | '/board';
  file: string;
  /** The loader's first request: `postsQuery()` of the board, `chatsQuery()` of 채팅 (checked by their tests). */
  fetch?: string;
  /**
   * The page's first view needs no data of the member (매칭: its heading, filters and location
   * notice; the list loads after): the build prerenders it as a frame (src/prerender.tsx, audience
   * 'member') that a member with a stored session sees with the HTML; visitors, whom the guard
   * sends to the login, never see it, nor does an address with a query (a shared day or meal opens
   * another view).
   */
  frame?: boolean;
  /**
   * The template of the page rendered with the member's data at request time (server/plugins/member-pages.ts),
   * under the built client's root: the shell with `MEMBER_PAGE_SLOT` in `#root`, `SERVER_ANSWER_SLOT`
   * in `<head>`, the route's stylesheets, the guard, and the app's entry run after the first paint.
   * Sent to a member whose navigation brings `SESSION_COOKIE`; otherwise `file` is.
   */
  rendered?: string;
}

export const PRELOADED_PAGES: readonly PreloadedPage[] = [
  { path: '/matching', file: 'prerender/matching.html', frame: true },
  { path: '/match-requests', file: 'prerender/match-requests.html' },
  { path: '/chats', file: 'prerender/chats.html', fetch: '/api/chats?limit=20', rendered: 'prerender/chats.rendered.html' },
  { path: '/profile', file: 'prerender/profile.html' },
  { path: '/board', file: 'prerender/board.html', fetch: '/api/board', rendered: 'prerender/board.rendered.html' },
];

/** The global under which the page preload script leaves the request it started (`EarlyFetch`). */
export const EARLY_FETCH_GLOBAL = '__bapsangEarlyFetch';

/** The request a preloaded page's HTML started with the stored token; src/lib/early-fetch.ts takes it. */
export interface EarlyFetch {
  /** The path and query requested (the page's `fetch`). */
  url: string;
  /** The bearer token it was sent with. */
  token: string;
  /** When it was sent (ms since the epoch). */
  at: number;
  response: Promise<Response>;
}

/**
 * Runs in `<head>` of a preloaded page (as `<script data-modules="…" data-styles="…" data-fetch="…">`):
 * when a session is stored,
 * - adds a `<link rel="modulepreload">` for each of the space-separated script addresses of
 *   `data-modules` and a `<link rel="preload" as="style">` for each of `data-styles`, all
 *   `crossorigin` as Vite's own preloads are (so the app's later imports find them loaded);
 * - requests `data-fetch` with the stored token (when it has not expired), as the API client would,
 *   and leaves the answer's promise at `window[EARLY_FETCH_GLOBAL]` for the loader's request.
 * A visitor, whom the page's guard sends to the login, downloads none of it. The addresses are
 * attributes, not part of the script, so every page's script has the one hash the CSP allows.
 */
export const PAGE_PRELOAD_SCRIPT = `try{var k=${JSON.stringify(SESSION_STORAGE_KEY)},r=localStorage.getItem(k)||sessionStorage.getItem(k);if(r){var s=document.currentScript,h=document.head,a=function(n,t,x){(s.getAttribute(n)||'').split(' ').forEach(function(u){if(!u)return;var l=document.createElement('link');l.rel=t;if(x)l.as=x;l.crossOrigin='';l.href=u;h.appendChild(l)})};a('data-modules','modulepreload');a('data-styles','preload','style');var f=s.getAttribute('data-fetch'),v=JSON.parse(r);if(f&&v&&typeof v.token=='string'&&!(v.expiresAt&&v.expiresAt<=Date.now())){var p=fetch(f,{headers:{Accept:'application/json, text/plain;q=0.9',Authorization:'Bearer '+v.token}});p.catch(function(){});window[${JSON.stringify(EARLY_FETCH_GLOBAL)}]={url:f,token:v.token,at:Date.now(),response:p}}}}catch(e){}`;

/**
 * The file the build wrote for a navigation to `url` (path and query), or null for the plain shell:
 * a prerendered visitor page or a preloaded member page. `/auth` with a `mode` (회원가입, 비밀번호
 * 찾기…) opens another form than the prerendered login.
 */
export function prerenderedFileFor(url: string): string | null {
  const parsed = new URL(url, 'http://x');
  const path = parsed.pathname.replace(/\/+$/, '') || '/';
  if (path === '/auth' && parsed.searchParams.has('mode')) return null;
  return [...PRERENDERED_PAGES, ...PRELOADED_PAGES].find((p) => p.path === path)?.file ?? null;
}
