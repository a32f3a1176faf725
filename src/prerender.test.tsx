import { describe, expect, it } from 'vitest';
import type { ChatSummary } from '@common/api/chat';
import { jsonResponse, makeUser } from '@/test/fixtures';
import { prerender, renderMemberPage } from './prerender';

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

describe('request-time render of a member page (issue #33 item 2; server/plugins/member-pages.ts)', () => {
  const face = (id: number, name: string) => ({ id, name, profileImage: null });
  const chat = (id: number, placeName: string, partner: string): ChatSummary => ({
    kind: 'match', id, scheduleId: id, placeName, date: '2026-12-07', time: 12, partner: face(id + 100, partner), memberCount: 2, faces: [face(id + 100, partner)],
    lastMessage: { id: 1, content: '내일 봬요', kind: 'text', senderId: id + 100, createdAt: new Date().toISOString() },
    activityAt: new Date().toISOString(), unreadCount: 0, muted: false, readOnly: false,
  });
  /** The server's `send`: the member's answers, by path; each request recorded with its token. */
  function sender(answers: Record<string, () => Response>) {
    const asked: string[] = [];
    const send = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      asked.push(`${init?.method ?? 'GET'} ${url} ${new Headers(init?.headers).get('authorization')}`);
      return answers[url]?.() ?? new Response('{}', { status: 404 });
    }) as typeof fetch;
    return { send, asked };
  }

  it("채팅 renders the member's conversations from the answers it asked for with their token, inert, titled", async () => {
    const { send, asked } = sender({ '/api/chats?limit=20': () => jsonResponse([chat(7, '성수 파스타', '영희'), chat(8, '을지로 국밥', '철수')]) });
    const page = await renderMemberPage('/chats', { token: 'tok-9', user: makeUser({ id: 9 }) }, send);
    expect(page?.title).toBe('채팅 · 밥상친구');
    const doc = new DOMParser().parseFromString(page?.html ?? '', 'text/html');
    expect(doc.body.firstElementChild?.matches('div.prerendered.prerendered--member[inert]')).toBe(true);
    expect([...doc.querySelectorAll('.chat-row__title')].map((t) => t.textContent)).toEqual(['성수 파스타 · 영희', '을지로 국밥 · 철수']);
    expect(asked).toContain('GET /api/chats?limit=20 Bearer tok-9');
    expect(doc.querySelector('script')).toBeNull();
  });

  it('answers null when the list cannot be had or the member must go elsewhere first, and renders one page at a time', async () => {
    const failing = sender({ '/api/chats?limit=20': () => new Response('{"message":"잠시 후 다시 시도해 주세요."}', { status: 503 }) });
    expect(await renderMemberPage('/chats', { token: 'tok-9', user: makeUser({ id: 9 }) }, failing.send)).toBeNull();
    const list = sender({ '/api/chats?limit=20': () => jsonResponse([chat(7, '성수 파스타', '영희')]) });
    expect(await renderMemberPage('/chats', { token: 'tok-9', user: makeUser({ id: 9, isNewUser: true }) }, list.send)).toBeNull();
    // Two renders asked at once: each gets its own member's list.
    const a = sender({ '/api/chats?limit=20': () => jsonResponse([chat(1, '가게 가', '가나')]) });
    const b = sender({ '/api/chats?limit=20': () => jsonResponse([chat(2, '가게 나', '다라')]) });
    const [pageA, pageB] = await Promise.all([
      renderMemberPage('/chats', { token: 'tok-a', user: makeUser({ id: 1 }) }, a.send),
      renderMemberPage('/chats', { token: 'tok-b', user: makeUser({ id: 2 }) }, b.send),
    ]);
    expect(pageA?.html).toContain('가게 가 · 가나');
    expect(pageA?.html).not.toContain('가게 나');
    expect(pageB?.html).toContain('가게 나 · 다라');
    expect(pageB?.html).not.toContain('가게 가');
    expect(b.asked.every((line) => line.endsWith('Bearer tok-b'))).toBe(true);
  });
});
