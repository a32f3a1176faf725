import { describe, expect, it } from 'vitest';
import { BOOT_AFTER_PAINT_SCRIPT, EARLY_FETCH_GLOBAL, PAGE_PRELOAD_SCRIPT, PRELOADED_PAGES, PRERENDER_GUARD_SCRIPT, prerenderedFileFor, SESSION_STORED_CLASS } from './prerender.ts';

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
    for (const url of ['/auth?mode=register', '/auth?mode=forgotPassword', '/chat/12', '/authx', '/index.html', '/boardx', '/schedule']) {
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

/** Runs the page preload script as a browser would, in `<head>` with these attributes; answers what it added and requested. */
function runPreload(attributes: Record<string, string>, local: Record<string, string>) {
  const links: Array<Record<string, string>> = [];
  const requests: Array<{ url: string; headers: Record<string, string> }> = [];
  const window: Record<string, unknown> = {};
  const storage = (items: Record<string, string>) => ({ getItem: (key: string) => items[key] ?? null });
  const document = {
    currentScript: { getAttribute: (name: string) => attributes[name] ?? null },
    head: { appendChild: (link: Record<string, string>) => links.push({ ...link }) },
    createElement: () => ({}),
  };
  const fetch = (url: string, init: { headers: Record<string, string> }) => {
    requests.push({ url, headers: init.headers });
    return Promise.resolve(new Response('[]'));
  };
  new Function('localStorage', 'sessionStorage', 'document', 'window', 'fetch', PAGE_PRELOAD_SCRIPT)(storage(local), storage({}), document, window, fetch);
  return { links, requests, early: window[EARLY_FETCH_GLOBAL] as { url: string; token: string; at: number } | undefined };
}

describe('preloaded member pages (issue #33 item 2)', () => {
  const attributes = { 'data-modules': '/assets/board-a.js /assets/shell-b.js', 'data-styles': '/assets/board-c.css', 'data-fetch': '/api/board' };

  it('the tab pages and the board have their own files, whatever the query', () => {
    expect(prerenderedFileFor('/board')).toBe('prerender/board.html');
    expect(prerenderedFileFor('/board?post=3')).toBe('prerender/board.html');
    expect(prerenderedFileFor('/matching?schedule=4&date=2026-12-01')).toBe('prerender/matching.html');
    expect(prerenderedFileFor('/chats/')).toBe('prerender/chats.html');
    expect(PRELOADED_PAGES.map((p) => p.path)).toEqual(['/matching', '/match-requests', '/chats', '/profile', '/board']);
  });

  it('with a stored session: preloads each chunk and stylesheet, and sends the loader\'s request with the token', () => {
    const session = JSON.stringify({ token: 'tok-1', expiresAt: Date.now() + 60_000, user: null });
    const { links, requests, early } = runPreload(attributes, { 'bapsang.session': session });
    expect(links).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/board-a.js' },
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/shell-b.js' },
      { rel: 'preload', as: 'style', crossOrigin: '', href: '/assets/board-c.css' },
    ]);
    expect(requests).toEqual([{ url: '/api/board', headers: { Accept: 'application/json, text/plain;q=0.9', Authorization: 'Bearer tok-1' } }]);
    expect(early).toMatchObject({ url: '/api/board', token: 'tok-1' });
  });

  it('a visitor gets nothing; an expired token gets the chunks but no request; a page without data-fetch requests nothing', () => {
    expect(runPreload(attributes, {})).toEqual({ links: [], requests: [], early: undefined });
    const expired = runPreload(attributes, { 'bapsang.session': JSON.stringify({ token: 'old', expiresAt: Date.now() - 1 }) });
    expect(expired.links).toHaveLength(3);
    expect(expired.requests).toEqual([]);
    const noExpiry = runPreload(attributes, { 'bapsang.session': JSON.stringify({ token: 'tok-2', expiresAt: null }) });
    expect(noExpiry.requests).toHaveLength(1);
    const { 'data-fetch': _, ...withoutFetch } = attributes;
    expect(runPreload(withoutFetch, { 'bapsang.session': JSON.stringify({ token: 'tok-3' }) }).requests).toEqual([]);
  });

  it('an unreadable stored session never makes the script throw', () => {
    expect(() => runPreload(attributes, { 'bapsang.session': '{not json' })).not.toThrow();
  });
});

