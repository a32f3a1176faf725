/**
 * Database plugin: decorates `app.db` (Drizzle over one of three drivers) after applying the SQL
 * migrations of server/db/migrations, and closes the connection in `onClose`.
 * - `postgres`: postgres-js against `DATABASE_URL` (migrations under an advisory lock, so several
 *   instances starting together do not race);
 * - `pglite-dir`: embedded PGlite with its files in `${DATA_DIR}/pglite` (the default);
 * - `pglite-memory`: a throw-away in-memory PGlite (tests).
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema.ts';

/** The Drizzle database every module uses, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Which database to open. */
export type DbTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite-dir'; dir: string }
  /** `template`: a file written by PGlite's `dumpDataDir` to start from (tests: an already migrated database). */
  | { kind: 'pglite-memory'; template?: string };

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Which driver `db` runs on (for logs and /healthz). */
    dbKind: DbTarget['kind'];
  }
}

const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));
/** Arbitrary constant key for `pg_advisory_lock` around migrations. */
const MIGRATION_LOCK = 4_207_001;

/**
 * Opens the database, applies pending migrations, and returns the Drizzle handle and a closer.
 * Exported for tools and tests that need a database without an app.
 */
export async function openDatabase(target: DbTarget): Promise<{ db: Database; close: () => Promise<void> }> {
  if (target.kind === 'postgres') {
    const client = postgres(target.url, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema });
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
  if (target.kind === 'pglite-dir') await mkdir(target.dir, { recursive: true });
  const client =
    target.kind === 'pglite-dir'
      ? new PGlite(target.dir)
      : new PGlite(target.template ? { loadDataDir: new Blob([await readFile(target.template)]) } : undefined);
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, close: () => client.close() };
}

/** Registers the database: `app.db`, migrated, closed on shutdown. */
export const dbPlugin = fp<{ target: DbTarget }>(
  async (app, { target }) => {
    const { db, close } = await openDatabase(target);
    app.decorate('db', db);
    app.decorate('dbKind', target.kind);
    app.addHook('onClose', async () => {
      await close();
    });
    app.log.info({ db: target.kind }, 'database ready (migrations applied)');
  },
  { name: 'db' },
);

/** `select 1` against the database; throws when it does not answer. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
