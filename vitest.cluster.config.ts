import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster` (issue #20 item 2): two instances on PostgreSQL + Redis behind nginx
 * (cluster/). Not part of `npm test`'s unit run; `.ci/run` runs it when PostgreSQL and Redis answer.
 */
export default defineConfig({
  test: {
    name: 'cluster',
    environment: 'node',
    include: ['cluster/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
