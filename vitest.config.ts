import { defineConfig } from 'vitest/config';

/** `npx vitest run` runs every Vitest project: domain rules and web components (the server API suite runs per database: scripts/test.mjs). */
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/web'],
  },
});
