import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { preloadFonts } from './build/preload-fonts.ts';
import { inlineCss } from './build/inline-css.ts';
import { prerender } from './build/prerender.ts';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), inlineCss(), preloadFonts(), prerender(), precompress()],
  // The prerendered pages and the browser's hydration agree on it (src/hooks/use-current-year.ts).
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // .vite/manifest.json: each chunk's static imports, for the JavaScript budget check
    // (scripts/check-js-budget.mjs). The server does not serve dot folders.
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry needs in one file: a dozen small shared chunks compress worse
          // and each is one more request before the first page can hydrate.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  test: {
    name: 'web',
    // The first test of a file also pays for importing MUI; shared CI machines can be slow.
    testTimeout: 20_000,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    css: false,
  },
});
