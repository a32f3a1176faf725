#!/usr/bin/env node
/**
 * `npm run bench:size` — how much JavaScript a first visit really downloads (issue #33 item 1).
 *
 * Builds client and server (so the figure is never that of a stale dist/), starts the production
 * server (`build/server/main.js`) on a free port with an embedded PGlite in a temporary data dir,
 * makes a host with 50 board posts and 50 meals and a signed-in viewer with one accepted chat
 * (scripts/bench-app.mjs), then opens each page in a fresh Chromium context (empty HTTP cache,
 * service worker blocked, so nothing comes from a precache) and records every JavaScript response
 * from navigation until 3 s after the `load` event: URL and the bytes on the wire — the encoded
 * body (`request.sizes().responseBodySize`), i.e. brotli or gzip as the server sends it
 * (server/plugins/security.ts). A response served uncompressed is counted as its gzip -9 size and
 * marked `*`. It prints a table per page and each page's total against its budget:
 *
 *   `/` (a first-time visitor)                        ≤ 120 kB   (1 kB = 1024 B)
 *   `/board`, `/matching`, `/chats`, `/match-requests` (signed in) ≤ 170 kB
 *
 * and the checks of issue #33 item 1: no chunk of an unopened dialog, editor or form loads before
 * it is opened (the Lexical editor and the post form only on 글쓰기/수정; the confirm dialog, the
 * profile menu's dropdown and the dialog primitives only once used; TypeBox only with a form),
 * and the full string catalogue (`ko` chunk, common/i18n/ko.ts) never loads for the home page.
 * A benchmark: it prints figures; it fails only when it cannot measure, or with --check when a
 * page is over its budget or a check fails.
 *
 *   node scripts/bench-size.mjs                  builds, then measures
 *   node scripts/bench-size.mjs --no-build       measures the existing dist/ and build/
 *   node scripts/bench-size.mjs --check          exit code 1 when a page is over budget or a check fails
 *   node scripts/bench-size.mjs --wait 3000      how long after `load` responses still count (ms)
 *   node scripts/bench-size.mjs --baseline DIR   also measures another checkout, already built (e.g. a
 *                                                git worktree of the commit before a change), seeded
 *                                                the same way, and prints its totals beside (before → after)
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { buildAll, CHROMIUM, seed, sessionInitScript, startApp } from './bench-app.mjs';

const args = process.argv.slice(2);
/** The value after `--name`, or undefined. */
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const WAIT_MS = Number(option('--wait') ?? 3000);
const BASELINE = option('--baseline');
const KB = 1024;

/**
 * The pages and their budgets (issue #33 item 1). `forbidden`: chunk names (the file name before
 * Vite's hash) that must not load on that page's first view — the pieces an unopened dialog,
 * editor or form needs, and the full catalogue on `/`.
 */
const EDITOR_CHUNKS = ['rich-text-editor', 'post-form', 'post-editor', 'lexical', 'LexicalComposer', 'typebox-resolver'];
/**
 * Issue #33 item 1: the confirm dialog, the profile menu's dropdown and every Radix dialog load on
 * their first use; TypeBox only with a form (scripts/lean-contract.ts), the record of all
 * operations never on a first view.
 */
const UNUSED = [...EDITOR_CHUNKS, 'confirm-dialog-host', 'profile-menu', 'dialog', 'typebox', 'operations'];
const PAGES = [
  { path: '/', signedIn: false, budget: 120 * KB, forbidden: ['ko', ...UNUSED] },
  { path: '/board', signedIn: true, budget: 170 * KB, forbidden: UNUSED },
  { path: '/matching', signedIn: true, budget: 170 * KB, forbidden: UNUSED },
  { path: '/chats', signedIn: true, budget: 170 * KB, forbidden: UNUSED },
  // 활동 내역: where a push about a match opens the app (its cancel, dispute and share dialogs load when opened).
  { path: '/match-requests', signedIn: true, budget: 170 * KB, forbidden: UNUSED },
];

/** `ko-BhyxEIs2.js` → `ko`: the chunk's name without Vite's 8-character hash. */
const chunkName = (url) => new URL(url).pathname.split('/').pop().replace(/-[\w-]{8}\.js$/, '').replace(/\.js$/, '');

