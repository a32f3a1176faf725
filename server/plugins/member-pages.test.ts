/**
 * Members' 게시판 and 채팅 sent rendered with their data (issue #33 item 2; member-pages.ts): which
 * navigations get the rendered page, what it carries, and that the render's requests are the
 * member's own (the API's checks apply; nothing is written). The renderer here stands in for the
 * client's (src/prerender.tsx `renderMemberPage`, which e2e/prerender.spec.ts runs in the built
 * server): it asks for the page's list through the `send` it is given and lists the titles.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { MAX_WAITING_RENDERS, sessionCookieToken, type MemberPageRenderer } from './member-pages.ts';
import { MEMBER_PAGE_SLOT, SERVER_ANSWER_ID, SERVER_ANSWER_SLOT, SESSION_COOKIE, type ServerAnswer } from '../../common/prerender.ts';

const PLAIN = '<!doctype html><html lang="ko"><head><title>밥상친구</title></head><body><div id="root"></div><!--plain--></body></html>';
const TEMPLATE = `<!doctype html><html lang="ko"><head><title>밥상친구</title>${SERVER_ANSWER_SLOT}</head><body><div id="root">${MEMBER_PAGE_SLOT}</div></body></html>`;

let t: TestApp;
/** What the stand-in renderer was asked, and what it should answer. */
const renders: Array<{ url: string; token: string; userId: number; writeStatus: number }> = [];
let answerNull = false;

const renderer: MemberPageRenderer = async (url, member, send) => {
  const write = await send('/api/board', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ title: '렌더가 쓴 글', content: '<p>안 돼요</p>', tags: [] }) });
  renders.push({ url, token: member.token, userId: (member.user as { id: number }).id, writeStatus: write.status });
  if (answerNull) return null;
  const list = await send(url === '/chats' ? '/api/chats?limit=20' : '/api/board', { headers: { Accept: 'application/json' } });
  if (!list.ok) return null;
  const rows = (await list.json()) as Array<{ title?: string }>;
  return { html: `<div class="prerendered prerendered--member" inert><ul>${rows.map((r) => `<li>${r.title ?? ''}</li>`).join('')}</ul></div>`, title: '맛집 소개 · 밥상친구' };
};

beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'bs-member-pages-'));
  await mkdir(path.join(dist, 'prerender'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), PLAIN);
  for (const name of ['board', 'chats']) {
    await writeFile(path.join(dist, 'prerender', `${name}.html`), PLAIN);
    await writeFile(path.join(dist, 'prerender', `${name}.rendered.html`), TEMPLATE);
  }
  t = await createTestApp({ env: { STATIC_DIR: dist }, renderMemberPage: renderer });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  renders.length = 0;
  answerNull = false;
});

const navigate = (url: string, cookie?: string) => t.app.inject({ url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
const post = (member: { headers: Record<string, string> }, title: string) =>
  t.app.inject({ method: 'POST', url: '/api/board', headers: member.headers, payload: { title, content: '<p>국물이 진해요.</p>', tags: ['점심'] } });
/** The answer the rendered page carries for the app (`<script type="application/json" id="bapsang-answer">`). */
function answerIn(html: string): ServerAnswer {
  const match = new RegExp(`<script type="application/json" id="${SERVER_ANSWER_ID}">(.*?)</script>`).exec(html);
  if (!match) throw new Error('no answer in the page');
  return JSON.parse(match[1]!) as ServerAnswer;
}

describe('member pages rendered with their data', () => {
  it("answers a member's /board with the page rendered for them and the list's answer, never cached", async () => {
    const member = await t.quickMember({ name: '렌더회원' });
    expect((await post(member, '칼국수 </script><b>맛집</b>')).statusCode).toBe(201);
    const res = await navigate('/board', `theme=dark; ${SESSION_COOKIE}=${member.token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(String(res.headers.vary)).toMatch(/cookie/i);
    expect(res.body).toContain('<title>맛집 소개 · 밥상친구</title>');
    expect(res.body).toContain('<div id="root"><div class="prerendered prerendered--member" inert><ul><li>칼국수 </script><b>맛집</b></li></ul></div></div>');
    expect(renders).toEqual([{ url: '/board', token: member.token, userId: member.id, writeStatus: 405 }]);
    // The answer is the list as the app would get it, and nothing in it closes its element early.
    const answer = answerIn(res.body);
    expect(answer).toMatchObject({ url: '/api/board', status: 200 });
    expect((JSON.parse(answer.body) as Array<{ title: string }>).map((p) => p.title)).toEqual(['칼국수 </script><b>맛집</b>']);
    expect(res.body.match(/<\/script>/g)?.length).toBe(2); // the answer's own end, and the one in the rendered title
    // The render's POST was refused before the API: no post was written.
    const list = await t.app.inject({ url: '/api/board', headers: member.headers });
    expect(list.json<Array<{ title: string }>>().map((p) => p.title)).toEqual(['칼국수 </script><b>맛집</b>']);
  });

  it('asks the API as the member: a post of someone they blocked is not in their page', async () => {
    const viewer = await t.quickMember();
    const other = await t.quickMember();
    const title = `차단된 사람의 글 ${Date.now()}`;
    expect((await post(other, title)).statusCode).toBe(201);
    expect((await navigate('/board', `${SESSION_COOKIE}=${viewer.token}`)).body).toContain(title);
    expect((await t.app.inject({ method: 'POST', url: '/api/blocks', headers: viewer.headers, payload: { userId: other.id } })).statusCode).toBeLessThan(300);
    const res = await navigate('/board', `${SESSION_COOKIE}=${viewer.token}`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).not.toContain(title);
    expect(answerIn(res.body).body).not.toContain(title);
  });

  it('sends the plain page without a cookie, with a token the API refuses, to an address with a query, and when the render answers nothing', async () => {
    const member = await t.quickMember();
    const cases: Array<[string, string | undefined]> = [
      ['/board', undefined],
      ['/board', `${SESSION_COOKIE}=not-a-token`],
      ['/board', `${SESSION_COOKIE}=${member.token.slice(0, -4)}AAAA`],
      ['/board?q=칼국수', `${SESSION_COOKIE}=${member.token}`],
    ];
    for (const [url, cookie] of cases) {
      const res = await navigate(url, cookie);
      expect(res.statusCode, `${url} ${cookie}`).toBe(200);
      expect(res.body, `${url} ${cookie}`).toContain('<!--plain-->');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect(renders).toEqual([]);
    answerNull = true;
    const res = await navigate('/chats', `${SESSION_COOKIE}=${member.token}`);
    expect(res.body).toContain('<!--plain-->');
    expect(String(res.headers.vary)).toMatch(/cookie/i);
    expect(renders.map((r) => r.url)).toEqual(['/chats']);
  });

  it('reads the session cookie only when it has the shape of a token', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    expect(sessionCookieToken(`a=1; ${SESSION_COOKIE}=${token}; b=2`)).toBe(token);
    expect(sessionCookieToken(`${SESSION_COOKIE}=${token}`)).toBe(token);
    expect(sessionCookieToken(`x${SESSION_COOKIE}=${token}`)).toBeNull();
    expect(sessionCookieToken(`${SESSION_COOKIE}=<script>.a.b`)).toBeNull();
    expect(sessionCookieToken(`${SESSION_COOKIE}=${'a'.repeat(5000)}.b.c`)).toBeNull();
    expect(sessionCookieToken(undefined)).toBeNull();
    expect(MAX_WAITING_RENDERS).toBeGreaterThan(0);
  });
});
