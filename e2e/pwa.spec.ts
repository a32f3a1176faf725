/**
 * The PWA skeleton (issue #2 item 5): the built service worker precaches the app shell and the
 * manifest; in the browser the worker becomes ready, the manifest is linked and an offline reload
 * still renders the shell.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { topBar } from './support/ui.ts';

const SW_FILE = new URL('../dist/sw.js', import.meta.url);

/** The slice of the page's `navigator` these checks use (the e2e code is type-checked without the DOM lib). */
interface PageNavigator {
  serviceWorker: { ready: Promise<{ active: { scriptURL: string } | null }>; controller: object | null };
}

/** The URLs of the precache manifest workbox-build injected into dist/sw.js. */
function precachedUrls(): string[] {
  const source = readFileSync(SW_FILE, 'utf8');
  return [...source.matchAll(/["']?url["']?\s*:\s*["']([^"']+)["']/g)].map((m) => m[1] ?? '');
}

test.describe('built service worker (no browser)', () => {
  test('dist/sw.js precaches index.html, the manifest and the icons', () => {
    const urls = precachedUrls();
    expect(urls).toContain('index.html');
    expect(urls).toContain('manifest.webmanifest');
    expect(urls).toEqual(expect.arrayContaining(['icons/icon-192.png', 'icons/icon-512.png', 'icons/icon-maskable-512.png']));
    expect(urls.some((u) => /^assets\/.+\.js$/.test(u)), 'the JavaScript bundles are precached').toBe(true);
  });

  test('dist/sw.js answers the update prompt and keeps server paths out of the SPA fallback', () => {
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
    icons: { src: string; sizes: string; purpose?: string }[];
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
});

test('the service worker becomes ready and an offline reload still renders the shell', async ({ context, page }) => {
  await page.goto('/');
  const scriptURL = await page.evaluate(async () => {
    const navigator = (globalThis as unknown as { navigator: PageNavigator }).navigator;
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('navigator.serviceWorker.ready did not resolve within 20 s')), 20_000),
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
