#!/usr/bin/env node
/**
 * Draws the 밥상친구 mark (a rice bowl with chopsticks, warm orange on cream) as SVG and renders
 * the PNG icons the manifest and index.html name, with sharp:
 *
 *   public/icons/favicon.svg              the mark on a rounded cream tile
 *   public/icons/icon-192.png, icon-512.png   "any" purpose
 *   public/icons/icon-maskable-512.png    full-bleed, the mark inside the 80 % safe zone
 *   public/icons/apple-touch-icon.png     180 × 180, opaque (iOS rounds it itself)
 *
 * Run: node scripts/make-icons.mjs   (the outputs are committed; rerun after changing the mark)
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = fileURLToPath(new URL('../public/icons/', import.meta.url));

const ORANGE = '#ff7a45';
const ORANGE_DARK = '#e8602c';
const CREAM = '#fffaf5';
const RICE = '#ffffff';
const RICE_LINE = '#f1d9c9';
const WOOD = '#8a4b2a';

/** The mark on a 512 × 512 canvas; its bounding box is about x 96–436, y 70–440 (centre 266, 255). */
const MARK = `
  <g stroke-linecap="round">
    <line x1="292" y1="214" x2="428" y2="78" stroke="${WOOD}" stroke-width="16"/>
    <line x1="322" y1="228" x2="436" y2="114" stroke="${WOOD}" stroke-width="16"/>
  </g>
  <path d="M118 268 C112 214 156 184 198 194 C214 150 300 146 318 192 C362 180 402 214 394 268 Z"
        fill="${RICE}" stroke="${RICE_LINE}" stroke-width="8" stroke-linejoin="round"/>
  <path d="M96 262 H416 C416 360 346 418 256 418 C166 418 96 360 96 262 Z" fill="${ORANGE}"/>
  <path d="M128 300 H384" stroke="${CREAM}" stroke-width="10" stroke-linecap="round" opacity="0.55"/>
  <rect x="190" y="410" width="132" height="28" rx="10" fill="${ORANGE_DARK}"/>`;

/** A square SVG of `size` px showing the mark scaled by `scale` about the canvas centre. */
function svg({ size = 512, scale = 1, rounded = true, title = '밥상친구' } = {}) {
  const radius = rounded ? 112 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512" role="img" aria-label="${title}">
  <title>${title}</title>
  <rect width="512" height="512" rx="${radius}" fill="${CREAM}"/>
  <g transform="translate(256 256) scale(${scale}) translate(-266 -255)">${MARK}
  </g>
</svg>
`;
}

async function png(name, size, options) {
  const buffer = await sharp(Buffer.from(svg({ ...options, size })), { density: 72 * (size / 512) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();
  await writeFile(join(OUT, name), buffer);
  console.log(`${name.padEnd(24)} ${size}×${size}  ${buffer.length} bytes`);
}

await mkdir(OUT, { recursive: true });
await writeFile(join(OUT, 'favicon.svg'), svg({ scale: 0.9 }));
console.log('favicon.svg');
await png('icon-192.png', 192, { scale: 0.9 });
await png('icon-512.png', 512, { scale: 0.9 });
// Maskable: no rounding (the platform masks it) and the mark's half-diagonal (~0.75 × 255 px)
// stays inside the safe-zone circle of radius 0.4 × 512 = 205 px.
await png('icon-maskable-512.png', 512, { scale: 0.72, rounded: false });
await png('apple-touch-icon.png', 180, { scale: 0.8, rounded: false });
