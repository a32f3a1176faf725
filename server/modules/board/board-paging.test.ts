/**
 * Paging of the board lists (issue #19 item 1): `GET /api/board` (also with `?q=`),
 * `GET /api/board/{id}/comments` and `GET /api/recommendations` answer a JSON array of at most
 * `limit` items, the next page in `Link: <…>; rel="next"`, and refuse a cursor they did not issue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextLinkTarget } from '../../../common/paging.ts';
import type { Comment, Post } from '../../../common/api/board.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
type Member = Awaited<ReturnType<TestApp['quickMember']>>;
let author: Member;
let reader: Member;

beforeAll(async () => {
  t = await createTestApp();
  author = await t.quickMember({ name: '글쓴이' });
  reader = await t.quickMember({ name: '독자' });
});
afterAll(async () => {
  await t.close();
});

async function newPost(title: string, extra: object = {}): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/board', headers: author.headers, payload: { title, content: '<p>본문</p>', tags: [], ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as Post).id;
}

/** Follows `Link: rel="next"` from `url` to the end; `between` runs after each page. */
async function walk<T extends { id: number }>(url: string, between?: (page: number) => Promise<void>): Promise<{ items: T[]; pages: number[] }> {
  const items: T[] = [];
  const pages: number[] = [];
  let next: string | null = url;
  while (next) {
    const res = await t.app.inject({ url: next, headers: reader.headers });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as T[];
    expect(Array.isArray(page)).toBe(true);
    items.push(...page);
    pages.push(page.length);
    next = nextLinkTarget(res.headers.link as string | undefined);
    if (next) expect(page.length).toBeGreaterThan(0);
    await between?.(pages.length);
    expect(pages.length).toBeLessThan(200);
  }
  return { items, pages };
}

describe('GET /api/board paging', () => {
  const made: number[] = [];
  beforeAll(async () => {
    // 130 posts; ten share one created_at (ties are broken by id, never lost).
    for (let i = 0; i < 130; i++) {
      if (i < 120 || i % 2 === 0) t.clock.advance(1000);
      made.push(await newPost(`페이징 글 ${i}`));
    }
  });

  it('answers 20 by default with a Link to the next page; above 100 answers 100; 0 and junk → 400', async () => {
    const first = await t.app.inject({ url: '/api/board', headers: reader.headers });
    expect(first.json()).toHaveLength(20);
    const link = first.headers.link as string;
    expect(link).toMatch(/^<\/api\/board\?cursor=[A-Za-z0-9_-]+&limit=20>; rel="next"$/);
    expect((await t.app.inject({ url: '/api/board?limit=1000', headers: reader.headers })).json()).toHaveLength(100);
    expect((await t.app.inject({ url: '/api/board?limit=7', headers: reader.headers })).json()).toHaveLength(7);
    for (const bad of ['0', '-1', 'abc', '1.5']) {
      const res = await t.app.inject({ url: `/api/board?limit=${bad}`, headers: reader.headers });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/[가-힣]/);
    }
  });

  it('the last page has no Link', async () => {
    const all = await t.app.inject({ url: '/api/board?limit=100', headers: reader.headers });
    expect(all.headers.link).toBeDefined();
    const rest = await t.app.inject({ url: nextLinkTarget(all.headers.link as string)!, headers: reader.headers });
    expect((rest.json() as Post[]).length).toBe(30);
    expect(rest.headers.link).toBeUndefined();
  });

  it.each([
    ['not base64', '!!!'],
    ['not JSON', Buffer.from('hello').toString('base64url')],
    ['a wrong shape', Buffer.from(JSON.stringify([1, 2])).toString('base64url')],
    ['a bad date', Buffer.from(JSON.stringify(['yesterday', 5])).toString('base64url')],
    ['an id of 0', Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000000Z', 0])).toString('base64url')],
    ['too long', 'a'.repeat(600)],
  ])('400 INVALID_CURSOR for %s', async (_name, cursor) => {
    const res = await t.app.inject({ url: `/api/board?cursor=${encodeURIComponent(cursor)}`, headers: reader.headers });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: expect.stringMatching(/INVALID_CURSOR|VALIDATION/) });
    if (cursor.length < 512) expect(res.json()).toMatchObject({ code: 'INVALID_CURSOR', message: '목록 위치 정보가 올바르지 않아요. 처음부터 다시 불러와주세요.' });
  });

  it('walking every page lists every post exactly once, newest first, even while posts are added between pages', async () => {
    const added: number[] = [];
    const { items, pages } = await walk<Post>('/api/board?limit=13', async () => {
      t.clock.advance(1000);
      added.push(await newPost('페이지 사이에 쓴 글'));
    });
    const ids = items.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of made) expect(ids).toContain(id);
    // Posts written after the walk began are newer than its first page: none of them shows up later.
    for (const id of added) expect(ids).not.toContain(id);
    expect(pages.slice(0, -1).every((n) => n === 13)).toBe(true);
    const times = items.map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('pages a search with its q kept in the Link', async () => {
    const first = await t.app.inject({ url: `/api/board?q=${encodeURIComponent('페이징 글 1')}&limit=5`, headers: reader.headers });
    expect(first.headers.link).toMatch(/q=/);
    const { items } = await walk<Post>(`/api/board?q=${encodeURIComponent('페이징 글 1')}&limit=5`);
    // "페이징 글 1", "… 10"–"… 19", "… 100"–"… 129"
    expect(items.map((p) => p.title).sort()).toEqual(made.map((_, i) => `페이징 글 ${i}`).filter((x) => x.startsWith('페이징 글 1')).sort());
  });

  it('answers likedByMe and commentCount for the page', async () => {
    const id = made.at(-1)!;
    await t.app.inject({ method: 'POST', url: `/api/board/${id}/like`, headers: reader.headers });
    await t.app.inject({ method: 'POST', url: `/api/board/${id}/comments`, headers: author.headers, payload: { text: '하나' } });
    const page = (await t.app.inject({ url: '/api/board?limit=100', headers: reader.headers })).json() as Post[];
    expect(page.find((p) => p.id === id)).toMatchObject({ likes: 1, likedByMe: true, commentCount: 1 });
    expect(page.find((p) => p.id === made.at(-2))).toMatchObject({ likes: 0, likedByMe: false, commentCount: 0 });
    const mine = (await t.app.inject({ url: `/api/board/${id}`, headers: author.headers })).json() as Post;
    expect(mine).toMatchObject({ id, likes: 1, likedByMe: false, commentCount: 1 });
    expect((await t.app.inject({ url: '/api/board/99999999', headers: reader.headers })).statusCode).toBe(404);
  });
});

