/**
 * `npm run build:server` (issue #20 item 1): compiles server/ and common/ to plain JavaScript in
 * build/ with tsc (tsconfig.server.json: `.ts` import specifiers rewritten to `.js`), then copies
 * what the compiled server reads at run time: the SQL migrations beside the compiled db plugin.
 * `npm start` runs `node build/server/main.js`.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}build`;
rmSync(out, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', `${root}tsconfig.server.json`], { stdio: 'inherit' });
cpSync(`${root}server/db/migrations`, `${out}/server/db/migrations`, { recursive: true });
console.log('server compiled to build/ (start with: npm start)');
