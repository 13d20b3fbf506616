import os from 'node:os';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import webConfig from './apps/web/vite.config.ts';

/**
 * Web test files that replace a module with `vi.mock`: they run isolated, each file with fresh
 * modules. The other web files share one jsdom and one module cache per worker (`isolate: false`),
 * so MUI, React and the app's modules are imported once per worker, not once per file (issue 29:
 * the unit suite's time was mostly each file's environment and imports). They clean up after
 * each test: `cleanup()`, `vi.unstubAllGlobals()`, a fresh QueryClient per render.
 */
const MOCKING_MODULES = [
  'src/features/judging/__tests__/scorecard-and-ranking.test.tsx',
  'src/features/videos/__tests__/upload-video-dialog-brief.test.tsx',
];

/** apps/web's own configuration with `test` replaced, not merged (a merge would add to `include`). */
const web = (test: TestProjectInlineConfiguration['test']): TestProjectInlineConfiguration => ({
  ...webConfig,
  root: './apps/web',
  test: { ...webConfig.test, ...test },
});

/** `npx vitest run` runs every Vitest project: domain rules and web components (the server API suite runs per database: scripts/test.mjs). */
export default defineConfig({
  test: {
    // Vitest's default is a core less than the machine has: one worker on 2 cores, where two
    // finish the suite in 34 s instead of 49 s (quiet machine, back to back).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      'packages/domain',
      web({ isolate: false, exclude: [...configDefaults.exclude, ...MOCKING_MODULES] }),
      web({ name: 'web (isolated)', include: MOCKING_MODULES }),
    ],
  },
});
