import { defineConfig } from 'vitest/config';

/** Web test files that replace a module with `vi.mock`: they need a fresh module graph each. */
const MOCKING_WEB_TESTS = [
  'src/features/judging/__tests__/scorecard-and-ranking.test.tsx',
  'src/features/videos/__tests__/upload-video-dialog-brief.test.tsx',
];

/**
 * `npx vitest run` runs every Vitest project: domain rules and web components (the server API suite
 * runs per database: scripts/test.mjs). The web's component tests share one module graph per worker
 * (`isolate: false`): importing MUI and React once instead of once per file takes the web suite from
 * ~220 s to ~70 s on a 2-core machine. Each test unmounts what it rendered (testing-library's
 * cleanup) and resets its fetch stub; files that mock a module run isolated.
 */
export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      {
        extends: './apps/web/vite.config.ts',
        root: './apps/web',
        test: { name: 'web', isolate: false, exclude: MOCKING_WEB_TESTS },
      },
      {
        extends: './apps/web/vite.config.ts',
        root: './apps/web',
        test: { name: 'web (module mocks)', include: MOCKING_WEB_TESTS },
      },
    ],
  },
});
