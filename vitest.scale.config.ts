import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

/**
 * `npm run test:scale` (issue #19 item 5; part of `npm test`): the event-loop test at 100,000 rows
 * per table (`server/**\/*.scale.test.ts`), after the unit run and on its own, so the 250 ms it
 * asserts is measured on a machine not also running other test files. PGlite always; PostgreSQL too
 * when DATABASE_URL is set. One retry: a latency bound on a shared 2-core machine can meet a
 * passing hiccup of the machine; a list that really holds the event loop fails both attempts.
 */
const file = ['server/**/*.scale.test.ts'];
export default mergeConfig(
  { resolve: viteConfig.resolve },
  defineConfig({
    test: {
      fileParallelism: false,
      projects: [
        { extends: true, test: { name: 'scale', environment: 'node', include: file, testTimeout: 300_000, hookTimeout: 900_000, retry: 1 } },
        ...(process.env.DATABASE_URL
          ? [{ extends: true as const, test: { name: 'scale-postgres', environment: 'node' as const, include: file, env: { TEST_DATABASE: 'postgres' }, testTimeout: 300_000, hookTimeout: 900_000, retry: 1 } }]
          : []),
      ],
    },
  }),
);
