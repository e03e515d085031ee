import { defineConfig } from 'vitest/config';

// The failover test (src/failover.nginx.test.ts): the built server twice behind nginx on PostgreSQL.
// `npm run test:failover` from the repository root builds the server first; CI runs it after the
// PostgreSQL pass.
export default defineConfig({
  test: {
    include: ['src/**/*.nginx.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 900_000,
    hookTimeout: 180_000,
  },
});
