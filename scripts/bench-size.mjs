#!/usr/bin/env node
/**
 * `npm run bench:size` — how much JavaScript the home route costs.
 *
 * Builds the client (so the figure is never that of a stale dist/), reads dist/index.html, takes
 * its module entry script(s) and <link rel="modulepreload"> files, follows every static
 * `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"` in the emitted ES
 * modules (parsed with Vite's parser, not with regular expressions), and prints the gzip size
 * (node:zlib, level 9) of that set — what loads before first render — and of the largest lazy
 * chunk (any other .js in dist/assets), then how it stands against the issue #18 budget.
 * A benchmark: it prints figures; it fails only when it cannot measure (a file the entry imports
 * is missing), or with --check when the home route is over the budget.
 *
 *   node scripts/bench-size.mjs                  builds into dist/, then measures
 *   node scripts/bench-size.mjs --no-build       measures the existing dist/
 *   node scripts/bench-size.mjs --dist DIR       measures the existing build in DIR (no build)
 *   node scripts/bench-size.mjs --check          exit code 1 when the home route is over budget
 *   node scripts/bench-size.mjs --budget 120     the budget in kB (1 kB = 1024 B; default 120)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parseAstAsync } from 'vite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
/** The value after `--name`, or undefined. */
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
/** Issue #18 item 8: the home route's JavaScript before first render, gzip. */
const BUDGET_KB = Number(option('--budget') ?? 120);
if (!(BUDGET_KB > 0)) {
  console.error('--budget takes a size in kB, e.g. --budget 120');
  process.exit(2);
}
const distOption = option('--dist');
const DIST = distOption ? resolve(distOption) : join(ROOT, 'dist');
const INDEX = join(DIST, 'index.html');

if (!distOption && !args.includes('--no-build')) {
  console.log('Building the client (npx vite build)…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (!existsSync(INDEX)) {
  console.error(`No ${INDEX}: build the client first (npx vite build), or drop --no-build.`);
  process.exit(1);
}

const html = readFileSync(INDEX, 'utf8');

/** The value of attribute `name` in one tag's source, or undefined. */
function attr(tag, name) {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

/** dist-relative file for a URL in index.html (root-absolute or relative), or undefined if external. */
function distFile(url) {
  if (!url || /^[a-z]+:|^\/\//i.test(url)) return undefined;
  const path = url.split(/[?#]/)[0];
  return path.startsWith('/') ? path.slice(1) : posix.normalize(path);
}

const roots = new Set();
for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
  if ((attr(tag, 'type') ?? '').toLowerCase() === 'module') {
    const file = distFile(attr(tag, 'src'));
    if (file) roots.add(file);
  }
}
for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
  if ((attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/).includes('modulepreload')) {
    const file = distFile(attr(tag, 'href'));
    if (file) roots.add(file);
  }
}
if (roots.size === 0) {
  console.error('No <script type="module"> in dist/index.html: is this a Vite build?');
  process.exit(1);
}

/** Static import specifiers of one emitted module. */
async function staticImports(file) {
  const ast = await parseAstAsync(readFileSync(join(DIST, file), 'utf8'));
  const found = [];
  for (const node of ast.body) {
    const isStatic =
      node.type === 'ImportDeclaration' ||
      node.type === 'ExportAllDeclaration' ||
      (node.type === 'ExportNamedDeclaration' && node.source);
    if (isStatic && node.source && typeof node.source.value === 'string') found.push(node.source.value);
  }
  return found;
}

/** Everything reachable from the roots through static imports (dist-relative paths). */
const initial = new Set();
const queue = [...roots];
while (queue.length > 0) {
  const file = queue.shift();
  if (initial.has(file)) continue;
  // A missing file would make the figure too small: that is a failure, not a smaller number.
  if (!existsSync(join(DIST, file))) {
    console.error(`${file} is loaded before first render but is not in ${DIST}: the build is incomplete.`);
    process.exit(1);
  }
  initial.add(file);
  for (const spec of await staticImports(file)) {
    if (!spec.startsWith('.') && !spec.startsWith('/')) continue; // bare or external: not ours
    const target = spec.startsWith('/') ? spec.slice(1) : relative(DIST, resolve(DIST, dirname(file), spec));
    queue.push(target.split(/[?#]/)[0]);
  }
}

const sizeOf = (file) => {
  const raw = readFileSync(join(DIST, file));
  return { file, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
};

const initialSizes = [...initial].map(sizeOf).sort((a, b) => b.gzip - a.gzip);
const allJs = readdirSync(join(DIST, 'assets'), { recursive: true })
  .map((f) => posix.join('assets', String(f).split('\\').join('/')))
  .filter((f) => f.endsWith('.js'));
const lazySizes = allJs.filter((f) => !initial.has(f)).map(sizeOf).sort((a, b) => b.gzip - a.gzip);

const kB = (bytes) => (bytes / 1024).toFixed(1).padStart(8);
const bytes = (n) => String(n).padStart(9);
const line = (label, s) => `${label.padEnd(44)} ${kB(s.gzip)} kB ${bytes(s.gzip)} B   (raw ${kB(s.raw)} kB)`;
const sum = (list) => list.reduce((t, s) => ({ raw: t.raw + s.raw, gzip: t.gzip + s.gzip }), { raw: 0, gzip: 0 });

console.log('\nJavaScript size of the built client (gzip -9)\n');
console.log(`${'file'.padEnd(44)} ${'gzip'.padStart(11)} ${'bytes'.padStart(11)}`);
console.log('-'.repeat(92));
for (const s of initialSizes) console.log(line(`  ${s.file}`, s));
console.log('-'.repeat(92));
console.log(line(`home route before first render (${initialSizes.length} files)`, sum(initialSizes)));
if (lazySizes[0]) console.log(line(`largest lazy chunk: ${lazySizes[0].file}`, lazySizes[0]));
else console.log('largest lazy chunk: none (no lazily loaded JavaScript)');
console.log(line(`all lazy chunks (${lazySizes.length} files)`, sum(lazySizes)));

const home = sum(initialSizes);
const budget = BUDGET_KB * 1024;
const margin = budget - home.gzip;
console.log(
  margin >= 0
    ? `\nhome route: ${kB(home.gzip).trim()} kB gzip, within the ${BUDGET_KB} kB budget (${kB(margin).trim()} kB to spare)`
    : `\nhome route: ${kB(home.gzip).trim()} kB gzip, OVER the ${BUDGET_KB} kB budget by ${kB(-margin).trim()} kB`,
);
if (margin < 0 && args.includes('--check')) process.exit(1);
