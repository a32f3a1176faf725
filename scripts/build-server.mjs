/**
 * `npm run build:server` (issue #20 item 1): compiles server/ and common/ to plain JavaScript in
 * build/ with tsc (tsconfig.server.json: `.ts` import specifiers rewritten to `.js`), then copies
 * what the compiled server reads at run time: every file under server/ and common/ that is not
 * TypeScript (the SQL migrations, word lists, …), to the same place beside the compiled code, and
 * docs/asyncapi.yaml to build/docs/, and the embedded database's first cluster
 * (build/server/db/pglite-cluster.tar, see server/db/pglite-initdb.ts). Then bundles the client's
 * member page renderer (src/prerender.tsx `renderMemberPage`, issue #33 item 2) with the app's Vite
 * config for Node into build/ssr/prerender.js, which the server loads to send members' pages with
 * their data (server/plugins/member-pages.ts).
 * `npm start` runs `node build/server/main.js`.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}build`;
rmSync(out, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', `${root}tsconfig.server.json`], { stdio: 'inherit' });
for (const dir of ['server', 'common']) {
  for (const entry of readdirSync(`${root}${dir}`, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith('.ts')) continue;
    const from = path.join(entry.parentPath, entry.name);
    cpSync(from, path.join(out, path.relative(root, from)));
  }
}
// The AsyncAPI document the server serves at /api/docs/asyncapi.yaml (server/plugins/docs.ts).
cpSync(`${root}docs/asyncapi.yaml`, `${out}/docs/asyncapi.yaml`);
// Issue #19 item 7: the embedded database's first cluster, made and migrated once here, so a first
// `npm start` only writes it out (server/db/pglite-initdb.ts; used only while PGlite, the start
// parameters and the migrations are the ones it was made with).
const { pgliteStartParams } = await import(`${out}/server/db/database.js`);
execFileSync(
  process.execPath,
  [`${out}/server/db/pglite-initdb.js`, '--dump', `${out}/server/db/pglite-cluster.tar`, JSON.stringify(pgliteStartParams()), `${out}/server/db/migrations`],
  { stdio: 'inherit' },
);
// Issue #33 item 2: the member page renderer, every package inside (the server installs none of the client's).
process.env.NODE_ENV = 'production';
const { build } = await import('vite');
await build({
  root,
  mode: 'production',
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir: `${out}/ssr`, emptyOutDir: true, copyPublicDir: false, manifest: false, rolldownOptions: { output: { codeSplitting: false } } },
  ssr: { noExternal: true },
});
// The web app manifest the PWA plugin writes into every build's folder is the client's, not the renderer's.
rmSync(`${out}/ssr/manifest.webmanifest`, { force: true });
console.log('server compiled to build/ (start with: npm start)');
