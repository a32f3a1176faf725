import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

/**
 * Test projects:
 * - `client`: React units in jsdom (src/**).
 * - `node`: common rules, the build's own tools (scripts/), the whole API through `app.inject` on an in-memory PGlite, and the soak's
 *   invariant checker (soak/invariants.test.ts; the soak itself is `npm run soak`).
 * - `node-postgres`: the same server suite against PostgreSQL, only when DATABASE_URL is set.
 */
const serverInclude = ['server/**/*.test.ts', 'common/**/*.test.ts', 'sw/**/*.test.ts', 'soak/**/*.test.ts', 'scripts/**/*.test.ts'];
/** The event-loop test at 100k rows runs alone, in `npm run test:scale` (vitest.scale.config.ts). */
const serverExclude = ['server/**/*.scale.test.ts', 'node_modules/**'];
/** Files that open PGlite themselves whatever the database (the migrations and the first start): once is enough. */
const pgliteOnly = ['server/db/migrations.test.ts', 'server/db/pglite-initdb.test.ts'];

export default mergeConfig(
  { resolve: viteConfig.resolve },
  defineConfig({
    test: {
      // Two workers on a 2-core machine (Vitest's default leaves one core idle): many files wait on
      // PostgreSQL, timers or sockets rather than the CPU.
      maxWorkers: 2,
      projects: [
        {
          extends: true,
          test: {
            name: 'client',
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}'],
            setupFiles: ['./src/test/setup.ts'],
            // Whole-page flows with user-event take seconds on a loaded 2-core machine.
            testTimeout: 15_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'node',
            environment: 'node',
            include: serverInclude,
            exclude: serverExclude,
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        ...(process.env.DATABASE_URL
          ? [
              {
                extends: true as const,
                test: {
                  name: 'node-postgres',
                  environment: 'node' as const,
                  include: ['server/**/*.test.ts'],
                  exclude: [...serverExclude, ...pgliteOnly],
                  env: { TEST_DATABASE: 'postgres' },
                  testTimeout: 30_000,
                  hookTimeout: 60_000,
                },
              },
            ]
          : []),
      ],
    },
  }),
);
