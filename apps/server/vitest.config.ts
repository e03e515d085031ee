import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // *.pg.test.ts need real PostgreSQL (several processes on one database): CI's PostgreSQL pass;
    // *.nginx.test.ts run the built server behind nginx: vitest.failover.config.ts
    exclude: ['src/**/*.nginx.test.ts', ...(process.env.TEST_DATABASE_URL ? [] : ['src/**/*.pg.test.ts'])],
    setupFiles: ['src/test/setup.ts'],
    pool: 'forks',
    // one migrated database per worker, shared by the files it runs (a new PGlite costs seconds)
    isolate: false,
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
