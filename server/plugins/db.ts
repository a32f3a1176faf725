/**
 * Database plugin: decorates `app.db` (server/db/database.ts: Drizzle over one of three drivers,
 * migrated) and closes the connection in `onClose`.
 */
import fp from 'fastify-plugin';
import { openDatabase, type Database, type DbTarget } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Which driver `db` runs on (for logs and /healthz). */
    dbKind: DbTarget['kind'];
  }
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
