/**
 * The PWA skeleton (issue #2 item 5): the built service worker precaches the app shell and the
 * manifest; in the browser the worker becomes ready, the manifest is linked and an offline reload
 * still renders the shell.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { topBar } from './support/ui.ts';

/** The build the app serves (E2E_STATIC_DIR, as e2e/support/start-server.ts, or dist/). */
const STATIC_DIR = process.env.E2E_STATIC_DIR ?? fileURLToPath(new URL('../dist', import.meta.url));
const SW_FILE = join(STATIC_DIR, 'sw.js');

/** The slice of the page's `navigator` these checks use (the e2e code is type-checked without the DOM lib). */
interface PageNavigator {
  serviceWorker: { ready: Promise<{ active: { scriptURL: string } | null }>; controller: object | null };
}

/** The URLs of the precache manifest workbox-build injected into the built sw.js. */
function precachedUrls(): string[] {
  const source = readFileSync(SW_FILE, 'utf8');
  return [...source.matchAll(/["']?url["']?\s*:\s*["']([^"']+)["']/g)].map((m) => m[1] ?? '');
}

test.describe('built service worker (no browser)', () => {
  test('the built sw.js precaches index.html, the manifest and the icons', () => {
    const urls = precachedUrls();
    expect(urls).toContain('index.html');
    expect(urls).toContain('manifest.webmanifest');
    expect(urls).toEqual(expect.arrayContaining(['icons/icon-192.png', 'icons/icon-512.png', 'icons/icon-maskable-512.png', 'icons/badge-72.png']));
    expect(urls.some((u) => /^assets\/.+\.js$/.test(u)), 'the JavaScript bundles are precached').toBe(true);
  });

  test('the built sw.js answers the update prompt and keeps server paths out of the SPA fallback', () => {
    const source = readFileSync(SW_FILE, 'utf8');
    expect(source).toContain('SKIP_WAITING');
    for (const path of ['api', 'ws', 'uploads', 'oauth2']) expect(source).toContain(`^\\/${path}`);
    expect(source).not.toContain('self.__WB_MANIFEST');
  });
});

test('the manifest is linked and valid, and its icons are served', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();

  const response = await request.get(href ?? '');
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    description: string;
    icons: { src: string; sizes: string; purpose?: string }[];
    screenshots: { src: string; sizes: string; type: string; form_factor?: string; label?: string }[];
    shortcuts: { name: string; url: string; icons: { src: string }[] }[];
  };
  expect(manifest.short_name).toBe('밥상친구');
  expect(manifest.name).toContain('밥상친구');
  expect(manifest.display).toBe('standalone');
  expect(manifest.start_url).toBe('/');
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i) => i.purpose?.includes('maskable'))).toBe(true);
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.ok(), icon.src).toBe(true);
    expect(image.headers()['content-type']).toContain('image/png');
  }

  // Installability (issue #7): a description, both colours, and a narrow and a wide screenshot
  // served as PNG whose real size is the one the manifest states.
  expect(manifest.description).toContain('함께 밥 먹을 친구');
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
  for (const shot of manifest.screenshots) {
    expect(shot.label, `${shot.src} has a Korean label`).toMatch(/[가-힣]/);
    expect(shot.type).toBe('image/png');
    const image = await request.get(shot.src);
    expect(image.ok(), shot.src).toBe(true);
    expect(image.headers()['content-type']).toContain('image/png');
    expect(`${pngSize(await image.body())}`, shot.src).toBe(shot.sizes);
  }
  const [narrow] = manifest.screenshots.filter((s) => s.form_factor === 'narrow').map((s) => s.sizes.split('x').map(Number));
  expect(narrow && narrow[1]! > narrow[0]!, 'the narrow screenshot is portrait').toBe(true);

  // Issue #18: long-press shortcuts (내 일정, 매칭 요청, issue #30's 채팅 list, 식사 약속 찾기) open real
  // pages, and /favicon.ico exists for browsers that ask for it.
  expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
    ['내 일정', '/schedule'],
    ['매칭 요청', '/match-requests'],
    ['채팅', '/chats'],
    ['식사 약속 찾기', '/matching'],
  ]);
  for (const shortcut of manifest.shortcuts) {
    expect(shortcut.name, shortcut.url).toMatch(/[가-힣]/);
    expect((await request.get(shortcut.icons[0]!.src)).ok(), shortcut.icons[0]!.src).toBe(true);
  }
  const favicon = await request.get('/favicon.ico');
  expect(favicon.ok()).toBe(true);
  expect(favicon.headers()['content-type']).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
});

/** `WIDTHxHEIGHT` from a PNG's IHDR chunk. */
function pngSize(png: Buffer): string {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

test('the browser precache holds index.html, the manifest and every JavaScript file of the build', async ({ page }) => {
  // Precaching every built file (about 100) takes a while on a busy 2-core machine.
  test.setTimeout(150_000);
  const chunks = readdirSync(join(STATIC_DIR, 'assets')).filter((f) => f.endsWith('.js'));
  expect(chunks.length, 'the build has route chunks').toBeGreaterThan(5);

  await page.goto('/');
  const cached = await page.evaluate(async (): Promise<{ name: string | null; paths: string[] }> => {
    const scope = globalThis as unknown as {
      navigator: PageNavigator;
      caches: { keys(): Promise<string[]>; open(name: string): Promise<{ keys(): Promise<{ url: string }[]> }> };
    };
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the service worker was not ready within 60 s')), 60_000));
    await Promise.race([scope.navigator.serviceWorker.ready, timeout]);
    const name = (await scope.caches.keys()).find((key) => key.startsWith('workbox-precache'));
    if (!name) return { name: null, paths: [] };
    const requests = await (await scope.caches.open(name)).keys();
    return { name, paths: requests.map((r) => new URL(r.url).pathname) };
  });
  expect(cached.name, 'a workbox precache exists').toBeTruthy();
  expect(cached.paths).toContain('/index.html');
  expect(cached.paths).toContain('/manifest.webmanifest');
  const missing = chunks.filter((chunk) => !cached.paths.includes(`/assets/${chunk}`));
  expect(missing, 'every route chunk is precached').toEqual([]);
});

test('the service worker becomes ready and an offline reload still renders the shell', async ({ context, page }) => {
  test.setTimeout(150_000);
  await page.goto('/');
  const scriptURL = await page.evaluate(async () => {
    const navigator = (globalThis as unknown as { navigator: PageNavigator }).navigator;
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('navigator.serviceWorker.ready did not resolve within 60 s')), 60_000),
    );
    const registration = await Promise.race([navigator.serviceWorker.ready, timeout]);
    return registration.active?.scriptURL ?? '';
  });
  expect(new URL(scriptURL).pathname).toBe('/sw.js');

  // Once the worker controls the page, the app shell comes from the precache.
  await page.reload();
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as { navigator: PageNavigator }).navigator.serviceWorker.controller !== null)).toBe(true);
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(topBar(page).getByRole('link', { name: '밥상친구' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});
