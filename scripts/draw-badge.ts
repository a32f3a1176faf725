/**
 * Draws public/icons/badge-72.png (issue #7): the notification badge, a white glyph on
 * transparent at 72×72 (Android shows only its alpha), taken from the shapes of our mark
 * (public/icons/favicon.svg) without its background; the bowl's stripe is cut out so the rice and
 * the bowl stay readable at status-bar size.
 *
 * Run: node --import tsx scripts/draw-badge.ts
 */
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = fileURLToPath(new URL('../public/icons/badge-72.png', import.meta.url));

/** The mark's glyph spans x 96…436, y 78…438 of the favicon's inner group; fit it in 72 px. */
const SIZE = 72;
const PADDING = 4;
const SCALE = (SIZE - 2 * PADDING) / 360;

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs>
    <mask id="cut" maskUnits="userSpaceOnUse" x="0" y="0" width="512" height="512">
      <rect x="0" y="0" width="512" height="512" fill="#fff"/>
      <path d="M128 300 H384" stroke="#000" stroke-width="16" stroke-linecap="round"/>
      <path d="M96 262 H416" stroke="#000" stroke-width="14"/>
    </mask>
  </defs>
  <g transform="translate(${SIZE / 2} ${SIZE / 2}) scale(${SCALE}) translate(-266 -258)">
    <g mask="url(#cut)" fill="#fff" stroke="#fff">
      <line x1="292" y1="214" x2="428" y2="78" stroke-width="22" stroke-linecap="round"/>
      <line x1="322" y1="228" x2="436" y2="114" stroke-width="22" stroke-linecap="round"/>
      <path d="M118 262 C112 214 156 184 198 194 C214 150 300 146 318 192 C362 180 402 214 394 262 Z" stroke="none"/>
      <path d="M96 262 H416 C416 360 346 418 256 418 C166 418 96 360 96 262 Z" stroke="none"/>
      <rect x="190" y="410" width="132" height="28" rx="10" stroke="none"/>
    </g>
  </g>
</svg>`;

await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(OUT);
const meta = await sharp(OUT).metadata();
console.log(`${OUT}: ${meta.width}x${meta.height}, channels ${meta.channels}, alpha ${meta.hasAlpha}`);
