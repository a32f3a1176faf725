import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, schedules } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { OG_DEFAULT_TITLE, scheduleWhen } from './og.ts';

let t: TestApp;
const INDEX = '<!doctype html><html lang="ko"><head><title>밥상친구</title></head><body><div id="root"></div></body></html>';
const html = { accept: 'text/html' };
let postId: number;
let hiddenPostId: number;
let scheduleId: number;
let cancelledScheduleId: number;

function meta(body: string, property: string): string | undefined {
  return new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(body)?.[1];
}

beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'bs-og-'));
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({ env: { STATIC_DIR: dist, PUBLIC_URL: 'https://bapsang.example' } });
  const author = await t.quickMember();
  const long = '가'.repeat(150);
  const rows = await t.app.db
    .insert(posts)
    .values([
      { authorId: author.id, title: '성수 <script>"국밥" & 김치</script>', content: `<p>정말 <b>맛있어요</b> &amp; 친절해요</p><p>${long}</p>` },
      { authorId: author.id, title: '숨겨진 글', content: '<p>비밀</p>', hiddenAt: new Date() },
    ])
    .returning({ id: posts.id });
  postId = rows[0]!.id;
  hiddenPostId = rows[1]!.id;
  const sRows = await t.app.db
    .insert(schedules)
    .values([
      { userId: author.id, date: '2026-11-24', hour: 18, text: '개인적인 메모', placeName: '을지로 노가리골목', placeCategory: '한식', participants: 2 },
      { userId: author.id, date: '2026-11-24', hour: 12, text: '취소됨', placeName: '취소된 곳', placeCategory: '한식', participants: 2, cancelledAt: new Date() },
    ])
    .returning({ id: schedules.id });
  scheduleId = sRows[0]!.id;
  cancelledScheduleId = sRows[1]!.id;
});
afterAll(async () => {
  await t.close();
});

describe('Open Graph tags of shared links (issue #18 item 6)', () => {
  it('a post: its title and the first 100 characters of its text, escaped; the app icon as image', async () => {
    const res = await t.app.inject({ url: `/board?post=${postId}`, headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
    expect(res.body).not.toContain('<script>"국밥"');
    expect(meta(res.body, 'og:title')).toBe('성수 &lt;script&gt;&quot;국밥&quot; &amp; 김치&lt;/script&gt; | 밥상친구');
    const description = meta(res.body, 'og:description')!;
    expect(description.startsWith('정말 맛있어요 &amp; 친절해요 가가')).toBe(true);
    expect(description.replace(/&amp;/g, '&')).toHaveLength(101); // 100 characters and "…"
    expect(meta(res.body, 'og:image')).toBe('https://bapsang.example/icons/icon-512.png');
    expect(meta(res.body, 'og:url')).toBe(`https://bapsang.example/board?post=${postId}`);
  });

  it('/board/{id} redirects to the post address', async () => {
    const res = await t.app.inject({ url: `/board/${postId}`, headers: html });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/board?post=${postId}`);
  });

  it('a schedule: the place, date and hour only (not its text)', async () => {
    const res = await t.app.inject({ url: `/matching?schedule=${scheduleId}`, headers: html });
    expect(res.statusCode).toBe(200);
    expect(meta(res.body, 'og:title')).toBe('을지로 노가리골목에서 함께 밥 먹어요 | 밥상친구');
    expect(meta(res.body, 'og:description')).toBe('11월 24일 (화) 오후 6시 · 을지로 노가리골목');
    expect(res.body).not.toContain('개인적인 메모');
  });

  it('hidden, cancelled, missing or malformed targets and other pages get the generic tags', async () => {
    for (const url of [`/board?post=${hiddenPostId}`, `/matching?schedule=${cancelledScheduleId}`, '/board?post=999999', '/board?post=abc', '/matching?schedule=-1', '/', '/schedule']) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(meta(res.body, 'og:title'), url).toBe(OG_DEFAULT_TITLE);
      expect(res.body, url).not.toContain('숨겨진 글');
      expect(res.body, url).not.toContain('취소된 곳');
    }
  });

  it('scheduleWhen says 오전/오후 with 12 o’clock right', () => {
    expect(scheduleWhen('2026-11-24', 0)).toBe('11월 24일 (화) 오전 12시');
    expect(scheduleWhen('2026-11-29', 12)).toBe('11월 29일 (일) 오후 12시');
    expect(scheduleWhen('2026-11-28', 9)).toBe('11월 28일 (토) 오전 9시');
  });
});
