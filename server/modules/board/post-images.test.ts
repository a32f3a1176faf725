/**
 * Private images (issue #13): post HTML keeps only images uploaded through `/api/images/upload`;
 * every other `img` is removed on save and counted in the answer's `removedImages`.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';

const PUBLIC_URL = 'https://bapsang.example';
let t: TestApp;
let author: Awaited<ReturnType<TestApp['quickMember']>>;
let other: Awaited<ReturnType<TestApp['quickMember']>>;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
  author = await t.quickMember({ name: '작성자' });
  other = await t.quickMember({ name: '다른회원' });
});
afterAll(async () => {
  await t.close();
});

/** Uploads a small PNG as `headers`' member; answers its `/uploads/…` URL. */
async function upload(headers: Record<string, string>): Promise<string> {
  const png = await sharp({ create: { width: 6, height: 6, channels: 3, background: '#c33' } }).png().toBuffer();
  const boundary = 'bs-board-test';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="food.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/images/upload', payload, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  expect(res.statusCode).toBe(201);
  return res.json().url;
}

const create = (content: string, headers = author.headers) =>
  t.app.inject({ method: 'POST', url: '/api/board', headers, payload: { title: '사진 있는 글', content } });
const imgSrcs = (html: string) => [...html.matchAll(/<img[^>]*src="([^"]*)"/g)].map((m) => m[1]);

describe('images in post HTML (issue #13)', () => {
  it('keeps only a stored upload; an external, a data: and an unknown /uploads/ image are removed and counted', async () => {
    const mine = await upload(author.headers);
    const content =
      '<p>국수 맛집</p>' +
      '<img src="https://tracker.example/pixel.png" alt="외부">' +
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="인라인">' +
      `<img src="${mine}" alt="국수" width="300">` +
      '<img src="/uploads/0123456789abcdef0123456789abcdef.webp" alt="없는 파일">';
    const res = await create(content);
    expect(res.statusCode).toBe(201);
    const post = res.json();
    expect(post.removedImages).toBe(3);
    expect(post.content).toBe(`<p>국수 맛집</p><img src="${mine}" alt="국수" width="300" />`);
    // What everyone else reads is the same clean HTML; the list has no removedImages.
    const listed = (await t.app.inject({ url: '/api/board?limit=100', headers: other.headers })).json().find((p: { id: number }) => p.id === post.id);
    expect(listed.content).toBe(post.content);
    expect(listed).not.toHaveProperty('removedImages');
  });

  it("keeps another member's upload (it went through the upload), answers removedImages 0 when nothing went", async () => {
    const theirs = await upload(other.headers);
    const res = await create(`<p>같이 먹은 메뉴</p><img src="${theirs}">`);
    expect(res.statusCode).toBe(201);
    expect(res.json().removedImages).toBe(0);
    expect(imgSrcs(res.json().content)).toEqual([theirs]);
  });

  it('keeps an absolute URL to our own PUBLIC_URL upload as a relative one; other hosts and http, //host, .. paths go', async () => {
    const mine = await upload(author.headers);
    const name = mine.slice('/uploads/'.length);
    const content =
      `<p>a</p><img src="${PUBLIC_URL}${mine}">` +
      `<img src="http://bapsang.example${mine}">` +
      `<img src="https://evil.example${mine}">` +
      `<img src="//bapsang.example${mine}">` +
      `<img src="/uploads/../uploads/${name}">` +
      `<img src="/uploads/${name}?x=1">` +
      '<img src="blob:https://bapsang.example/1234">' +
      '<img src=x onerror=alert(1)>';
    const res = await create(content);
    expect(res.statusCode).toBe(201);
    expect(imgSrcs(res.json().content)).toEqual([mine]);
    expect(res.json().removedImages).toBe(7);
  });

  it('the update answer counts too, and a post whose only content was an external image is refused as empty', async () => {
    const created = await create('<p>처음</p>');
    const id = created.json().id;
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/board/${id}`,
      headers: author.headers,
      payload: { title: '수정', content: '<p>수정</p><img src="https://cdn.example/a.jpg"><img src="https://cdn.example/b.jpg">' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ content: '<p>수정</p>', removedImages: 2 });
    const onlyExternal = await create('<img src="https://cdn.example/a.jpg">');
    expect(onlyExternal.statusCode).toBe(400);
    expect(onlyExternal.json().code).toBe('TITLE_CONTENT_REQUIRED');
  });
});
