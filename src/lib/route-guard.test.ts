import { describe, expect, it } from 'vitest';
import { decideRedirect, loginPath, safeRedirect } from './route-guard';

const visitor = { signedIn: false, isNew: false };
const member = { signedIn: true, isNew: false };
const newMember = { signedIn: true, isNew: true };
const at = (pathname: string, extra: { href?: string; redirect?: unknown } = {}) => ({ pathname, ...extra });

describe('decideRedirect (SPEC §2 guards)', () => {
  it('lets everyone see the home page', () => {
    expect(decideRedirect(visitor, 'public', at('/'))).toBeNull();
    expect(decideRedirect(member, 'public', at('/'))).toBeNull();
  });

  it('sends a visitor on a member page to /auth, carrying the page asked for', () => {
    for (const path of [
      '/matching',
      '/schedule',
      '/board',
      '/restaurant-rec',
      '/profile',
      '/match-requests',
      '/chat/7',
      '/write-review',
      '/my-reviews',
    ]) {
      expect(decideRedirect(visitor, 'authenticated', at(path))).toBe(`/auth?redirect=${encodeURIComponent(path)}`);
    }
    expect(decideRedirect(visitor, 'authenticated', at('/board', { href: '/board?post=12' }))).toBe('/auth?redirect=%2Fboard%3Fpost%3D12');
    // the wizard is never a place to come back to
    expect(decideRedirect(visitor, 'authenticated', at('/profile-setup'))).toBe('/auth');
  });

  it('sends a signed-in member away from /auth and /oauth/callback: to the asked-for page, else /', () => {
    expect(decideRedirect(member, 'anonymous', at('/auth'))).toBe('/');
    expect(decideRedirect(member, 'anonymous', at('/oauth/callback'))).toBe('/');
    expect(decideRedirect(member, 'anonymous', at('/auth', { redirect: '/matching' }))).toBe('/matching');
    expect(decideRedirect(member, 'anonymous', at('/auth', { redirect: '/board?post=12' }))).toBe('/board?post=12');
    expect(decideRedirect(member, 'anonymous', at('/auth', { redirect: '//evil.example' }))).toBe('/');
    expect(decideRedirect(member, 'anonymous', at('/auth', { redirect: 'https://evil.example/' }))).toBe('/');
    expect(decideRedirect(visitor, 'anonymous', at('/auth', { redirect: '/matching' }))).toBeNull();
  });

  it('keeps a new member on /profile-setup whatever the path', () => {
    expect(decideRedirect(newMember, 'public', at('/'))).toBe('/profile-setup');
    expect(decideRedirect(newMember, 'authenticated', at('/matching'))).toBe('/profile-setup');
    expect(decideRedirect(newMember, 'anonymous', at('/auth', { redirect: '/matching' }))).toBe('/profile-setup');
    expect(decideRedirect(newMember, 'authenticated', at('/profile-setup'))).toBeNull();
  });

  it('keeps a member who must agree to the terms on /consent first, with /terms and /privacy readable (issue #17)', () => {
    const mustAgree = { signedIn: true, isNew: true, needsConsent: true };
    for (const path of ['/', '/matching', '/profile-setup', '/profile', '/auth']) {
      expect(decideRedirect(mustAgree, path === '/auth' ? 'anonymous' : 'public', at(path))).toBe('/consent');
    }
    for (const path of ['/consent', '/terms', '/privacy']) expect(decideRedirect(mustAgree, 'public', at(path))).toBeNull();
    // Once agreed, /consent sends a new member on to the wizard's guard (via home) and a visitor to the login.
    expect(decideRedirect(newMember, 'public', at('/consent'))).toBe('/profile-setup');
    expect(decideRedirect(member, 'public', at('/consent'))).toBe('/');
    expect(decideRedirect(visitor, 'public', at('/consent'))).toBe('/auth?redirect=%2Fconsent');
    // The legal pages are open to everyone.
    expect(decideRedirect(visitor, 'public', at('/terms'))).toBeNull();
    expect(decideRedirect(member, 'public', at('/privacy'))).toBeNull();
  });

  it('lets a member use member pages', () => {
    expect(decideRedirect(member, 'authenticated', at('/matching'))).toBeNull();
    expect(decideRedirect(member, 'authenticated', at('/profile-setup'))).toBeNull();
  });
});

describe('safeRedirect (same-origin paths only, issue #14)', () => {
  it('accepts paths of this site, with their search and hash', () => {
    for (const ok of ['/', '/matching', '/board?post=12', '/chat/7', '/schedule?date=2026-11-24#top', '/a/b/../c']) {
      expect(safeRedirect(ok)).toBe(ok);
    }
  });

  it('refuses other hosts, schemes, relative paths and anything that is not a string', () => {
    const refused: unknown[] = [
      '//evil.example',
      '//evil.example/matching',
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      'https://evil.example/',
      'http://localhost/matching',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,hi',
      'matching',
      './matching',
      '',
      ' /matching',
      '/\t/evil.example',
      '/\n/evil.example',
      undefined,
      null,
      42,
      ['/matching'],
      { pathname: '/matching' },
      `/${'a'.repeat(3000)}`,
    ];
    for (const bad of refused) expect(safeRedirect(bad), String(bad)).toBeNull();
  });

  it('never sends back into the login pages', () => {
    expect(safeRedirect('/auth')).toBeNull();
    expect(safeRedirect('/auth?mode=register')).toBeNull();
    expect(safeRedirect('/oauth/callback?token=x')).toBeNull();
  });
});

describe('loginPath', () => {
  it('adds the page to come back to, except home and the wizard', () => {
    expect(loginPath('/matching')).toBe('/auth?redirect=%2Fmatching');
    expect(loginPath('/')).toBe('/auth');
    expect(loginPath('/profile-setup')).toBe('/auth');
    expect(loginPath('//evil.example')).toBe('/auth');
  });
});
