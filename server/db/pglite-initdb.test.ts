/**
 * Issue #19 item 7: the embedded database's first start from the build's prebuilt cluster. The
 * child (server/db/pglite-initdb.ts) dumps a migrated cluster with `--dump`; a first start whose
 * PGlite, start parameters and migrations match writes that copy out, anything else makes a fresh
 * cluster, and either way the server finds every migration applied.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS, pgliteStartParams } from './database.ts';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./pglite-initdb.ts', import.meta.url));
const migrations = fileURLToPath(new URL('./migrations', import.meta.url));
const params = JSON.stringify(pgliteStartParams());
const temp: string[] = [];
afterAll(async () => {
  for (const dir of temp) await rm(dir, { recursive: true, force: true });
});

const child = async (...args: string[]) => (await run(process.execPath, ['--import', 'tsx', script, ...args], { timeout: 120_000 })).stdout;

/** The migrations a cluster in `dir` has applied (drizzle's journal table). */
async function appliedMigrations(dir: string): Promise<number> {
  const pg = new PGlite(dir, { startParams: pgliteStartParams(), extensions: PGLITE_EXTENSIONS });
  try {
    const { rows } = await pg.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    return rows[0]!.n;
  } finally {
    await pg.close();
  }
}

describe('first start of the embedded database (pglite-initdb)', () => {
  it('writes the prebuilt cluster when it was made from these migrations, and makes a fresh one otherwise', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'bs-initdb-'));
    temp.push(work);
    const journal = JSON.parse(await readFile(path.join(migrations, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const tar = path.join(work, 'pglite-cluster.tar');
    await child('--dump', tar, params, migrations);
    expect((await readFile(tar.replace(/\.tar$/, '.key'), 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/);

    const fromCopy = path.join(work, 'a', 'pglite');
    expect(await child(fromCopy, params, migrations, tar)).toContain('written from the prebuilt copy');
    expect(await appliedMigrations(fromCopy)).toBe(journal.entries.length);

    // Other migrations (one more file in a copy of the folder): the copy no longer fits.
    const changed = path.join(work, 'migrations');
    await cp(migrations, changed, { recursive: true });
    await writeFile(path.join(changed, 'note.txt'), 'changed');
    const fresh = path.join(work, 'b', 'pglite');
    expect(await child(fresh, params, changed, tar)).toContain('created and migrated');
    expect(await appliedMigrations(fresh)).toBe(journal.entries.length);

    // No prebuilt copy at all (a development start through tsx).
    const none = path.join(work, 'c', 'pglite');
    expect(await child(none, params, migrations, path.join(work, 'missing.tar'))).toContain('created and migrated');
  }, 240_000);
});
