/**
 * The guard rules of SPEC §2 as one pure decision, used by the routes' `beforeLoad`.
 *
 * - a signed-in member flagged new may only be on /profile-setup;
 * - anonymous-only pages (/auth, /oauth/callback) send a signed-in member to /;
 * - member pages send a visitor to /auth.
 */
export type RouteAccess = 'public' | 'anonymous' | 'authenticated';

export const PROFILE_SETUP_PATH = '/profile-setup';

export function decideRedirect(
  session: { signedIn: boolean; isNew: boolean },
  access: RouteAccess,
  pathname: string,
): string | null {
  if (session.signedIn && session.isNew && pathname !== PROFILE_SETUP_PATH) return PROFILE_SETUP_PATH;
  if (access === 'authenticated' && !session.signedIn) return '/auth';
  if (access === 'anonymous' && session.signedIn) return '/';
  return null;
}