describe('GET /api/board/{id}/comments', () => {
  it('pages comments oldest first, every comment once, even while comments are added', async () => {
    const postId = await newPost('댓글 많은 글');
    const written: number[] = [];
    for (let i = 0; i < 45; i++) {
      if (i % 3 === 0) t.clock.advance(1000);
      const res = await t.app.inject({ method: 'POST', url: `/api/board/${postId}/comments`, headers: author.headers, payload: { text: `댓글 ${i}` } });
      written.push((res.json() as Comment).id);
    }
    const first = await t.app.inject({ url: `/api/board/${postId}/comments`, headers: reader.headers });
    expect(first.json()).toHaveLength(20);
    expect(first.headers.link).toMatch(new RegExp(`^</api/board/${postId}/comments\\?cursor=`));
    const late: number[] = [];
    const { items } = await walk<Comment>(`/api/board/${postId}/comments?limit=10`, async () => {
      t.clock.advance(1000);
      late.push(((await t.app.inject({ method: 'POST', url: `/api/board/${postId}/comments`, headers: author.headers, payload: { text: '나중 댓글' } })).json() as Comment).id);
    });
    const ids = items.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Oldest first: the 45, then the ones added during the walk (they are newer, so they are reached).
    expect(ids.slice(0, 45)).toEqual(written);
    expect(ids.slice(45)).toEqual(late.slice(0, ids.length - 45));
    const post = (await t.app.inject({ url: `/api/board/${postId}`, headers: reader.headers })).json() as Post;
    expect(post.commentCount).toBe(45 + late.length);
  });

  it('404 for an unknown post; 400 for a tampered cursor or limit 0; 401 anonymous', async () => {
    expect((await t.app.inject({ url: '/api/board/99999999/comments', headers: reader.headers })).statusCode).toBe(404);
    const postId = await newPost('댓글 검사');
    expect((await t.app.inject({ url: `/api/board/${postId}/comments?cursor=abc`, headers: reader.headers })).json()).toMatchObject({ code: 'INVALID_CURSOR' });
    expect((await t.app.inject({ url: `/api/board/${postId}/comments?limit=0`, headers: reader.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/board/${postId}/comments` })).statusCode).toBe(401);
  });
});

describe('GET /api/recommendations paging', () => {
  it('orders by points then recency in SQL and pages without overlap; a board cursor is refused', async () => {
    const coords = { latitude: 37.56, longitude: 126.97, address: '서울' };
    const voters = await Promise.all(Array.from({ length: 4 }, () => t.quickMember()));
    const expected: Array<{ id: number; points: number }> = [];
    for (let i = 0; i < 25; i++) {
      t.clock.advance(1000);
      const id = await newPost(`추천 ${i}`, coords);
      // 2–4 likes (6–12 points) and 0–2 comments (0–4 points): some stay below 10.
      const likes = 2 + (i % 3);
      for (const v of voters.slice(0, likes)) await t.app.inject({ method: 'POST', url: `/api/board/${id}/like`, headers: v.headers });
      const comments = i % 2 === 0 ? 2 : 0;
      for (let c = 0; c < comments; c++) await t.app.inject({ method: 'POST', url: `/api/board/${id}/comments`, headers: voters[0]!.headers, payload: { text: '추천' } });
      expected.push({ id, points: 3 * likes + 2 * comments });
    }
    const want = expected
      .map((e, i) => ({ ...e, i }))
      .filter((e) => e.points >= 10)
      .sort((a, b) => b.points - a.points || b.i - a.i)
      .map((e) => e.id);
    const { items } = await walk<Post>('/api/recommendations?limit=4');
    const ours = items.map((p) => p.id).filter((id) => expected.some((e) => e.id === id));
    expect(ours).toEqual(want);
    expect(new Set(items.map((p) => p.id)).size).toBe(items.length);

    const first = await t.app.inject({ url: '/api/recommendations', headers: reader.headers });
    expect((first.json() as Post[]).length).toBeLessThanOrEqual(20);
    const boardCursor = new URL(`http://x${nextLinkTarget((await t.app.inject({ url: '/api/board?limit=1', headers: reader.headers })).headers.link as string)!}`).searchParams.get('cursor')!;
    expect((await t.app.inject({ url: `/api/recommendations?cursor=${boardCursor}`, headers: reader.headers })).json()).toMatchObject({ code: 'INVALID_CURSOR' });
    expect((await t.app.inject({ url: '/api/recommendations?limit=0', headers: reader.headers })).statusCode).toBe(400);
  });

  it('a deleted comment takes its points with it: a post at 11 points leaves the recommendations at 9', async () => {
    const coords = { latitude: 37.56, longitude: 126.97, address: '서울' };
    const id = await newPost('댓글로 추천', coords);
    const voters = await Promise.all(Array.from({ length: 3 }, () => t.quickMember()));
    for (const v of voters) await t.app.inject({ method: 'POST', url: `/api/board/${id}/like`, headers: v.headers });
    const comment = await t.app.inject({ method: 'POST', url: `/api/board/${id}/comments`, headers: voters[0]!.headers, payload: { text: '좋아요' } });
    expect(comment.statusCode).toBe(201);
    const listed = async () => (await walk<Post>('/api/recommendations?limit=100')).items.some((p) => p.id === id);
    expect(await listed()).toBe(true);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/board/${id}/comments/${(comment.json() as Comment).id}`, headers: voters[0]!.headers });
    expect(del.statusCode).toBeLessThan(300);
    expect(await listed()).toBe(false);
  });

  it('filters by every listed tag in SQL across pages; an unknown tag or more than 5 answer 400 in Korean', async () => {
    const both: number[] = [];
    for (let i = 0; i < 5; i++) {
      both.push(await newPost(`점심 카페 ${i}`, { tags: ['점심', '카페'] }));
      await newPost(`점심만 ${i}`, { tags: ['점심'] });
      await newPost(`태그 없음 ${i}`);
    }
    const { items, pages } = await walk<Post>(`/api/board?tags=${encodeURIComponent('점심,카페')}&limit=2`);
    expect(items.map((p) => p.id)).toEqual([...both].reverse());
    expect(pages.length).toBe(3);
    const lunch = await walk<Post>(`/api/board?tags=${encodeURIComponent('점심')}&limit=100`);
    expect(lunch.items.length).toBeGreaterThanOrEqual(10);
    expect(lunch.items.every((p) => p.tags.includes('점심'))).toBe(true);
    for (const bad of ['없는태그', '점심,,카페', '점심,저녁,모임,맛집,일상,주말', '']) {
      const res = await t.app.inject({ url: `/api/board?tags=${encodeURIComponent(bad)}`, headers: reader.headers });
      expect(res.statusCode, bad).toBe(400);
      expect((res.json() as { message: string }).message, bad).toMatch(/[가-힣]/);
    }
  });
});
