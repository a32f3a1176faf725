import { describe, expect, it } from 'vitest';
import { PRERENDER_GUARD_SCRIPT, prerenderedFileFor, SESSION_STORED_CLASS } from './prerender.ts';

/** Runs the guard as a browser would, with these two storages; answers the classes it left on <html>. */
function runGuard(local: Record<string, string>, session: Record<string, string> = {}, throws = false): string[] {
  const classes = new Set<string>();
  const storage = (items: Record<string, string>) => ({
    getItem: (key: string) => {
      if (throws) throw new Error('SecurityError');
      return items[key] ?? null;
    },
  });
  const document = { documentElement: { classList: { add: (c: string) => classes.add(c) } } };
  // The script's only free names are these three (a browser's globals).
  new Function('localStorage', 'sessionStorage', 'document', PRERENDER_GUARD_SCRIPT)(storage(local), storage(session), document);
  return [...classes];
}

describe('prerendered pages (issue #33 item 2)', () => {
  it('/ and /auth have prerendered files; /auth with a mode, and every other address, the shell', () => {
    expect(prerenderedFileFor('/')).toBe('prerender/home.html');
    expect(prerenderedFileFor('/?utm_source=kakao')).toBe('prerender/home.html');
    expect(prerenderedFileFor('/auth')).toBe('prerender/auth.html');
    expect(prerenderedFileFor('/auth/')).toBe('prerender/auth.html');
    expect(prerenderedFileFor('/auth?redirect=%2Fmatching')).toBe('prerender/auth.html');
    for (const url of ['/auth?mode=register', '/auth?mode=forgotPassword', '/matching', '/board?post=3', '/chat/12', '/authx', '/index.html']) {
      expect(prerenderedFileFor(url), url).toBeNull();
    }
  });

  it('the guard marks <html> when a session is stored in either storage, and only then', () => {
    expect(runGuard({})).toEqual([]);
    expect(runGuard({ 'bapsang.sessionExpired': '1' })).toEqual([]);
    expect(runGuard({ 'bapsang.session': '{"token":"t"}' })).toEqual([SESSION_STORED_CLASS]);
    expect(runGuard({}, { 'bapsang.session': '{"token":"t"}' })).toEqual([SESSION_STORED_CLASS]);
  });

  it('storage that throws counts as no session, and the guard itself never throws', () => {
    expect(runGuard({ 'bapsang.session': 'x' }, {}, true)).toEqual([]);
  });
});
