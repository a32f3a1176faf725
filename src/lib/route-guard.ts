/**
 * The guard rules of SPEC §2 as one pure decision, used by the routes' `beforeLoad`.
 *
 * - a signed-in member who has not agreed to the terms in force (issue #17) may only be on /consent
 *   and the pages it links (/terms, /privacy), before anything else;
 * - a signed-in member flagged new may only be on /profile-setup;
 * - anonymous-only pages (/auth, /oauth/callback) send a signed-in member back to the page that
 *   asked for the login (`?redirect=`, same-origin paths only), else to /;
 * - member pages send a visitor to /auth with `redirect=<path+search>` (issue #14), so login
 *   returns there.
 */
export type RouteAccess = 'public' | 'anonymous' | 'authenticated';

export const PROFILE_SETUP_PATH = '/profile-setup';
export const CONSENT_PATH = '/consent';
/** What a member who still has to agree may read (the consent step and the texts it links). */
const CONSENT_STEP_PATHS = new Set([CONSENT_PATH, '/terms', '/privacy']);
export const AUTH_PATH = '/auth';

/**
 * `value` when it is a path of this site ("/matching?x=1"), else null: it must start with a
 * single "/" — not "//" or "/\" (another host to the browser), no scheme, no control characters
 * (browsers drop tabs and newlines, so "/\t/evil.com" would become "//evil.com").
 */
export function safeRedirect(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  if (!value.startsWith('/')) return null;
  if (value[1] === '/' || value[1] === '\\') return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'http://same.origin');
  } catch {
    return null;
  }
  if (url.origin !== 'http://same.origin') return null;
  // never loop back into the login pages themselves
  if (url.pathname === AUTH_PATH || url.pathname.startsWith('/oauth/')) return null;
  return value;
}

/** `/auth?redirect=<href>`: where a visitor on a member page goes (the wizard is never a target). */
export function loginPath(href: string): string {
  const target = safeRedirect(href);
  if (target === null || target === '/' || target.split(/[?#]/)[0] === PROFILE_SETUP_PATH) return AUTH_PATH;
  return `${AUTH_PATH}?${new URLSearchParams({ redirect: target }).toString()}`;
}

export interface GuardLocation {
  pathname: string;
  /** path + search (+ hash) of the page asked for; defaults to `pathname`. */
  href?: string;
  /** the `redirect` search param of /auth, as parsed. */
  redirect?: unknown;
}

/** Where to send the member instead (a path, possibly with a search), or null to stay. */
export function decideRedirect(
  session: { signedIn: boolean; isNew: boolean; needsConsent?: boolean },
  access: RouteAccess,
  location: GuardLocation,
): string | null {
  const { pathname } = location;
  if (session.signedIn && session.needsConsent) return CONSENT_STEP_PATHS.has(pathname) ? null : CONSENT_PATH;
  if (session.signedIn && session.isNew && pathname !== PROFILE_SETUP_PATH) return PROFILE_SETUP_PATH;
  // Nothing left to agree to: /consent is a step, not a page.
  if (pathname === CONSENT_PATH) return session.signedIn ? '/' : loginPath(location.href ?? pathname);
  if (access === 'authenticated' && !session.signedIn) return loginPath(location.href ?? pathname);
  if (access === 'anonymous' && session.signedIn) return safeRedirect(location.redirect) ?? '/';
  return null;
}
