/**
 * Reads the `exp` claim (seconds) of a JWT without verifying it: the client only needs to know
 * when to stop using the token. Returns the expiry in milliseconds, or null when unreadable.
 */
export function decodeJwtExpiry(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = atob(base64);
    const payload: unknown = JSON.parse(json);
    if (payload && typeof payload === 'object' && 'exp' in payload && typeof payload.exp === 'number') {
      return payload.exp * 1000;
    }
    return null;
  } catch {
    return null;
  }
}
