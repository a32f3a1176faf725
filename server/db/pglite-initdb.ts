/**
 * First start of the embedded database (issue #19 item 7), run as a short-lived child process by
 * server/plugins/db.ts: `node pglite-initdb.js <dir> <startParams JSON> <migrations folder>`.
 *
 * PGlite's initdb runs a second PostgreSQL instance plus the initdb WebAssembly module inside the
 * process that asks for it; WebAssembly memory never shrinks, so doing it in the server left
 * ≈ 500 MiB of dead heap behind until a distant garbage collection. Here the child pays that and
 * exits, and the server opens an already-initialised directory. The child also applies the
 * migrations (what they allocate on a fresh cluster leaves with it too; the server then finds them
 * applied).
 *
 * Crash safety: the cluster is created in `<dir>.initdb-<pid>`, every file and directory in it is
 * fsynced (initdb's own final sync pass, which is slow through the WebAssembly file layer, is
 * replaced by this native one: `--no-sync`), then the directory is renamed to `<dir>` and the parent
 * directory fsynced. An interrupted first start leaves no half-made `<dir>` behind.
 */
import { closeSync, fsyncSync, openSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/** fsyncs `file` (a file or a directory). */
function fsyncPath(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** fsyncs every file and directory under `dir`, then `dir` itself. */
function fsyncTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) fsyncTree(full);
    else if (entry.isFile()) fsyncPath(full);
  }
  fsyncPath(dir);
}

async function main(): Promise<void> {
  const [dir, paramsJson, migrationsFolder] = process.argv.slice(2);
  if (!dir) throw new Error('usage: pglite-initdb <dir> [startParams JSON] [migrations folder]');
  const startParams = paramsJson ? (JSON.parse(paramsJson) as string[]) : undefined;
  const temp = `${dir}.initdb-${process.pid}`;
  rmSync(temp, { recursive: true, force: true });
  const pg = new PGlite(temp, { startParams, initDbStartParams: ['--no-sync'], extensions: { cube, earthdistance } });
  await pg.waitReady;
  if (migrationsFolder) await migrate(drizzle(pg), { migrationsFolder });
  await pg.close();
  fsyncTree(temp);
  renameSync(temp, dir);
  fsyncPath(path.dirname(dir));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('pglite initdb failed:', error);
    process.exit(1);
  },
);
