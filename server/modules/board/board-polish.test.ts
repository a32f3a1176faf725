/**
 * Board polish (issue #18 item 4): comment edit and delete by their author
 * (`PUT`/`DELETE /api/board/{id}/comments/{commentId}`) and the search `GET /api/board?q=`;
 * issue #33 item 4: the search through the stored plain text, and the comment counts from the kept
 * column with a viewer's blocks.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, Post } from '../../../common/api/board.ts';
import { postComments, posts } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
type Member = Awaited<ReturnType<TestApp['quickMember']>>;
let author: Member;
let commenter: Member;
let other: Member;

beforeAll(async () => {
  t = await createTestApp();
  author = await t.quickMember({ name: '글쓴이' });
  commenter = await t.quickMember({ name: '댓글러' });
  other = await t.quickMember({ name: '구경꾼' });
});
afterAll(async () => {
  await t.close();
});

async function newPost(payload: Partial<{ title: string; content: string; tags: string[] }> = {}, headers = author.headers): Promise<Post> {
  const res = await t.app.inject({ method: 'POST', url: '/api/board', headers, payload: { title: '을지로 국수', content: '<p>맛있어요</p>', tags: ['점심'], ...payload } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Post;
}
async function newComment(postId: number, headers = commenter.headers, text = '좋네요'): Promise<Comment> {
  const res = await t.app.inject({ method: 'POST', url: `/api/board/${postId}/comments`, headers, payload: { text } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Comment;
}
const edit = (postId: number, commentId: number, headers: Record<string, string>, text: string) =>
  t.app.inject({ method: 'PUT', url: `/api/board/${postId}/comments/${commentId}`, headers, payload: { text } });
const remove = (postId: number, commentId: number, headers: Record<string, string>) => t.app.inject({ method: 'DELETE', url: `/api/board/${postId}/comments/${commentId}`, headers });
async function commentsOf(postId: number, headers = other.headers): Promise<Comment[]> {
  const res = await t.app.inject({ url: `/api/board/${postId}/comments`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Comment[];
}
async function search(q: string, headers = other.headers) {
  return t.app.inject({ url: `/api/board?limit=100&q=${encodeURIComponent(q)}`, headers });
}

describe('comment edit and delete', () => {
  it('lets the author edit (trimmed, createdAt kept) and others get 403 with nothing changed', async () => {
    const post = await newPost();
    const c = await newComment(post.id);
    t.clock.advance(60_000);
    const res = await edit(post.id, c.id, commenter.headers, '  고쳤어요  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: c.id, text: '고쳤어요', author: { id: commenter.id, name: '댓글러' }, createdAt: c.createdAt });
    // The post's author is not the comment's author.
    for (const headers of [author.headers, other.headers]) {
      const refused = await edit(post.id, c.id, headers, '남의 댓글');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'NOT_COMMENT_AUTHOR', message: '본인이 작성한 댓글만 수정하거나 삭제할 수 있어요.' });
      expect((await remove(post.id, c.id, headers)).statusCode).toBe(403);
    }
    expect((await commentsOf(post.id)).map((x) => x.text)).toEqual(['고쳤어요']);
  });

  it('validates the text and applies the content filter on edit', async () => {
    const post = await newPost();
    const c = await newComment(post.id);
    expect((await edit(post.id, c.id, commenter.headers, '   ')).json()).toMatchObject({ code: 'COMMENT_REQUIRED' });
    expect((await edit(post.id, c.id, commenter.headers, '가'.repeat(501))).json()).toMatchObject({ code: 'COMMENT_TOO_LONG' });
    const rude = await edit(post.id, c.id, commenter.headers, '이 시 발 뭐야');
    expect(rude.statusCode).toBe(400);
    expect(rude.json()).toMatchObject({ message: '부적절한 표현이 포함되어 있어요.' });
    expect((await commentsOf(post.id)).map((x) => x.text)).toEqual(['좋네요']);
  });

  it('lets the author delete; 404 afterwards, for an unknown comment, and for a comment of another post', async () => {
    const post = await newPost();
    const another = await newPost();
    const c = await newComment(post.id);
    expect((await remove(another.id, c.id, commenter.headers)).statusCode).toBe(404);
    expect((await edit(another.id, c.id, commenter.headers, '다른 글')).statusCode).toBe(404);
    const res = await remove(post.id, c.id, commenter.headers);
    expect(res.statusCode).toBe(204);
    expect(await commentsOf(post.id)).toEqual([]);
    expect((await remove(post.id, c.id, commenter.headers)).json()).toMatchObject({ code: 'COMMENT_NOT_FOUND', message: '댓글을 찾을 수 없어요.' });
    expect((await edit(post.id, 2_000_000, commenter.headers, '없음')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/board/${post.id}/comments/abc`, headers: commenter.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/board/${post.id}/comments/1` })).statusCode).toBe(401);
  });

  it('answers 404 for a hidden comment and across a block with the post author, like the lists', async () => {
    const post = await newPost();
    const c = await newComment(post.id);
    await t.app.db.update(postComments).set({ hiddenAt: new Date() }).where(eq(postComments.id, c.id));
    expect((await edit(post.id, c.id, commenter.headers, '숨김')).statusCode).toBe(404);

    const visible = await newComment(post.id);
    const blocked = await t.app.inject({ method: 'POST', url: '/api/blocks', headers: author.headers, payload: { userId: commenter.id } });
    expect(blocked.statusCode, blocked.body).toBe(201);
    expect((await edit(post.id, visible.id, commenter.headers, '차단')).statusCode).toBe(404);
    expect((await remove(post.id, visible.id, commenter.headers)).statusCode).toBe(404);
    await t.app.inject({ method: 'DELETE', url: `/api/blocks/${commenter.id}`, headers: author.headers });
    expect((await edit(post.id, visible.id, commenter.headers, '풀림')).statusCode).toBe(200);
  });
});

describe('search', () => {
  it('finds by title, content text and tag, ignoring case and spaces around; keeps the newest-first order', async () => {
    const byTitle = await newPost({ title: 'Seoul 냉면 투어', content: '<p>시원해요</p>', tags: ['저녁'] });
    t.clock.advance(1000);
    const byContent = await newPost({ title: '오늘의 점심', content: '<p>평양<strong>냉면</strong> 맛집이에요</p>', tags: [] });
    t.clock.advance(1000);
    const byTag = await newPost({ title: '혼밥 기록', content: '<p>조용한 곳</p>', tags: ['카페'] });

    const ids = async (q: string) => ((await search(q)).json() as Post[]).map((p) => p.id);
    expect(await ids('냉면')).toEqual([byContent.id, byTitle.id]);
    expect(await ids('  SEOUL ')).toEqual([byTitle.id]);
    expect(await ids('카페')).toEqual([byTag.id]);
    // Markup is not text: "strong" is not found in the content.
    expect(await ids('strong')).toEqual([]);
    // % and _ are literal.
    expect(await ids('%')).toEqual([]);
    // An empty or blank q lists everything.
    const all = ((await t.app.inject({ url: '/api/board?limit=100', headers: other.headers })).json() as Post[]).map((p) => p.id);
    expect(await ids('   ')).toEqual(all);
  });

  it('finds a word only in the HTML body, of any length, and never the markup or an attribute (issue #33 item 4)', async () => {
    const body = await newPost({
      title: '주말 기록',
      content: '<p>골목 끝 <em>순댓국집</em>에서 <strong>곱창</strong>을 먹고 <a href="https://example.com/menu">메뉴판</a> 구경 &amp; 수다</p>',
      tags: [],
    });
    const found = async (q: string) => ((await search(q)).json() as Post[]).some((p) => p.id === body.id);
    // Text inside markup, a 3+ character word (the trigram index) and a 2-syllable one (a scan).
    expect(await found('순댓국집')).toBe(true);
    expect(await found('곱창')).toBe(true);
    expect(await found('메뉴판')).toBe(true);
    expect(await found('구경 & 수다')).toBe(true);
    // Case is ignored in short queries too (the scan path): 'bb' finds the body's 'BBQ'.
    const bbq = await newPost({ title: '저녁 기록', content: '<p>마당에서 <em>BBQ</em></p>', tags: [] });
    expect(((await search('bb')).json() as Post[]).map((p) => p.id)).toContain(bbq.id);
    expect(((await search('bBq')).json() as Post[]).map((p) => p.id)).toContain(bbq.id);
    // Tag names, attribute names and values, and entities are not text.
    for (const q of ['strong', 'href', 'example.com', '<em>', 'amp;', 'noopener']) expect(await found(q), q).toBe(false);
    // A tag still matches as a whole tag only, never across two tags.
    const tagged = await newPost({ title: '태그 글', content: '<p>본문</p>', tags: ['점심', '저녁'] });
    expect(((await search('저녁')).json() as Post[]).map((p) => p.id)).toContain(tagged.id);
    expect(((await search('점심", "저녁')).json() as Post[]).map((p) => p.id)).not.toContain(tagged.id);
  });

  it('leaves out posts across a block; 400 beyond 100 characters after trimming; 401 anonymous', async () => {
    const stranger = await t.quickMember({ name: '차단될회원' });
    const hidden = await newPost({ title: '비밀 떡볶이' }, stranger.headers);
    expect(((await search('떡볶이')).json() as Post[]).map((p) => p.id)).toContain(hidden.id);
    await t.app.inject({ method: 'POST', url: '/api/blocks', headers: other.headers, payload: { userId: stranger.id } });
    expect(((await search('떡볶이')).json() as Post[]).map((p) => p.id)).not.toContain(hidden.id);

    expect((await search(` ${'가'.repeat(100)} `)).statusCode).toBe(200);
    const long = await search('가'.repeat(101));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'SEARCH_TOO_LONG', message: '검색어는 100자 이하로 입력해주세요.' });
    expect((await t.app.inject({ url: '/api/board?q=a' })).statusCode).toBe(401);
  });
});

describe('comment counts (issue #33 item 4)', () => {
  it('come from the kept column: a hidden comment leaves them, restoring brings it back; comments across a block are subtracted for that viewer only, in the list, the post and the recommendations', async () => {
    const post = await newPost({ title: '댓글 세기', content: '<p>세어 보아요</p>' });
    // Recommended throughout: coordinates, 3 points of a like and 2 per visible comment (≥ 4 of them).
    await t.app.db.update(posts).set({ latitude: 37.5, longitude: 127 }).where(eq(posts.id, post.id));
    expect((await t.app.inject({ method: 'POST', url: `/api/board/${post.id}/like`, headers: other.headers })).statusCode).toBe(200);
    const loud = await t.quickMember({ name: '시끄러운회원' });
    const mine = [await newComment(post.id), await newComment(post.id), await newComment(post.id)];
    await newComment(post.id, loud.headers);
    await newComment(post.id, loud.headers);
    const watcher = await t.quickMember({ name: '지켜보는회원' });
    const counts = async (m: Member) => {
      const list = (await t.app.inject({ url: '/api/board?limit=100', headers: m.headers })).json() as Post[];
      const one = (await t.app.inject({ url: `/api/board/${post.id}`, headers: m.headers })).json() as Post;
      const recommended = (await t.app.inject({ url: '/api/recommendations?limit=100', headers: m.headers })).json() as Post[];
      return [list.find((p) => p.id === post.id)?.commentCount, one.commentCount, recommended.find((p) => p.id === post.id)?.commentCount];
    };
    expect(await counts(watcher)).toEqual([5, 5, 5]);
    // Hidden by moderation (a write of hidden_at from another module): the count follows.
    await t.app.db.update(postComments).set({ hiddenAt: t.clock.now() }).where(eq(postComments.id, mine[0]!.id));
    expect(await counts(watcher)).toEqual([4, 4, 4]);
    await t.app.db.update(postComments).set({ hiddenAt: null }).where(eq(postComments.id, mine[0]!.id));
    expect(await counts(watcher)).toEqual([5, 5, 5]);
    // The watcher blocks the loud member: their two comments leave the watcher's counts only.
    expect((await t.app.inject({ method: 'POST', url: '/api/blocks', headers: watcher.headers, payload: { userId: loud.id } })).statusCode).toBe(201);
    expect(await counts(watcher)).toEqual([3, 3, 3]);
    expect(await counts(other)).toEqual([5, 5, 5]);
    // The other way round: the loud member does not count the watcher's comment.
    await newComment(post.id, watcher.headers);
    expect(await counts(loud)).toEqual([5, 5, 5]);
    expect(await counts(watcher)).toEqual([4, 4, 4]);
    expect(await counts(other)).toEqual([6, 6, 6]);
    // A hidden comment across the block is not subtracted twice.
    const [loudComment] = await t.app.db.select({ id: postComments.id }).from(postComments).where(eq(postComments.authorId, loud.id));
    await t.app.db.update(postComments).set({ hiddenAt: t.clock.now() }).where(eq(postComments.id, loudComment!.id));
    expect(await counts(watcher)).toEqual([4, 4, 4]);
    expect(await counts(other)).toEqual([5, 5, 5]);
  });
});
