#!/usr/bin/env node
/**
 * `npm run bench:lighthouse` — Lighthouse's mobile performance figures of the app's pages against
 * a Vite + React hello world (issue #33 item 2).
 *
 * Builds client and server (unless --no-build), starts the production server with an embedded
 * PGlite in a temporary data dir, seeds a host with 50 board posts and 50 meals and a signed-in
 * viewer with one accepted chat (scripts/bench-app.mjs), and builds the peer: a React 19
 * `createRoot(…).render(<h1>…</h1>)` page built by Vite with @vitejs/plugin-react into a temporary
 * folder, served by a small static server with brotli (quality 5, as the app's server compresses).
 *
 * Each page is measured by Lighthouse 12 with its defaults — mobile: a Moto G Power-sized screen,
 * simulated slow 4G and 4× CPU slowdown — in Debian's Chromium, each run a first visit in a browser
 * context of its own (cold cache, no service worker, empty storage but the session below),
 * alternating with the peer (page, peer, page, peer, …) so both see the same machine load; `--runs` of each (default 3), median. `/` and `/auth` as a visitor; `/board`,
 * `/matching` and `/chats` as the viewer (the session is stored in localStorage, as
 * src/lib/token-storage.ts keeps it, by a visit to the origin's /healthz in the run's browser
 * context before Lighthouse navigates: a member's phone has it stored already, and a script injected
 * at document start would lengthen the measured page's first task, which the peer's has not). It prints per page the median score, LCP and
 * TBT, the peer's, and LCP as a multiple of the peer's, against the issue's goals (a quiet machine):
 * score ≥ 90, TBT ≤ 200 ms, LCP ≤ 1.6× the peer's.
 * A benchmark: it prints figures; it fails only when it cannot measure, or with --check when a
 * page misses a goal.
 *
 *   node scripts/bench-lighthouse.mjs                   builds, then measures (3 runs each)
 *   node scripts/bench-lighthouse.mjs --no-build        measures the existing dist/ and build/
 *   node scripts/bench-lighthouse.mjs --runs 5          runs per page and per peer
 *   node scripts/bench-lighthouse.mjs --pages /,/board  only these pages
 *   node scripts/bench-lighthouse.mjs --check           exit code 1 when a page misses a goal
 *   node scripts/bench-lighthouse.mjs --report DIR      also writes each run's Lighthouse JSON report there
 *                                                       (<page>-<run>.json; LCP element, breakdown, requests)
 *   node scripts/bench-lighthouse.mjs --baseline DIR    also another checkout, already built (e.g. a git
 *                                                       worktree of the commit before a change), seeded the
 *                                                       same way and alternated too (page, before, peer, …):
 *                                                       its medians are printed beside (before → after)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { buildAll, CHROMIUM, freePort, ROOT, seed, sessionInitScript, startApp } from './bench-app.mjs';

const args = process.argv.slice(2);
/** The value after `--name`, or undefined. */
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const RUNS = Number(option('--runs') ?? 3);
if (!(RUNS >= 1)) {
  console.error('--runs takes a count, e.g. --runs 3');
  process.exit(2);
}
/** Issue #33 item 2: the pages and who looks at them. */
const ALL_PAGES = [
  { path: '/', signedIn: false },
  { path: '/auth', signedIn: false },
  { path: '/board', signedIn: true },
  { path: '/matching', signedIn: true },
  { path: '/chats', signedIn: true },
];
const wanted = option('--pages')?.split(',');
const BASELINE = option('--baseline');
const REPORT_DIR = option('--report');
if (REPORT_DIR) mkdirSync(REPORT_DIR, { recursive: true });
const PAGES = wanted ? ALL_PAGES.filter((p) => wanted.includes(p.path)) : ALL_PAGES;
/** Issue #33 item 2: the goals on a quiet machine. */
const GOALS = { score: 90, tbtMs: 200, lcpRatio: 1.6 };

