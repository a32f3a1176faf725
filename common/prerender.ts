/**
 * The prerendered visitor pages (issue #33 item 2): which addresses the server answers with
 * markup made at build time (scripts/prerender.mjs, src/prerender.tsx) inside `#root`, and the
 * one inline script such a page carries. Shared by the build, the server (which file to send,
 * the script's hash in the CSP) and the client (the session's storage key). Members' pages are
 * not prerendered: their content is their data (their chunks preloaded from the HTML did not
 * move Lighthouse's LCP either, measured: the first chunk's download bounds it).
 */

/** Where the session is stored (src/lib/token-storage.ts; SPEC §4 "Stored session"). */
export const SESSION_STORAGE_KEY = 'bapsang.session';

/** The class the guard puts on `<html>` when a session is stored (src/styles/global.css hides the prerendered markup). */
export const SESSION_STORED_CLASS = 'session-stored';

/**
 * Runs in `<head>` before the first paint: a member with a stored session must not see the
 * visitor's markup (the login form, the visitor's hero) until the app has rendered theirs. It
 * only marks `<html>`; storage that throws (a locked-down browser) counts as no session.
 */
export const PRERENDER_GUARD_SCRIPT = `try{var k=${JSON.stringify(SESSION_STORAGE_KEY)};if(localStorage.getItem(k)||sessionStorage.getItem(k))document.documentElement.classList.add(${JSON.stringify(SESSION_STORED_CLASS)})}catch(e){}`;

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
 * The prerendered file for a navigation to `url` (path and query), or null for the plain shell.
 * `/auth` with a `mode` (회원가입, 비밀번호 찾기…) opens another form than the prerendered login.
 */
export function prerenderedFileFor(url: string): string | null {
  const parsed = new URL(url, 'http://x');
  const path = parsed.pathname.replace(/\/+$/, '') || '/';
  if (path === '/auth' && parsed.searchParams.has('mode')) return null;
  return PRERENDERED_PAGES.find((p) => p.path === path)?.file ?? null;
}
