#!/usr/bin/env node
/**
 * Prerenders the visitor's `/` and `/auth` into the built client (issue #33 item 2), run by
 * `npm run build` after `vite build`: for each page of common/prerender.ts `PRERENDERED_PAGES`,
 * `dist/index.html` with
 * - the page's markup inside `#root` (src/prerender.tsx, rendered through Vite's SSR loader with
 *   the app's own config), inert until the app's first render replaces it (no hydration), and
 *   hidden by the guard for a member with a stored session;
 * - the guard script in `<head>` (its hash is in the server's CSP);
 * - the page's `<title>`;
 * - the stylesheets of the page's route chunks (from Vite's manifest), so the markup paints
 *   styled. Not its scripts: they load after the first chunk as before, and do not share the
 *   phone's bandwidth with the first paint.
 * And for each page of `PRELOADED_PAGES` (members' main pages), the shell with the page preload
 * script in `<head>` (common/prerender.ts `PAGE_PRELOAD_SCRIPT`), given the page's route chunks and
 * their static imports (from Vite's manifest, without what the shell loads) and their stylesheets:
 * with a stored session they download beside the first chunk instead of after its run, and the
 * loader's first request (`fetch`) starts with them. A page with a `frame` (매칭) is written with
 * that frame instead, its route chunks starting after its first paint; a page with a `rendered`
 * template (게시판, 채팅) also gets that template, which the server fills with the page rendered for
 * a member (server/plugins/member-pages.ts).
 * The server sends these files for those addresses only (server/plugins/static.ts); every other
 * address, and the service worker's offline shell, stay the plain `index.html`.
 *
 * Fails the build when a page cannot be rendered, redirects, or its route chunk is not in the
 * manifest. Deletes the manifest afterwards (nothing serves it).
 *
 *   node scripts/prerender.mjs [dist]      default: dist
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(root, process.argv[2] ?? 'dist');

/**
 * The modules (Vite manifest keys, before any `?tsr-split=…`) whose chunks' stylesheets a page's
 * first render needs; the first one is the page's own and must be in the manifest. The home page
 * is in the entry chunk (src/routes/index.tsx), whose stylesheet the shell links.
 */
const MODULES = {
  '/': ['index.html'],
  '/auth': ['src/routes/_anonymous/auth.tsx', 'src/routes/_anonymous.tsx'],
};

process.env.NODE_ENV = 'production';
const { createServer } = await import('vite');

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Issue #33 item 2: each preloaded member page (common/prerender.ts `PRELOADED_PAGES`) and the route
 * module (a Vite manifest key, before `?tsr-split=…`) whose chunks its HTML starts.
 */
const PRELOAD_MODULES = {
  '/matching': 'src/routes/_authenticated/matching.tsx',
  '/match-requests': 'src/routes/_authenticated/match-requests.tsx',
  '/chats': 'src/routes/_authenticated/chats.tsx',
  '/profile': 'src/routes/_authenticated/profile.tsx',
  '/board': 'src/routes/_authenticated/board.tsx',
};

/** The scripts (`assets/…`) of a manifest chunk and of its static imports (not its lazy ones). */
function scriptsOf(manifest, key, out = new Set(), seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return out;
  seen.add(key);
  out.add(manifest[key].file);
  for (const k of manifest[key].imports ?? []) scriptsOf(manifest, k, out, seen);
  return out;
}

/** The stylesheets (`assets/…`) of a manifest chunk and of its static imports. */
function stylesOf(manifest, key, out = new Set(), seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return out;
  seen.add(key);
  for (const css of manifest[key].css ?? []) out.add(css);
  for (const k of manifest[key].imports ?? []) stylesOf(manifest, k, out, seen);
  return out;
}

const manifestPath = join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const shell = readFileSync(join(dist, 'index.html'), 'utf8');
/** The manifest keys of a module's chunks: the module itself and its `?tsr-split=…` parts. */
const keysOf = (module) => Object.keys(manifest).filter((k) => k === module || k.startsWith(`${module}?`));
/** What the plain shell already loads (its stylesheet, entry script and module preloads). */
const inShell = new Set([...shell.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]));

