import { defineConfig } from 'vitest/config';

const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';

export default defineConfig({
  test: {
    name: onPostgres ? 'server-postgres' : 'server-pglite',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database; two at a time suits a 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
  },
});
