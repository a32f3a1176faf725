import { describe, expect, it } from 'vitest';
import { decideRedirect } from './route-guard';

const visitor = { signedIn: false, isNew: false };
const member = { signedIn: true, isNew: false };
const newMember = { signedIn: true, isNew: true };

describe('decideRedirect (SPEC §2 guards)', () => {
  it('lets everyone see the home page', () => {
    expect(decideRedirect(visitor, 'public', '/')).toBeNull();
    expect(decideRedirect(member, 'public', '/')).toBeNull();
  });

  it('sends a visitor on a member page to /auth', () => {
    for (const path of ['/matching', '/schedule', '/board', '/restaurant-rec', '/profile', '/match-requests', '/chat/7', '/write-review', '/my-reviews', '/profile-setup']) {
      expect(decideRedirect(visitor, 'authenticated', path)).toBe('/auth');
    }
  });

  it('sends a signed-in member away from /auth and /oauth/callback to /', () => {
    expect(decideRedirect(member, 'anonymous', '/auth')).toBe('/');
    expect(decideRedirect(member, 'anonymous', '/oauth/callback')).toBe('/');
    expect(decideRedirect(visitor, 'anonymous', '/auth')).toBeNull();
  });

  it('keeps a new member on /profile-setup whatever the path', () => {
    expect(decideRedirect(newMember, 'public', '/')).toBe('/profile-setup');
    expect(decideRedirect(newMember, 'authenticated', '/matching')).toBe('/profile-setup');
    expect(decideRedirect(newMember, 'anonymous', '/auth')).toBe('/profile-setup');
    expect(decideRedirect(newMember, 'authenticated', '/profile-setup')).toBeNull();
  });

  it('lets a member use member pages', () => {
    expect(decideRedirect(member, 'authenticated', '/matching')).toBeNull();
    expect(decideRedirect(member, 'authenticated', '/profile-setup')).toBeNull();
  });
});
