/**
 * The database layer: the `Database` type every module and server/lib helper uses, and
 * `openDatabase`, which opens Drizzle over one of three drivers and applies the SQL migrations of
 * server/db/migrations (server/plugins/db.ts registers it as `app.db`).
 * - `postgres`: postgres-js against `DATABASE_URL` (migrations under an advisory lock, so several
 *   instances starting together do not race);
 * - `pglite-dir`: embedded PGlite with its files in `${DATA_DIR}/pglite` (the default);
 * - `pglite-memory`: a throw-away in-memory PGlite (tests).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

/** The Drizzle database every module uses, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction (or the database) — whatever `db.transaction` hands to its callback. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Which database to open. */
export type DbTarget =
  /** `onQuery`: sees every statement Drizzle sends, with its parameters (bench:scale's EXPLAIN; never set in production). */
  | { kind: 'postgres'; url: string; onQuery?: (query: string, params: unknown[]) => void }
  | { kind: 'pglite-dir'; dir: string }
  /**
   * `template`: a file written by PGlite's `dumpDataDir` to start from (tests: an already migrated
   * database). `onQuery`: as for `postgres` (bench:scale on PGlite; never set in production).
   */
  | { kind: 'pglite-memory'; template?: string; onQuery?: (query: string, params: unknown[]) => void };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary constant key for `pg_advisory_lock` around migrations. */
const MIGRATION_LOCK = 4_207_001;

/**
 * PostgreSQL settings of the embedded database (issue #19 item 7), on top of PGlite's own start
 * parameters. PostgreSQL's defaults are sized for a server of its own; PGlite allocates and touches
 * `shared_buffers` inside the WebAssembly heap at start (128 MiB by default), which was a third of
 * the embedded default's idle memory. Our catalogue fits in a few MiB and the host's page cache
 * still backs every read, so 16 MiB of buffers cost nothing measurable; `wal_buffers` follows
 * (1/32 of it). Durability settings are PGlite's own (unchanged).
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
  temp_buffers: '2MB',
  maintenance_work_mem: '16MB',
};

/** PGlite's start parameters plus {@link PGLITE_SETTINGS}. */
export function pgliteStartParams(): string[] {
  return [...PGlite.defaultStartParams, ...Object.entries(PGLITE_SETTINGS).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
}

/**
 * The PostgreSQL extensions the migrations create, loaded into PGlite: cube and earthdistance
 * (0012_venues_knn), pg_trgm (0023_lists_stay_flat: the board search's trigram index, issue #33 item 4).
 */
export const PGLITE_EXTENSIONS = { cube, earthdistance, pg_trgm };

/**
 * Creates the embedded cluster in `dir` in a short-lived child process (server/db/pglite-initdb.ts)
 * when `dir` holds none yet, so initdb's memory (a second PostgreSQL instance and the initdb
 * WebAssembly module, ≈ 500 MiB that WebAssembly never gives back) leaves with the child. The
 * child applies the migrations too; `openDatabase` then finds nothing pending.
 */
async function initdbInChild(dir: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  await mkdir(path.dirname(dir), { recursive: true });
  const here = fileURLToPath(import.meta.url);
  const ts = here.endsWith('.ts');
  const script = path.join(path.dirname(here), ts ? 'pglite-initdb.ts' : 'pglite-initdb.js');
  // The build's prebuilt cluster (scripts/build-server.mjs); the child checks that it fits.
  const prebuilt = path.join(path.dirname(here), 'pglite-cluster.tar');
  const args = [...(ts ? ['--import', 'tsx'] : []), script, dir, JSON.stringify(pgliteStartParams()), migrationsFolder, prebuilt];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`embedded database: initdb of ${dir} failed (exit ${code})`);
}

/**
 * Opens the database, applies pending migrations, and returns the Drizzle handle and a closer.
 * Exported for tools and tests that need a database without an app.
 */
export async function openDatabase(target: DbTarget): Promise<{ db: Database; close: () => Promise<void> }> {
  if (target.kind === 'postgres') {
    const client = postgres(target.url, { max: 10, onnotice: () => {} });
    const onQuery = target.onQuery;
    const db = drizzlePostgres(client, { schema, ...(onQuery ? { logger: { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } } : {}) });
    const reserved = await client.reserve();
    try {
      await reserved`select pg_advisory_lock(${MIGRATION_LOCK})`;
      await migratePostgres(db, { migrationsFolder });
    } finally {
      await reserved`select pg_advisory_unlock(${MIGRATION_LOCK})`.catch(() => {});
      reserved.release();
    }
    return { db: db as unknown as Database, close: () => client.end({ timeout: 5 }) };
  }
  if (target.kind === 'pglite-dir') await initdbInChild(target.dir);
  const options = { startParams: pgliteStartParams(), extensions: PGLITE_EXTENSIONS };
  const client =
    target.kind === 'pglite-dir'
      ? new PGlite(target.dir, options)
      : new PGlite({ ...options, ...(target.template ? { loadDataDir: new Blob([await readFile(target.template)]) } : {}) });
  await client.waitReady;
  yieldBeforeStatements(client);
  const onQuery = target.kind === 'pglite-memory' ? target.onQuery : undefined;
  const db = drizzlePglite(client, { schema, ...(onQuery ? { logger: { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } } : {}) });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, close: () => client.close() };
}

/**
 * Issue #19 item 5: PGlite runs each statement synchronously on this thread, and statements queued
 * by concurrent requests follow each other in promise callbacks, so without a pause sockets and
 * timers wait for the whole queue (a health check behind a dozen list statements). Each top-level
 * statement and transaction first lets the event loop turn once (`setImmediate`), so what waits
 * for I/O runs between statements and one request waits at most for the statement under way.
 */
function yieldBeforeStatements(client: PGlite): void {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await turn();
    return query(...args);
  }) as typeof client.query;
  client.exec = async (...args: Parameters<typeof exec>) => {
    await turn();
    return exec(...args);
  };
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    await turn();
    return transaction(...args);
  }) as typeof client.transaction;
}

/** `select 1` against the database; throws when it does not answer. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
