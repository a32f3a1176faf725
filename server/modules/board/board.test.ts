/** Board API (issue #6): validation, author rules, likes, views, comments and recommendations. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import type { Comment, Post } from '../../../common/api/board.ts';

let t: TestApp;
let author: Awaited<ReturnType<TestApp['quickMember']>>;
let other: Awaited<ReturnType<TestApp['quickMember']>>;
let third: Awaited<ReturnType<TestApp['quickMember']>>;

beforeAll(async () => {
  t = await createTestApp();
  author = await t.quickMember({ name: '작성자' });
  other = await t.quickMember({ name: '다른회원' });
  third = await t.quickMember({ name: '세번째' });
});
afterAll(async () => {
  await t.close();
});

const valid = { title: '  을지로 국수  ', content: '<p>맛있어요 <strong>강추</strong></p>', tags: ['점심', '맛집'], address: '서울 중구 을지로 1', latitude: 37.566, longitude: 126.99 };

async function create(payload: object = valid, headers = author.headers) {
  return t.app.inject({ method: 'POST', url: '/api/board', headers, payload });
}
async function createdPost(payload: object = valid): Promise<Post> {
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Post;
}
async function list(headers = other.headers): Promise<Post[]> {
  return (await t.app.inject({ url: '/api/board?limit=100', headers })).json() as Post[];
}
const view = (id: number, headers: Record<string, string>) => t.app.inject({ method: 'PUT', url: `/api/board/${id}/view`, headers });
const like = (id: number, headers: Record<string, string>) => t.app.inject({ method: 'POST', url: `/api/board/${id}/like`, headers });
const comment = (id: number, headers: Record<string, string>, text = '좋네요') =>
  t.app.inject({ method: 'POST', url: `/api/board/${id}/comments`, headers, payload: { text } });

describe('creating and listing', () => {
  it('answers the SPEC §3 shape with a trimmed title, newest first', async () => {
    const first = await createdPost();
    expect(first).toMatchObject({ title: '을지로 국수', tags: ['점심', '맛집'], address: '서울 중구 을지로 1', latitude: 37.566, longitude: 126.99, author: { id: author.id, name: '작성자' }, likes: 0, views: 0, likedByMe: false, commentCount: 0 });
    expect(first.content).toBe('<p>맛있어요 <strong>강추</strong></p>');
    t.clock.advance(1000);
    const second = await createdPost({ ...valid, title: '두번째' });
    const posts = await list();
    expect(posts.findIndex((p) => p.id === second.id)).toBeLessThan(posts.findIndex((p) => p.id === first.id));
  });

  it('keeps posts without coordinates and address', async () => {
    const p = await createdPost({ title: '위치 없음', content: '<p>본문</p>' });
    expect(p).toMatchObject({ latitude: null, longitude: null, address: '', tags: [] });
  });

  it.each([
    ['an unknown tag', { tags: ['한식'] }],
    ['six tags', { tags: ['점심', '저녁', '모임', '맛집', '일상', '주말'] }],
    ['a repeated tag', { tags: ['점심', '점심'] }],
    ['a 101-character title', { title: 'ㄱ'.repeat(101) }],
    ['a blank title', { title: '   ' }],
    ['content that is only markup', { content: '<script>alert(1)</script><p> </p>' }],
    ['latitude without longitude', { longitude: null }],
    ['longitude without latitude', { latitude: undefined }],
    ['latitude out of range', { latitude: 91 }],
    ['longitude out of range', { longitude: -181 }],
    ['an address over 200', { address: '가'.repeat(201) }],
    ['an unknown field', { extra: 1 }],
  ])('400 for %s', async (_name, change) => {
    const res = await create({ ...valid, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/[가-힣]/);
  });

  it('accepts exactly 5 tags and a 100-character title', async () => {
    const p = await createdPost({ ...valid, title: 'ㄱ'.repeat(100), tags: ['점심', '저녁', '모임', '맛집', '일상'] });
    expect(p.tags).toHaveLength(5);
  });

  it('limits content to 20 KB after sanitising (removed markup does not count)', async () => {
    const big = `<p>${'a'.repeat(20 * 1024)}</p>`;
    expect((await create({ ...valid, content: big })).json().code).toBe('CONTENT_TOO_LARGE');
    const fits = `<p>${'a'.repeat(20 * 1024 - 7)}</p>`;
    expect((await create({ ...valid, content: fits })).statusCode).toBe(201);
    const padded = `<p>ok</p>${'<span onclick="x()"></span>'.repeat(1000)}`;
    const saved = await createdPost({ ...valid, content: padded });
    expect(saved.content).toBe('<p>ok</p>');
  });

  it('sanitises content on save', async () => {
    const p = await createdPost({ ...valid, content: '<p onclick="x()">a<img src=x onerror=alert(1)><a href="javascript:alert(1)">b</a><script>alert(1)</script></p>' });
    expect(p.content).not.toMatch(/onclick|onerror|javascript:|script/);
    expect(p.content).toContain('<a rel="noopener nofollow ugc" target="_blank">b</a>');
  });

  it('401 anonymous', async () => {
    expect((await t.app.inject({ url: '/api/board' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/board', payload: valid })).statusCode).toBe(401);
  });
});

describe('author-only edit and delete', () => {
  it('lets the author edit; 403 for others; 404 unknown', async () => {
    const p = await createdPost();
    const edit = { title: '수정됨', content: '<p>새 내용</p>', tags: ['저녁'] };
    expect((await t.app.inject({ method: 'PUT', url: `/api/board/${p.id}`, headers: other.headers, payload: edit })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'PUT', url: `/api/board/${p.id}`, headers: author.headers, payload: edit });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: '수정됨', tags: ['저녁'], latitude: null, longitude: null });
    expect((await t.app.inject({ method: 'PUT', url: '/api/board/999999', headers: author.headers, payload: edit })).statusCode).toBe(404);
  });

  it('lets the author delete (with likes and comments); 403 for others; 404 after', async () => {
    const p = await createdPost();
    await like(p.id, other.headers);
    await comment(p.id, other.headers);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/board/${p.id}`, headers: other.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/board/${p.id}`, headers: author.headers })).statusCode).toBe(204);
    expect((await list()).some((x) => x.id === p.id)).toBe(false);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/board/${p.id}`, headers: author.headers })).statusCode).toBe(404);
    expect((await like(p.id, other.headers)).statusCode).toBe(404);
  });
});

describe('likes', () => {
  it('toggles one like per member, for two members', async () => {
    const p = await createdPost();
    let res = await like(p.id, other.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: p.id, likes: 1, likedByMe: true });
    res = await like(p.id, third.headers);
    expect(res.json()).toMatchObject({ likes: 2, likedByMe: true });
    expect((await list(other.headers)).find((x) => x.id === p.id)).toMatchObject({ likes: 2, likedByMe: true });
    expect((await list(author.headers)).find((x) => x.id === p.id)).toMatchObject({ likes: 2, likedByMe: false });
    res = await like(p.id, other.headers);
    expect(res.json()).toMatchObject({ likes: 1, likedByMe: false });
    expect((await list(third.headers)).find((x) => x.id === p.id)).toMatchObject({ likes: 1, likedByMe: true });
    res = await like(p.id, other.headers);
    expect(res.json().likes).toBe(2);
    const [both] = await Promise.all([like(p.id, author.headers), like(p.id, author.headers)]);
    expect(both.statusCode).toBe(200);
    const after = (await list(author.headers)).find((x) => x.id === p.id)!;
    // The counter matches the like rows (the two concurrent toggles of one member cancel out or leave one).
    const { postLikes } = await import('../../db/schema.ts');
    const { eq } = await import('drizzle-orm');
    const rows = await t.app.db.select().from(postLikes).where(eq(postLikes.postId, p.id));
    expect(after.likes).toBe(rows.length);
    expect(after.likedByMe).toBe(rows.some((r) => r.userId === author.id));
  });
});

describe('views', () => {
  it('never counts the author; counts a member once per hour', async () => {
    t.clock.reset();
    const p = await createdPost();
    const views = async () => (await list()).find((x) => x.id === p.id)!.views;
    expect((await view(p.id, author.headers)).statusCode).toBe(204);
    expect(await views()).toBe(0);
    expect((await view(p.id, other.headers)).statusCode).toBe(204);
    expect(await views()).toBe(1);
    t.clock.advance(59 * 60 * 1000);
    await view(p.id, other.headers);
    expect(await views()).toBe(1);
    await view(p.id, third.headers);
    expect(await views()).toBe(2);
    t.clock.advance(2 * 60 * 1000);
    await view(p.id, other.headers);
    expect(await views()).toBe(3);
    await view(p.id, other.headers);
    expect(await views()).toBe(3);
    expect((await view(999999, other.headers)).statusCode).toBe(404);
  });
});

describe('comments', () => {
  it('stores trimmed plain text with the author name; 1–500 characters', async () => {
    const p = await createdPost();
    const res = await comment(p.id, other.headers, '  <b>맛있어요</b>  ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ text: '<b>맛있어요</b>', author: { id: other.id, name: '다른회원' } });
    expect((await comment(p.id, other.headers, '   ')).json()).toMatchObject({ code: 'COMMENT_REQUIRED', message: '댓글 내용을 입력해주세요.' });
    expect((await comment(p.id, other.headers, 'ㄱ'.repeat(501))).statusCode).toBe(400);
    expect((await comment(p.id, other.headers, `  ${'ㄱ'.repeat(500)}  `)).statusCode).toBe(201);
    expect((await comment(999999, other.headers)).statusCode).toBe(404);
    expect((await list()).find((x) => x.id === p.id)!.commentCount).toBe(2);
    const listed = (await t.app.inject({ url: `/api/board/${p.id}/comments`, headers: third.headers })).json() as Comment[];
    expect(listed.map((c) => c.author.name)).toEqual(['다른회원', '다른회원']);
  });
});

describe('recommendations', () => {
  const recommended = async () => ((await t.app.inject({ url: '/api/recommendations?limit=100', headers: other.headers })).json() as Post[]).map((p) => p.id);

  it('answers posts with coordinates from 10 points (views + 3 × likes + 2 × comments), most points first', async () => {
    const a = await createdPost({ ...valid, title: '추천 후보' });
    const noCoords = await createdPost({ title: '좌표 없음', content: '<p>x</p>' });
    // a: 1 like (3) + 3 comments (6) = 9 points.
    await like(a.id, other.headers);
    for (let i = 0; i < 3; i++) await comment(a.id, third.headers);
    // noCoords: far more points but no coordinates.
    for (const m of [other, third]) await like(noCoords.id, m.headers);
    for (let i = 0; i < 5; i++) await comment(noCoords.id, third.headers);
    expect(await recommended()).not.toContain(a.id);
    expect(await recommended()).not.toContain(noCoords.id);
    // One view: 10 points.
    await view(a.id, third.headers);
    expect(await recommended()).toContain(a.id);
    const b = await createdPost({ ...valid, title: '더 높은 점수' });
    for (const m of [other, third]) await like(b.id, m.headers);
    for (let i = 0; i < 3; i++) await comment(b.id, other.headers);
    const ids = await recommended();
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(ids.indexOf(b.id)).toBeGreaterThanOrEqual(0);
    // Unliking drops it below 10 again.
    await like(a.id, other.headers);
    expect(await recommended()).not.toContain(a.id);
  });
});

describe('deleted authors', () => {
  it('answers author null and keeps comments with a null name', async () => {
    const gone = await t.quickMember({ name: '탈퇴예정' });
    const p = await createdPost();
    const mine = await create({ ...valid, title: '탈퇴자 글' }, gone.headers);
    await comment(p.id, gone.headers);
    const { users } = await import('../../db/schema.ts');
    const { eq } = await import('drizzle-orm');
    await t.app.db.delete(users).where(eq(users.id, gone.id));
    const posts = await list();
    expect(posts.find((x) => x.id === mine.json().id)!.author).toBeNull();
    const comments = (await t.app.inject({ url: `/api/board/${p.id}/comments`, headers: other.headers })).json() as Comment[];
    expect(comments.at(-1)!.author).toEqual({ id: null, name: null });
  });
});