describe('the prerendered pages\' boot after the first paint (issue #33 item 2)', () => {
  /** Runs the script with stand-in globals; answers what it appended, the paint observer's callback and the timers it left. */
  function runBoot(entry: string | null, sessionStored = false, frame?: { search: string; modules?: string }, visibility: 'visible' | 'hidden' = 'visible') {
    const appended: Array<{ type: string; src: string; crossOrigin: string | null }> = [];
    const preloaded: Array<{ rel: string; href: string; crossOrigin: string | null }> = [];
    const listeners: Array<{ type: string; fn: () => void }> = [];
    const removed: unknown[] = [];
    const markup = { parentNode: { removeChild: (node: unknown) => removed.push(node) } };
    const timers: Array<{ fn: () => void; ms: number }> = [];
    let observed: { type: string; buffered: boolean } | null = null;
    let report: (names: string[]) => void = () => undefined;
    const document = {
      currentScript: { getAttribute: (name: string) => (name === 'data-entry' ? entry : name === 'data-for' && frame ? 'member' : name === 'data-modules' ? (frame?.modules ?? null) : null) },
      querySelector: (selector: string) => (selector === '.prerendered' ? markup : null),
      createElement: () => ({ type: '', src: '', rel: '', href: '', crossOrigin: null as string | null }),
      head: { appendChild: (el: { rel: string; href: string; crossOrigin: string | null }) => preloaded.push({ rel: el.rel, href: el.href, crossOrigin: el.crossOrigin }) },
      body: { appendChild: (el: { type: string; src: string; crossOrigin: string | null }) => appended.push({ type: el.type, src: el.src, crossOrigin: el.crossOrigin }) },
      documentElement: { classList: { contains: (c: string) => sessionStored && c === SESSION_STORED_CLASS } },
      visibilityState: visibility,
      addEventListener: (type: string, fn: () => void) => listeners.push({ type, fn }),
    };
    class PerformanceObserver {
      constructor(callback: (list: { getEntries(): Array<{ name: string }> }) => void) {
        report = (names) => callback({ getEntries: () => names.map((name) => ({ name })) });
      }
      observe(options: { type: string; buffered: boolean }) {
        observed = options;
      }
    }
    new Function('document', 'location', 'PerformanceObserver', 'setTimeout', BOOT_AFTER_PAINT_SCRIPT)(document, { search: frame?.search ?? '' }, PerformanceObserver, (fn: () => void, ms: number) => timers.push({ fn, ms }));
    /** Fires the timers due after `ms` (and removes them). */
    const fire = (ms: number) => timers.splice(0).forEach((t) => (t.ms === ms ? t.fn() : timers.push(t)));
    /** The tab is hidden (its `visibilitychange` listeners run). */
    const hide = () => {
      document.visibilityState = 'hidden';
      for (const l of listeners) if (l.type === 'visibilitychange') l.fn();
    };
    return { appended, preloaded, timers, fire, hide, removed, report: (names: string[]) => report(names), observed: () => observed };
  }

  it('adds the entry as a module script once the first contentful paint is reported, once', () => {
    const boot = runBoot('/assets/index-abc.js');
    expect(boot.observed()).toEqual({ type: 'paint', buffered: true });
    boot.report(['first-paint']);
    boot.fire(0);
    expect(boot.appended).toEqual([]);
    boot.report(['first-contentful-paint']);
    expect(boot.appended).toEqual([]);
    boot.fire(0);
    expect(boot.appended).toEqual([{ type: 'module', src: '/assets/index-abc.js', crossOrigin: '' }]);
    // The 3 s fallback finds it done.
    boot.fire(3000);
    expect(boot.appended).toHaveLength(1);
  });

  it('a tab that paints nothing still boots after 3 s, and a slow first paint is waited for until then', () => {
    const boot = runBoot('/assets/index-abc.js');
    expect(boot.timers.map((t) => t.ms)).toEqual([3000]);
    boot.fire(3000);
    expect(boot.appended.map((e) => e.src)).toEqual(['/assets/index-abc.js']);
  });

  it('a hidden tab (nothing will paint) boots at once, and a tab hidden before it painted boots then', () => {
    const hidden = runBoot('/assets/index-abc.js', false, undefined, 'hidden');
    expect(hidden.appended.map((e) => e.src)).toEqual(['/assets/index-abc.js']);
    expect(hidden.observed()).toBeNull();
    const later = runBoot('/assets/index-abc.js');
    expect(later.appended).toEqual([]);
    later.hide();
    expect(later.appended.map((e) => e.src)).toEqual(['/assets/index-abc.js']);
    later.report(['first-contentful-paint']);
    later.fire(0);
    expect(later.appended).toHaveLength(1);
  });

  it('a member page starts its route chunks with the entry, after the paint; a visitor\'s none', () => {
    const member = runBoot('/assets/index-abc.js', true, { search: '', modules: '/assets/board-1.js /assets/member-2.js' });
    expect(member.preloaded).toEqual([]);
    member.report(['first-contentful-paint']);
    member.fire(0);
    expect(member.preloaded).toEqual([
      { rel: 'modulepreload', href: '/assets/board-1.js', crossOrigin: '' },
      { rel: 'modulepreload', href: '/assets/member-2.js', crossOrigin: '' },
    ]);
    expect(member.appended.map((e) => e.src)).toEqual(['/assets/index-abc.js']);
    const visitor = runBoot('/assets/index-abc.js', false, { search: '', modules: '/assets/board-1.js' });
    expect(visitor.appended.map((e) => e.src)).toEqual(['/assets/index-abc.js']);
    expect(visitor.preloaded).toEqual([]);
  });

  it('for a member with a stored session (the visitor markup is hidden, nothing will paint) it adds the entry at once', () => {
    const boot = runBoot('/assets/index-abc.js', true);
    expect(boot.appended.map((e) => e.src)).toEqual(['/assets/index-abc.js']);
    expect([boot.timers, boot.observed()]).toEqual([[], null]);
  });

  it('a member page\'s frame waits for its paint for a member, and boots at once for a visitor (it is hidden)', () => {
    const member = runBoot('/assets/index-abc.js', true, { search: '' });
    expect(member.appended).toEqual([]);
    member.report(['first-contentful-paint']);
    member.fire(0);
    expect(member.appended.map((e) => e.src)).toEqual(['/assets/index-abc.js']);
    expect(member.removed).toEqual([]);

    const visitor = runBoot('/assets/index-abc.js', false, { search: '' });
    expect(visitor.appended.map((e) => e.src)).toEqual(['/assets/index-abc.js']);
    expect(visitor.observed()).toBeNull();
  });

  it('an address with a query (a shared day or meal) removes the frame before it paints and boots at once', () => {
    const boot = runBoot('/assets/index-abc.js', true, { search: '?date=2026-12-24&schedule=3' });
    expect(boot.removed).toHaveLength(1);
    expect(boot.appended.map((e) => e.src)).toEqual(['/assets/index-abc.js']);
  });

  it('without an entry it does nothing and never throws', () => {
    const boot = runBoot(null);
    expect([boot.appended, boot.timers, boot.observed()]).toEqual([[], [], null]);
  });
});
