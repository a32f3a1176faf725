import { describe, expect, it } from 'vitest';
import { prerender } from './prerender';

describe('build-time prerender of the visitor pages (issue #33 item 2)', () => {
  it('/ is the visitor hero with its login-first buttons and the preview skeleton, titled 밥상친구', async () => {
    const { html, title } = await prerender('/');
    expect(title).toBe('밥상친구');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('#main h1')?.textContent).toBe('혼밥하기 싫은 날, 밥상친구');
    expect([...doc.querySelectorAll('.hero__actions a')].map((a) => a.getAttribute('href'))).toEqual(['/auth?redirect=%2Fmatching', '/auth?redirect=%2Fschedule']);
    expect(doc.querySelector('.upcoming-preview')?.getAttribute('aria-busy')).toBe('true');
    expect(doc.querySelector('.top-bar a[href="/auth"]')?.textContent).toBe('로그인');
    // Nothing that needs a script of its own: the CSP allows the guard's hash only.
    expect(doc.querySelector('script')).toBeNull();
    // One inert wrapper, which the guard hides for a member.
    expect(doc.body.children.length).toBe(1);
    expect(doc.body.firstElementChild?.matches('div.prerendered[inert]')).toBe(true);
  });

  it('/auth is the login form, titled 로그인 · 밥상친구', async () => {
    const { html, title } = await prerender('/auth');
    expect(title).toBe('로그인 · 밥상친구');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('#main h1')?.textContent).toBe('로그인');
    const form = doc.querySelector('form.auth-form');
    expect(form?.querySelector('input[type="email"]')).not.toBeNull();
    expect(form?.querySelector('input[type="password"]')).not.toBeNull();
    expect(form?.querySelector('button[type="submit"]')?.textContent).toBe('로그인');
    // Nothing can be typed into markup the app's first render replaces.
    expect([...doc.querySelectorAll('input')].map((input) => input.hasAttribute('readonly'))).toEqual([true, true, true]);
    expect(doc.querySelector('script')).toBeNull();
  });

  it('refuses an address that redirects a visitor (it must not be sent as that page)', async () => {
    await expect(prerender('/matching')).rejects.toThrow(/redirects to \/auth/);
  });
});
