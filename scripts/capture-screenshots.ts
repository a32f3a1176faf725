/**
 * Captures the manifest's screenshots (issue #7 installability) from the real app: the home
 * page, signed out, in Debian's Chromium — narrow 720×1280 (a 360×640 phone at 2×) and wide
 * 1280×800 — written as palette PNGs to public/screenshots/ (sizes match manifest.webmanifest).
 *
 * Run against a served build, e.g.
 *   E2E_STATIC_DIR=/tmp/dist E2E_APP_PORT=4183 node --import tsx e2e/support/start-server.ts &
 *   node --import tsx scripts/capture-screenshots.ts http://127.0.0.1:4183
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import sharp from 'sharp';

const base = process.argv[2] ?? 'http://127.0.0.1:4173';
const outDir = fileURLToPath(new URL('../public/screenshots/', import.meta.url));
mkdirSync(outDir, { recursive: true });

const shots = [
  { file: 'home-narrow.png', viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true },
  { file: 'home-wide.png', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const shot of shots) {
    const context = await browser.newContext({
      viewport: shot.viewport,
      deviceScaleFactor: shot.deviceScaleFactor,
      isMobile: shot.isMobile,
      hasTouch: shot.isMobile,
      locale: 'ko-KR',
      timezoneId: 'Asia/Seoul',
      reducedMotion: 'reduce',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto(base);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const png = await page.screenshot({ type: 'png' });
    const out = `${outDir}${shot.file}`;
    await sharp(png).png({ palette: true, quality: 90, compressionLevel: 9 }).toFile(out);
    const meta = await sharp(out).metadata();
    console.log(`${out}: ${meta.width}x${meta.height}`);
    await context.close();
  }
} finally {
  await browser.close();
}