const vite = await createServer({
  root,
  mode: 'production',
  logLevel: 'warn',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, watch: null },
});
try {
  const { PRERENDERED_PAGES, PRERENDER_GUARD_SCRIPT, PRELOADED_PAGES, PAGE_PRELOAD_SCRIPT, BOOT_AFTER_PAINT_SCRIPT, MEMBER_PAGE_SLOT, SERVER_ANSWER_SLOT } = await vite.ssrLoadModule('/common/prerender.ts');
  // The app's entry script of the shell: a prerendered page downloads it at once (modulepreload) and
  // runs it after its first frame (BOOT_AFTER_PAINT_SCRIPT), so its markup shows before the app boots.
  const entryTag = shell.match(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/);
  if (!entryTag) throw new Error('prerender: dist/index.html has no entry <script type="module" crossorigin src="/assets/…">');
  const { prerender } = await vite.ssrLoadModule('/src/prerender.tsx');
  for (const page of PRERENDERED_PAGES) {
    const [own, ...shared] = MODULES[page.path];
    if (keysOf(own).length === 0) throw new Error(`prerender: no chunk of ${own} (${page.path}) in the manifest`);
    const styles = new Set();
    for (const key of [own, ...shared].flatMap(keysOf)) stylesOf(manifest, key, styles);
    const links = [...styles].filter((file) => !inShell.has(file)).map((file) => `    <link rel="stylesheet" crossorigin href="/${file}">\n`);
    const { html, title } = await prerender(page.path);
    const out = shell
      .replace(/<title>[^<]*<\/title>/, `<script>${PRERENDER_GUARD_SCRIPT}</script>\n    <title>${escapeHtml(title)}</title>`)
      .replace(entryTag[0], `<link rel="modulepreload" crossorigin href="${entryTag[1]}">`)
      .replace('</head>', `${links.join('')}</head>`)
      .replace('<div id="root"></div>', `<div id="root">${html}</div>`)
      .replace('</body>', `  <script data-entry="${entryTag[1]}">${BOOT_AFTER_PAINT_SCRIPT}</script>\n  </body>`);
    if (!out.includes('class="prerendered"') || !out.includes(PRERENDER_GUARD_SCRIPT) || !out.includes(BOOT_AFTER_PAINT_SCRIPT)) throw new Error('prerender: dist/index.html has no <title>, empty #root or </body> to fill');
    const target = join(dist, page.file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, out);
    console.log(`prerender: ${page.path} → ${page.file} (${(out.length / 1024).toFixed(1)} KiB, ${links.length} route stylesheet(s))`);
  }
  // Members' pages: the shell, plus the script that starts the route's chunks and stylesheets
  // (what the router would import after the first chunk has run) when a session is stored.
  for (const page of PRELOADED_PAGES) {
    const keys = keysOf(PRELOAD_MODULES[page.path]);
    if (keys.length === 0) throw new Error(`prerender: no chunk of ${PRELOAD_MODULES[page.path]} (${page.path}) in the manifest`);
    const scripts = new Set();
    const styles = new Set();
    for (const key of keys) {
      scriptsOf(manifest, key, scripts);
      stylesOf(manifest, key, styles);
    }
    const list = (files) => [...files].filter((file) => !inShell.has(file)).map((file) => `/${file}`).join(' ');
    const modules = list(scripts);
    const links = list(styles).split(' ').filter(Boolean).map((file) => `    <link rel="stylesheet" crossorigin href="${file}">\n`);
    /**
     * The shell with `markup` in `#root`, shown to a member with a stored session (the guard marks
     * <html>) with the page's stylesheets linked, and the app's entry downloaded from the start but
     * run after the first paint, the route's chunks starting then (BOOT_AFTER_PAINT_SCRIPT): until the
     * page is on screen, its HTML and stylesheets have a slow phone's bandwidth to themselves.
     */
    const withMarkup = (markup, title, head = '') =>
      shell
        .replace(/<title>[^<]*<\/title>/, (tag) => `<script>${PRERENDER_GUARD_SCRIPT}</script>\n    ${title === null ? tag : `<title>${escapeHtml(title)}</title>`}`)
        .replace(entryTag[0], `<link rel="modulepreload" crossorigin href="${entryTag[1]}">`)
        .replace('</head>', `${links.join('')}${head}</head>`)
        .replace('<div id="root"></div>', `<div id="root">${markup}</div>`)
        .replace('</body>', `  <script data-entry="${entryTag[1]}" data-for="member" data-modules="${modules}">${BOOT_AFTER_PAINT_SCRIPT}</script>\n  </body>`);
    let out;
    if (page.frame) {
      // The member's frame (src/prerender.tsx): the page's first view holds no data of the member.
      const { html, title } = await prerender(page.path, 'member');
      out = withMarkup(html, title);
      if (!out.includes('prerendered--member') || !out.includes(PRERENDER_GUARD_SCRIPT) || !out.includes(BOOT_AFTER_PAINT_SCRIPT)) throw new Error(`prerender: ${page.path}'s frame could not be written into the shell`);
    } else {
      // The loader's first request, unless the API is on another host (VITE_API_URL): the script asks the page's own.
      const fetchAttr = page.fetch && !vite.config.env.VITE_API_URL ? ` data-fetch="${page.fetch}"` : '';
      out = shell.replace('</head>', `    <script data-modules="${modules}" data-styles="${list(styles)}"${fetchAttr}>${PAGE_PRELOAD_SCRIPT}</script>\n</head>`);
      if (!out.includes(PAGE_PRELOAD_SCRIPT)) throw new Error('prerender: dist/index.html has no </head>');
    }
    const target = join(dist, page.file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, out);
    if (page.rendered) {
      // The template of the page rendered with the member's data (server/plugins/member-pages.ts):
      // the server fills in the markup, the page's first answer and the title.
      const template = withMarkup(MEMBER_PAGE_SLOT, null, `    ${SERVER_ANSWER_SLOT}\n`);
      if (!template.includes(MEMBER_PAGE_SLOT) || !template.includes(SERVER_ANSWER_SLOT) || !template.includes(PRERENDER_GUARD_SCRIPT) || !template.includes(BOOT_AFTER_PAINT_SCRIPT)) throw new Error(`prerender: ${page.path}'s template could not be written from the shell`);
      writeFileSync(join(dist, page.rendered), template);
      console.log(`prerender: ${page.path} → ${page.rendered} (the template of its server render, ${links.length} stylesheet(s))`);
    }
    console.log(`prerender: ${page.path} → ${page.file} (starts ${list(scripts).split(' ').filter(Boolean).length} script(s), ${list(styles).split(' ').filter(Boolean).length} stylesheet(s))`);
  }
} finally {
  await vite.close();
}
rmSync(join(dist, '.vite'), { recursive: true, force: true });
// Done: the pages are written. The app's modules ran in this process (a loader may have started a
// request it does not wait for, with its retry timers), so the build does not wait for them to end.
process.exit(0);
