/**
 * First start of the embedded database (issue #19 item 7), run as a short-lived child process by
 * server/db/database.ts: `node pglite-initdb.js <dir> <startParams JSON> [migrations folder] [prebuilt tar]`.
 *
 * - Memory: PGlite's initdb runs a second PostgreSQL instance plus the initdb WebAssembly module
 *   inside the process that asks for it, and WebAssembly memory never shrinks: in the server it left
 *   ≈ 500 MiB of dead heap behind until a distant garbage collection. Here the child pays that and
 *   exits; the server opens an already-initialised, migrated directory.
 * - Time: initdb writes thousands of small files; through PGlite's Node file layer that took
 *   8–12 s on a loaded 2-core machine, in memory 2 s. So the cluster is created and migrated in an
 *   in-memory PGlite, checkpointed, dumped with PGlite's own `dumpDataDir` (the tarball its
 *   `loadDataDir` reads), and written to disk here with plain `fs` calls.
 * - Prebuilt: `npm run build:server` makes that tarball once (`--dump`) and puts it beside the
 *   compiled script with a key of what it was made from; a first start whose PGlite, start
 *   parameters and migrations match only writes it out.
 * - Crash safety: the files go to `<dir>.initdb-<pid>`, all fsynced, then the directory is renamed
 *   to `<dir>` and its parent fsynced: an interrupted first start leaves no half-made `<dir>`, and
 *   a finished one is on disk before the server uses it.
 */
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/** fsyncs a file or directory. */
async function fsyncPath(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A NUL-terminated ASCII field of a tar header. */
function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
}

/**
 * Writes the entries of an uncompressed ustar archive (as PGlite's `dumpDataDir('none')` makes:
 * regular files and directories) under `root`, then fsyncs every file and directory (concurrently,
 * on libuv's threads: ≈ 1100 files one after the other cost seconds of waiting on the disk).
 * Refuses other entry types and paths that leave `root`.
 */
async function extractTar(tar: Buffer, root: string): Promise<void> {
  const files: string[] = [];
  const dirs = new Set<string>([root]);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const name = [field(header, 345, 155), field(header, 0, 100)].filter(Boolean).join('/');
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156]!);
    const mode = parseInt(field(header, 100, 8).trim() || '0', 8) & 0o777;
    const target = path.resolve(root, `.${path.posix.normalize(`/${name}`)}`);
    if (target !== root && !target.startsWith(root + path.sep)) throw new Error(`tar entry outside the data directory: ${name}`);
    const body = tar.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (type === '5') {
      mkdirSync(target, { recursive: true, mode: 0o700 });
      dirs.add(target);
    } else if (type === '0' || type === '\0') {
      mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      dirs.add(path.dirname(target));
      const fd = openSync(target, 'w', mode || 0o600);
      files.push(target);
      try {
        for (let done = 0; done < body.length; ) done += writeSync(fd, body, done);
      } finally {
        closeSync(fd);
      }
    } else {
      throw new Error(`unexpected tar entry type ${JSON.stringify(type)} for ${name}`);
    }
  }
  await Promise.all(files.map(fsyncPath));
  await Promise.all([...dirs].map(fsyncPath));
}

/**
 * A fresh cluster, migrated when `migrationsFolder` is given, as an uncompressed tarball (PGlite's
 * `dumpDataDir('none')`), made in an in-memory PGlite.
 */
async function freshCluster(startParams: string[] | undefined, migrationsFolder: string | undefined): Promise<Buffer> {
  const pg = new PGlite({ startParams, extensions: { cube, earthdistance, pg_trgm } }); // as PGLITE_EXTENSIONS (server/db/database.ts)
  try {
    await pg.waitReady;
    if (migrationsFolder) await migrate(drizzle(pg), { migrationsFolder });
    await pg.exec('CHECKPOINT');
    return Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer());
  } finally {
    await pg.close();
  }
}

/** The installed PGlite's version (its package.json, found above its entry point: the package does not export it). */
function pgliteVersion(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    } catch {
      // no package.json at this level
    }
  }
  throw new Error('pglite-initdb: the installed PGlite has no package.json');
}

/**
 * What a prebuilt cluster must have been made with to be used as is: PGlite's version, the start
 * parameters and every file of the migrations folder (sha256 over all of them).
 */
function clusterKey(startParams: string[] | undefined, migrationsFolder: string | undefined): string {
  const hash = createHash('sha256');
  hash.update(`pglite ${pgliteVersion()}\0${JSON.stringify(startParams ?? null)}\0`);
  if (migrationsFolder) {
    for (const entry of readdirSync(migrationsFolder, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)).sort()) {
      hash.update(`${path.relative(migrationsFolder, entry)}\0`).update(readFileSync(entry)).update('\0');
    }
  }
  return hash.digest('hex');
}

/**
 * The prebuilt cluster `tarFile` (build/server/db/pglite-cluster.tar, written by `npm run
 * build:server` with `--dump`), when its key file (same name, `.key`) matches this start's `clusterKey`: a
 * first start then only writes files (issue #19 item 7: first start ≤ 5 s; making the cluster takes
 * about 4 s of CPU). Anything else (no build, other migrations or PGlite) makes a fresh one.
 */
function prebuiltCluster(tarFile: string, key: string): Buffer | null {
  try {
    if (readFileSync(tarFile.replace(/\.tar$/, '.key'), 'utf8').trim() !== key) return null;
    return readFileSync(tarFile);
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--dump') {
    // Build time: `pglite-initdb --dump <tar file> <startParams JSON> <migrations folder>`.
    const [, file, paramsJson, migrationsFolder] = args;
    if (!file || !paramsJson || !migrationsFolder) throw new Error('usage: pglite-initdb --dump <tar file> <startParams JSON> <migrations folder>');
    const startParams = JSON.parse(paramsJson) as string[];
    writeFileSync(file, await freshCluster(startParams, migrationsFolder));
    writeFileSync(file.replace(/\.tar$/, '.key'), `${clusterKey(startParams, migrationsFolder)}\n`);
    return;
  }
  const [dir, paramsJson, migrationsFolder, prebuiltFile] = args;
  if (!dir) throw new Error('usage: pglite-initdb <dir> [startParams JSON] [migrations folder] [prebuilt cluster tar]');
  const startParams = paramsJson ? (JSON.parse(paramsJson) as string[]) : undefined;
  const prebuilt = prebuiltFile ? prebuiltCluster(prebuiltFile, clusterKey(startParams, migrationsFolder)) : null;
  const tar = prebuilt ?? (await freshCluster(startParams, migrationsFolder));
  console.info(`embedded database: ${prebuilt ? 'first cluster written from the prebuilt copy' : 'first cluster created and migrated'} in ${dir}`);
  const temp = path.resolve(`${dir}.initdb-${process.pid}`);
  rmSync(temp, { recursive: true, force: true });
  await extractTar(tar, temp);
  renameSync(temp, dir);
  await fsyncPath(path.dirname(path.resolve(dir)));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('pglite initdb failed:', error);
    process.exit(1);
  },
);