/** Every JS response of one first visit: `{ file, name, wire, raw, encoding }`, in arrival order. */
async function measure(browser, baseUrl, page, viewer) {
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  if (page.signedIn) await context.addInitScript(sessionInitScript(viewer));
  const tab = await context.newPage();
  const pending = [];
  tab.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        const type = request.resourceType();
        const url = request.url();
        if (type !== 'script' && !/\.m?js(\?|$)/.test(url)) return null;
        const sizes = await request.sizes();
        const encoding = (await response.headerValue('content-encoding')) ?? '';
        const body = await response.body().catch(() => Buffer.alloc(0));
        const compressed = encoding === 'br' || encoding === 'gzip' || encoding === 'deflate' || encoding === 'zstd';
        const wire = compressed ? sizes.responseBodySize : gzipSync(body, { level: 9 }).length;
        return { file: new URL(url).pathname, name: chunkName(url), wire, raw: body.length, encoding: compressed ? encoding : '*gzip' };
      })(),
    );
  });
  await tab.goto(`${baseUrl}${page.path}`, { waitUntil: 'load' });
  await tab.waitForTimeout(WAIT_MS);
  const finalPath = new URL(tab.url()).pathname;
  const files = (await Promise.all(pending)).filter(Boolean);
  await context.close();
  return { files, finalPath };
}

const kB = (bytes) => (bytes / KB).toFixed(1).padStart(7);

if (!args.includes('--no-build')) buildAll();
const app = await startApp();
let failed = false;
try {
  console.log(`Server ${app.url}; seeding 50 posts, 50 meals, one chat…`);
  const { viewer } = await seed(app);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  const summary = [];
  try {
    for (const page of PAGES) {
      const { files, finalPath } = await measure(browser, app.url, page, viewer);
      const total = files.reduce((s, f) => s + f.wire, 0);
      const raw = files.reduce((s, f) => s + f.raw, 0);
      const hits = files.filter((f) => page.forbidden.some((n) => f.name === n || f.name.startsWith(`${n}-`) || f.name.startsWith(`${n}.`)));
      console.log(`\n${page.path}${page.signedIn ? ' (signed in)' : ' (first-time visitor)'}${finalPath !== page.path ? ` → ended on ${finalPath}` : ''}: JavaScript within ${WAIT_MS} ms of load\n`);
      console.log(`${'file'.padEnd(56)} ${'wire kB'.padStart(8)} ${'raw kB'.padStart(8)}  enc`);
      for (const f of [...files].sort((a, b) => b.wire - a.wire)) {
        console.log(`  ${f.file.padEnd(54)} ${kB(f.wire)} ${' '}${kB(f.raw)}  ${f.encoding}${hits.includes(f) ? '   ← must not load here' : ''}`);
      }
      const over = total > page.budget;
      console.log(`${'-'.repeat(86)}\n  ${`total (${files.length} files)`.padEnd(54)} ${kB(total)}  ${kB(raw)}   budget ${page.budget / KB} kB: ${over ? 'OVER' : 'within'}`);
      if (files.some((f) => f.encoding === '*gzip')) console.log('  * served uncompressed: counted as its gzip -9 size');
      if (over || hits.length > 0 || finalPath !== page.path) failed = true;
      summary.push({ page, total, count: files.length, over, hits, finalPath });
    }
  } finally {
    await browser.close();
  }
  const before = BASELINE ? await baselineTotals(BASELINE) : null;
  console.log('\nSummary (kB on the wire, 1 kB = 1024 B)\n');
  for (const s of summary) {
    const notes = [s.over ? 'OVER budget' : 'within budget'];
    if (s.hits.length > 0) notes.push(`loads ${s.hits.map((h) => h.name).join(', ')} before it is needed`);
    if (s.finalPath !== s.page.path) notes.push(`redirected to ${s.finalPath}`);
    const was = before?.get(s.page.path);
    const beside = was ? `   before: ${kB(was.total)} kB in ${String(was.count).padStart(2)} files${was.finalPath !== s.page.path ? ` (ended on ${was.finalPath})` : ''}` : '';
    console.log(`  ${s.page.path.padEnd(15)} ${kB(s.total)} kB in ${String(s.count).padStart(2)} files   budget ${String(s.page.budget / KB).padStart(3)} kB   ${notes.join('; ')}${beside}`);
  }
  if (BASELINE) console.log(`\n  before: ${BASELINE}`);
} finally {
  await app.stop();
}

/**
 * `--baseline DIR`: the same pages of another built checkout, started and seeded the same way;
 * path → `{ total, count, finalPath }`.
 */
async function baselineTotals(dir) {
  const other = await startApp({ root: dir });
  try {
    console.log(`\nBaseline ${dir} on ${other.url}; seeding the same way…`);
    const { viewer } = await seed(other);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
    try {
      const totals = new Map();
      for (const page of PAGES) {
        const { files, finalPath } = await measure(browser, other.url, page, viewer);
        totals.set(page.path, { total: files.reduce((s, f) => s + f.wire, 0), count: files.length, finalPath });
      }
      return totals;
    } finally {
      await browser.close();
    }
  } finally {
    await other.stop();
  }
}
if (failed && args.includes('--check')) process.exit(1);