/** Builds the hello-world peer into a temporary folder inside the project (so it resolves react). */
async function buildPeer() {
  const dir = mkdtempSync(join(ROOT, '.bench-hello-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Hello</title></head><body><div id="root"></div><script type="module" src="/main.jsx"></script></body></html>',
  );
  writeFileSync(
    join(dir, 'main.jsx'),
    "import { StrictMode } from 'react';\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<StrictMode><h1>Hello, 밥상친구</h1></StrictMode>);\n",
  );
  await build({ root: dir, configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir: join(dir, 'dist'), target: 'es2022' } });
  return dir;
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

/** Serves `dir` on a free loopback port, brotli (quality 5) when the client accepts it. */
async function serveStatic(dir) {
  const port = await freePort();
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(dir, path);
    if (!existsSync(file) || path === '/' || path.endsWith('/')) file = join(dir, 'index.html');
    const body = readFileSync(file);
    const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' };
    if (/\bbr\b/.test(req.headers['accept-encoding'] ?? '') && body.length > 1024) {
      res.writeHead(200, { ...headers, 'content-encoding': 'br' }).end(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
    } else {
      res.writeHead(200, headers).end(body);
    }
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) };
}

/**
 * One Lighthouse run (mobile defaults, performance only): `{ score, lcp, tbt, finalUrl }` (ms). A run
 * Lighthouse itself reports as failed (e.g. NO_NAVSTART, a trace it could not record) is repeated,
 * up to two more times.
 */
async function run(browser, url, initScript, reportName, attempt = 1) {
  try {
    return await runOnce(browser, url, initScript, reportName);
  } catch (error) {
    if (attempt >= 3 || !error.lighthouseRuntimeError) throw error;
    console.log(`  (${error.message}; running it again)`);
    return run(browser, url, initScript, reportName, attempt + 1);
  }
}

