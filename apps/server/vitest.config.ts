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
    // The files of a worker share its process and module cache: the server's modules are imported
    // once per worker, not once per file (issue 29: 291 s → 206 s on PGlite, same machine). Each
    // file still builds its own app, database and queue (test/helper.ts), and nothing a test
    // reads is kept in a module between files; the suite passes with its files shuffled.
    isolate: false,
  },
});
