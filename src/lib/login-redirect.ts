/**
 * The page a visitor asked for survives the social login's round trip through the provider
 * (issue #14): /auth remembers its `?redirect=` in sessionStorage (this tab only), and
 * /oauth/callback takes it once the member is signed in. Only same-origin paths are kept.
 */
import { safeRedirect } from './route-guard';

const KEY = 'bapsang.loginRedirect';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Called by /auth with its `redirect` param: a safe path is kept, anything else clears it. */
export function rememberLoginRedirect(value: unknown): void {
  const target = safeRedirect(value);
  const store = storage();
  if (!store) return;
  if (target) store.setItem(KEY, target);
  else store.removeItem(KEY);
}

export function peekLoginRedirect(): string | null {
  return safeRedirect(storage()?.getItem(KEY) ?? null);
}

/** The remembered page, forgotten as it is used. */
export function takeLoginRedirect(): string | null {
  const target = peekLoginRedirect();
  storage()?.removeItem(KEY);
  return target;
}