async function runOnce(browser, url, initScript, reportName) {
  // A browser context of its own: Lighthouse empties caches and service workers before a run but
  // keeps localStorage, sessionStorage and IndexedDB (to keep a login), so runs in one context
  // would not be first visits — e.g. the install card's visit count grows from run to run and the
  // card (a returning visitor's, src/lib/install-prompt.ts) becomes the page's LCP by run 2.
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  try {
    if (initScript) {
      // Stored before the run, not injected at document start (see the header); Lighthouse's
      // storage reset keeps localStorage (it clears caches and service workers only).
      await page.goto(new URL('/healthz', url).href);
      await page.evaluate(initScript);
    }
    const result = await lighthouse(url, { logLevel: 'error', output: 'json', onlyCategories: ['performance'] }, undefined, page);
    const lhr = result.lhr;
    if (lhr.runtimeError) {
      throw Object.assign(new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`), { lighthouseRuntimeError: true });
    }
    if (REPORT_DIR && reportName) writeFileSync(join(REPORT_DIR, `${reportName}.json`), result.report);
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      finalUrl: lhr.finalDisplayedUrl,
    };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

if (!args.includes('--no-build')) buildAll();
console.log('Building the peer (Vite + React hello world)…');
const peerDir = await buildPeer();
const peer = await serveStatic(join(peerDir, 'dist'));
const app = await startApp();
const baseline = BASELINE ? await startApp({ root: BASELINE }) : null;
let failed = false;
let browser;
try {
  console.log(`Server ${app.url}; seeding 50 posts, 50 meals, one chat…`);
  const { viewer } = await seed(app);
  const baselineViewer = baseline ? (await seed(baseline)).viewer : null;
  if (baseline) console.log(`Baseline ${BASELINE} on ${baseline.url}, seeded the same way`);
  const userDataDir = join(peerDir, 'profile');
  mkdirSync(userDataDir, { recursive: true });
  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const rows = [];
  for (const page of PAGES) {
    const mine = [];
    const theirs = [];
    const before = [];
    for (let i = 0; i < RUNS; i++) {
      const name = page.path.replace(/\W+/g, '') || 'home';
      mine.push(await run(browser, `${app.url}${page.path}`, page.signedIn ? sessionInitScript(viewer) : undefined, `${name}-${i + 1}`));
      if (baseline) before.push(await run(browser, `${baseline.url}${page.path}`, page.signedIn ? sessionInitScript(baselineViewer) : undefined, `before-${name}-${i + 1}`));
      theirs.push(await run(browser, peer.url));
      const last = mine.at(-1);
      const was = before.at(-1);
      console.log(`  ${page.path} run ${i + 1}/${RUNS}: score ${last.score}, LCP ${last.lcp.toFixed(0)} ms, TBT ${last.tbt.toFixed(0)} ms${was ? ` (before ${was.score}, ${was.lcp.toFixed(0)} ms, ${was.tbt.toFixed(0)} ms)` : ''} (peer ${theirs.at(-1).score}, ${theirs.at(-1).lcp.toFixed(0)} ms, ${theirs.at(-1).tbt.toFixed(0)} ms)`);
    }
    const finalPath = new URL(mine.at(-1).finalUrl).pathname;
    const row = {
      path: page.path,
      score: median(mine.map((r) => r.score)),
      lcp: median(mine.map((r) => r.lcp)),
      tbt: median(mine.map((r) => r.tbt)),
      peerScore: median(theirs.map((r) => r.score)),
      peerLcp: median(theirs.map((r) => r.lcp)),
      peerTbt: median(theirs.map((r) => r.tbt)),
      finalPath,
      before: before.length ? { score: median(before.map((r) => r.score)), lcp: median(before.map((r) => r.lcp)), tbt: median(before.map((r) => r.tbt)) } : null,
    };
    row.ratio = row.lcp / row.peerLcp;
    row.misses = [
      row.score < GOALS.score ? `score < ${GOALS.score}` : null,
      row.tbt > GOALS.tbtMs ? `TBT > ${GOALS.tbtMs} ms` : null,
      row.ratio > GOALS.lcpRatio ? `LCP > ${GOALS.lcpRatio}× peer` : null,
      finalPath !== page.path ? `ended on ${finalPath}` : null,
    ].filter(Boolean);
    if (row.misses.length > 0) failed = true;
    rows.push(row);
  }
  console.log(`\nLighthouse 12, mobile defaults (simulated slow 4G, 4× CPU), median of ${RUNS}; peer: Vite + React hello world\n`);
  console.log(`${'page'.padEnd(10)} ${'score'.padStart(5)} ${'LCP ms'.padStart(7)} ${'TBT ms'.padStart(7)}   ${'peer'.padStart(4)} ${'LCP ms'.padStart(7)} ${'TBT ms'.padStart(7)}   ${'LCP ×peer'.padStart(9)}   goals (≥ ${GOALS.score}, ≤ ${GOALS.tbtMs} ms, ≤ ${GOALS.lcpRatio}×)`);
  for (const r of rows) {
    console.log(
      `${r.path.padEnd(10)} ${String(r.score).padStart(5)} ${r.lcp.toFixed(0).padStart(7)} ${r.tbt.toFixed(0).padStart(7)}   ${String(r.peerScore).padStart(4)} ${r.peerLcp.toFixed(0).padStart(7)} ${r.peerTbt.toFixed(0).padStart(7)}   ${r.ratio.toFixed(2).padStart(8)}×   ${r.misses.length ? r.misses.join('; ') : 'met'}`,
    );
  }
  if (baseline) {
    console.log(`\nBefore (${BASELINE}) → after, medians of ${RUNS}, alternated in this run\n`);
    console.log(`${'page'.padEnd(10)} ${'score'.padStart(9)} ${'LCP ms'.padStart(13)} ${'TBT ms'.padStart(13)}`);
    for (const r of rows) {
      const b = r.before;
      console.log(`${r.path.padEnd(10)} ${`${b.score} → ${r.score}`.padStart(9)} ${`${b.lcp.toFixed(0)} → ${r.lcp.toFixed(0)}`.padStart(13)} ${`${b.tbt.toFixed(0)} → ${r.tbt.toFixed(0)}`.padStart(13)}`);
    }
  }
} finally {
  await browser?.close();
  await app.stop();
  await baseline?.stop();
  await peer.close();
  rmSync(peerDir, { recursive: true, force: true });
}
if (failed && args.includes('--check')) process.exit(1);
