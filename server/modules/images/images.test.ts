import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
let member: Awaited<ReturnType<TestApp['registerMember']>>;
beforeAll(async () => {
  t = await createTestApp();
  member = await t.registerMember();
});
afterAll(async () => {
  await t.close();
});

/** A multipart/form-data body with one file part. */
function multipart(body: Buffer, filename: string, contentType: string, field = 'image') {
  const boundary = `----bs${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (body: Buffer, filename: string, contentType: string, headers: Record<string, string> = member.headers, field = 'image') => {
  const m = multipart(body, filename, contentType, field);
  return t.app.inject({ method: 'POST', url: '/api/images/upload', payload: m.payload, headers: { ...m.headers, ...headers } });
};

const uploadsDir = () => path.join(t.dataDir, 'uploads');
const storedFiles = async () => readdir(uploadsDir()).catch(() => [] as string[]);
const png = (w = 40, h = 30) => sharp({ create: { width: w, height: h, channels: 3, background: '#f80' } }).png().toBuffer();

describe('POST /api/images/upload', () => {
  it('stores a PNG re-encoded as WebP and answers 201 { url }; served with nosniff and a long cache', async () => {
    const res = await upload(await png(), 'photo.png', 'image/png');
    expect(res.statusCode).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    const file = await t.app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toContain('max-age=31536000');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(40);
  });

  it('accepts a PNG with a <script> appended, and the stored file no longer contains it', async () => {
    const evil = Buffer.concat([await png(), Buffer.from('<script>alert(document.cookie)</script>')]);
    const res = await upload(evil, 'evil.png', 'image/png');
    expect(res.statusCode).toBe(201);
    const name = res.json().url.split('/').pop();
    const stored = await readFile(path.join(uploadsDir(), name));
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect(stored.includes(Buffer.from('alert('))).toBe(false);
  });

  it('rotates per EXIF and strips metadata', async () => {
    const jpeg = await sharp({ create: { width: 60, height: 20, channels: 3, background: '#0af' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const res = await upload(jpeg, 'camera.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const file = await t.app.inject({ url: res.json().url });
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([20, 60]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
  });

  it('refuses non-images with 400 and a Korean message, storing nothing', async () => {
    const before = await storedFiles();
    const cases: Array<[Buffer, string, string]> = [
      [Buffer.from('just some text, not an image\n'), 'notes.png', 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'icon.svg', 'image/svg+xml'],
      [Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), 'page.png', 'image/png'],
      // HTML first, a real PNG after it: a polyglot whose magic bytes are not an image.
      [Buffer.concat([Buffer.from('<html><script>alert(1)</script>'), await png()]), 'poly.png', 'image/png'],
    ];
    for (const [body, filename, type] of cases) {
      const res = await upload(body, filename, type);
      expect(res.statusCode, filename).toBe(400);
      expect(res.json()).toEqual({ message: '이미지 파일만 올릴 수 있어요.', code: 'NOT_AN_IMAGE' });
    }
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a GIF/JavaScript polyglot and a truncated image with 400, storing nothing', async () => {
    const before = await storedFiles();
    const gifJs = await upload(Buffer.from('GIF89a=1;alert(document.domain)//'), 'x.gif', 'image/gif');
    expect(gifJs.statusCode).toBe(400);
    expect(gifJs.json().message).toMatch(/이미지/);
    const full = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#123' } }).jpeg().toBuffer();
    const truncated = await upload(full.subarray(0, Math.floor(full.length / 2)), 'cut.jpg', 'image/jpeg');
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toMatchObject({ code: 'INVALID_IMAGE' });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a 6 MB file with 413 and a Korean message', async () => {
    const before = await storedFiles();
    const big = Buffer.concat([await png(), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const res = await upload(big, 'big.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: '이미지는 5MB 이하만 올릴 수 있어요.', code: 'FILE_TOO_LARGE' });
    expect(await storedFiles()).toEqual(before);
  });

  it('needs the field "image", a multipart body and a member', async () => {
    expect((await upload(await png(), 'a.png', 'image/png', member.headers, 'file')).statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: '/api/images/upload', payload: { image: 'x' }, headers: member.headers });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toMatch(/[가-힣]/);
    const anon = await upload(await png(), 'a.png', 'image/png', {});
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toBe('로그인이 필요해요.');
  });
});

describe('POST /api/images/upload: broken multipart bodies (issue #13)', () => {
  /** A well-formed body with the boundary `abc`, sent under another content type. */
  async function rawUpload(contentType: string, body?: Buffer) {
    const payload =
      body ??
      Buffer.concat([
        Buffer.from('--abc\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'),
        await png(),
        Buffer.from('\r\n--abc--\r\n'),
      ]);
    return t.app.inject({ method: 'POST', url: '/api/images/upload', payload, headers: { ...member.headers, 'content-type': contentType } });
  }
  const uploadRows = async () => (await t.app.db.select().from(uploads)).length;

  it('answers 400 "이미지 파일을 올려주세요." without a boundary, with an empty or a wrong one, and for a body cut short; nothing is stored', async () => {
    const before = await storedFiles();
    const rowsBefore = await uploadRows();
    // The same body with its boundary declared is a good upload (so the failures below are the boundary's).
    expect((await rawUpload('multipart/form-data; boundary=abc')).statusCode).toBe(201);
    const storedAfterGood = await storedFiles();
    expect(storedAfterGood.length).toBe(before.length + 1);
    const truncated = Buffer.concat([Buffer.from('--abc\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'), (await png()).subarray(0, 20)]);
    for (const [contentType, body] of [
      ['multipart/form-data', undefined],
      ['multipart/form-data; boundary=', undefined],
      ['multipart/form-data; boundary=xyz', undefined],
      ['multipart/form-data; charset=utf-8', undefined],
      ['multipart/form-data; boundary=abc', truncated],
    ] as const) {
      const res = await rawUpload(contentType, body);
      expect(res.statusCode, contentType).toBe(400);
      expect(res.json(), contentType).toEqual({ message: '이미지 파일을 올려주세요.', code: 'BAD_MULTIPART' });
    }
    expect(await storedFiles()).toEqual(storedAfterGood);
    expect(await uploadRows()).toBe(rowsBefore + 1);
  });

  it('records every stored upload with its owner in `uploads`', async () => {
    const other = await t.registerMember();
    const res = await upload(await png(), 'mine.png', 'image/png', other.headers);
    expect(res.statusCode).toBe(201);
    const name = res.json().url.slice('/uploads/'.length);
    const rows = await t.app.db.select().from(uploads).where(eq(uploads.name, name));
    expect(rows.map((r) => r.ownerId)).toEqual([other.id]);
  });
});

describe('GET /uploads/{name}', () => {
  it('answers JSON 404 for unknown or malformed names', async () => {
    for (const url of ['/uploads/0123456789abcdef0123456789abcdef.webp', '/uploads/..%2F..%2Fetc%2Fpasswd', '/uploads/x.svg']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });
});
