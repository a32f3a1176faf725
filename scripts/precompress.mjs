#!/usr/bin/env node
/**
 * Writes brotli (quality 11) and gzip (level 9) copies beside each text file of the built client
 * (issue #33 item 1), run by `npm run build` after `vite build`. The server sends them as they are
 * (server/plugins/static.ts, @fastify/static `preCompressed`) to a browser that accepts br or gzip:
 * brotli at 11 is ≈ 9 % smaller than the quality 5 the server can afford on the fly (the entry
 * chunk 109.8 → 99.5 kB), and the server compresses nothing per request for these files.
 * Files under 1 KB are left alone (the compression plugin's threshold: not worth a header), and
 * a copy that would not be smaller than the file is not written. `index.html` is left to the
 * server: it is rewritten per request with the page's Open Graph tags.
 *
 *   node scripts/precompress.mjs [dir]     default: dist
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? 'dist';
const TEXT = /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024;

/** Every file under `root`, recursively. */
function* files(root) {
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

let raw = 0;
let br = 0;
let count = 0;
for (const path of files(dir)) {
  if (!TEXT.test(path) || statSync(path).size < MIN_BYTES) continue;
  const data = readFileSync(path);
  const brotli = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
  const gzip = gzipSync(data, { level: 9 });
  if (brotli.length < data.length) writeFileSync(`${path}.br`, brotli);
  if (gzip.length < data.length) writeFileSync(`${path}.gz`, gzip);
  raw += data.length;
  br += Math.min(brotli.length, data.length);
  count += 1;
}
console.log(`precompressed ${count} files in ${relative(process.cwd(), dir) || '.'}: ${(raw / 1024).toFixed(0)} kB → ${(br / 1024).toFixed(0)} kB brotli`);
