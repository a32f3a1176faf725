import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { cacheControlFor } from './static.ts';
import { PAGE_PRELOAD_SCRIPT, PRERENDER_GUARD_SCRIPT } from '../../common/prerender.ts';
import { createHash } from 'node:crypto';

let t: TestApp;
const INDEX = '<!doctype html><html lang="ko"><head><title>밥상친구</title></head><body><div id="root"></div></body></html>';
const BIG_JS = `console.log(${JSON.stringify('밥상친구 '.repeat(500))});`;
/** A chunk with its copies from scripts/precompress.mjs; the copies say which one was sent. */
const PRE_JS = `console.log(${JSON.stringify('미리 압축 '.repeat(500))});`;
const PRE_BR = brotliCompressSync(PRE_JS);
const PRE_GZ = gzipSync(PRE_JS);
/** The build's prerendered pages (scripts/prerender.mjs): the shell with markup in #root and the guard. */
const prerendered = (h1: string) =>
  `<!doctype html><html lang="ko"><head><script>${PRERENDER_GUARD_SCRIPT}</script><title>${h1}</title></head><body><div id="root"><div class="prerendered" inert><h1>${h1}</h1></div></div></body></html>`;
/** A preloaded member page (scripts/prerender.mjs): the shell with the page preload script. */
const PRELOADED = `<!doctype html><html lang="ko"><head><title>밥상친구</title><script data-modules="/assets/board-1.js" data-styles="" data-fetch="/api/board">${PAGE_PRELOAD_SCRIPT}</script></head><body><div id="root"></div></body></html>`;
const SW_JS = `self.addEventListener("install", () => {}); // ${'x'.repeat(2000)}`;

beforeAll(async () => {
  // A tiny fake build in a temp folder.
  const { mkdtemp } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const dist = await mkdtemp(path.join(tmpdir(), 'bs-dist-'));
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await mkdir(path.join(dist, 'prerender'));
  await writeFile(path.join(dist, 'prerender', 'home.html'), prerendered('혼밥하기 싫은 날, 밥상친구'));
  await writeFile(path.join(dist, 'prerender', 'auth.html'), prerendered('로그인'));
  await writeFile(path.join(dist, 'prerender', 'board.html'), PRELOADED);
  await writeFile(path.join(dist, 'sw.js'), SW_JS);
  await writeFile(path.join(dist, 'sw.js.br'), brotliCompressSync(SW_JS));
  await writeFile(path.join(dist, 'assets', 'pre-XyZ789.js'), PRE_JS);
  await writeFile(path.join(dist, 'assets', 'pre-XyZ789.js.br'), PRE_BR);
  await writeFile(path.join(dist, 'assets', 'pre-XyZ789.js.gz'), PRE_GZ);
  await writeFile(path.join(dist, 'manifest.webmanifest'), '{"name":"밥상친구"}');
  await writeFile(path.join(dist, 'assets', 'index-AbC123.js'), BIG_JS);
  await writeFile(path.join(dist, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  t = await createTestApp({ env: { STATIC_DIR: dist } });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const html = { accept: 'text/html,application/xhtml+xml' };

describe('static client', () => {
  it('serves index.html at / with no-cache and the CSP', async () => {
    const res = await get('/', html);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
    const csp = String(res.headers['content-security-policy']);
    for (const directive of ["default-src 'self'", "script-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "worker-src 'self'", "manifest-src 'self'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).toMatch(/connect-src 'self' ws:\/\/localhost:\d+ https:\/\/firebaseinstallations\.googleapis\.com https:\/\/fcmregistrations\.googleapis\.com;/);
    expect(csp).not.toContain("'unsafe-eval'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('hashed assets are immutable for a year, and compressed', async () => {
    const res = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends the precompressed copy a browser accepts, with the headers of the file it stands for (issue #33 item 1)', async () => {
    const br = await get('/assets/pre-XyZ789.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(PRE_BR)).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(PRE_JS);

    const gz = await get('/assets/pre-XyZ789.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(PRE_GZ)).toBe(true);

    const plain = await get('/assets/pre-XyZ789.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PRE_JS);

    // The service worker's copy stays no-cache, so an update still shows.
    const sw = await get('/sw.js', { 'accept-encoding': 'br' });
    expect(sw.headers['content-encoding']).toBe('br');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(sw.rawPayload).toString()).toBe(SW_JS);
  });

  it('sw.js and index.html are no-cache', async () => {
    expect((await get('/sw.js')).headers['cache-control']).toBe('no-cache');
    expect((await get('/index.html')).headers['cache-control']).toBe('no-cache');
    expect((await get('/manifest.webmanifest')).headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for client routes (navigations)', async () => {
    for (const url of ['/matching', '/chat/12', '/auth?mode=register', '/profile-setup']) {
      const res = await get(url, html);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('prerendered');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers the board with the page the build preloaded, its script allowed by its hash alone (issue #33 item 2)', async () => {
    for (const url of ['/board', '/board?post=3', '/board/']) {
      const res = await get(url, html);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('data-modules="/assets/board-1.js"');
      const inline = /<script [^>]*>([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '';
      const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';
      expect(scriptSrc.split(' ')).toContain(`'sha256-${createHash('sha256').update(inline).digest('base64')}'`);
    }
  });

  it('answers / and /auth with the pages the build prerendered, their guard allowed by its hash alone (issue #33 item 2)', async () => {
    for (const [url, h1] of [
      ['/', '혼밥하기 싫은 날, 밥상친구'],
      ['/?utm_source=kakao', '혼밥하기 싫은 날, 밥상친구'],
      ['/auth', '로그인'],
      ['/auth?redirect=%2Fmatching', '로그인'],
    ] as const) {
      const res = await get(url, html);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain(`<div class="prerendered" inert><h1>${h1}</h1></div>`);
      const inline = /<script>([^<]*)<\/script>/.exec(res.body)?.[1] ?? '';
      const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';
      expect(scriptSrc.split(' ')).toContain(`'sha256-${createHash('sha256').update(inline).digest('base64')}'`);
      expect(scriptSrc).not.toContain("'unsafe-inline'");
    }
    // The prerendered files are not cached longer than the shell either.
    expect(cacheControlFor('prerender/home.html')).toBe('no-cache');
  });

  it('never falls back for /api, /ws, /uploads: JSON 404', async () => {
    for (const url of ['/api/unknown', '/api', '/ws', '/uploads/nothing.webp', '/api/user/me/extra']) {
      const res = await get(url, html);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ message: '요청한 주소를 찾을 수 없어요.', code: 'NOT_FOUND' });
    }
    // A missing asset file is a 404, not the HTML page.
    expect((await get('/assets/missing-123.js')).statusCode).toBe(404);
    // Non-GET to an unknown path.
    expect((await t.app.inject({ method: 'POST', url: '/matching' })).statusCode).toBe(404);
  });
});

describe('cacheControlFor', () => {
  it('classifies build files', () => {
    expect(cacheControlFor('assets/a-1.css')).toContain('immutable');
    expect(cacheControlFor('index.html')).toBe('no-cache');
    expect(cacheControlFor('sw.js')).toBe('no-cache');
    expect(cacheControlFor('sw.js.br')).toBe('no-cache');
    expect(cacheControlFor('assets/a-1.js.gz')).toContain('immutable');
    expect(cacheControlFor('avatars/bear.svg')).toBe('public, max-age=86400');
  });
});
