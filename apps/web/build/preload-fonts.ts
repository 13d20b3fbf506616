import type { Plugin } from 'vite';

/** The latin subsets every page uses: Inter (interface) and Bebas Neue (headings). */
const FONTS = [/inter-latin-wght-normal-[\w-]+\.woff2$/, /bebas-neue-latin-400-normal-[\w-]+\.woff2$/];

/**
 * Preloads the two web fonts from index.html, so the first render already uses them: headings do
 * not reflow when a font swaps in (no layout shift), and text paints sooner.
 */
export function preloadFonts(): Plugin {
  return {
    name: 'preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = Object.keys(ctx.bundle ?? {}).filter((name) => FONTS.some((font) => font.test(name)));
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
