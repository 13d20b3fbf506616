import type { Plugin } from 'vite';

/**
 * Puts the entry's stylesheet (only the fonts' @font-face rules: every component styles itself
 * with Emotion) inline in index.html, so no stylesheet request blocks the first paint. The fonts
 * themselves are preloaded (preload-fonts.ts).
 */
export function inlineCss(): Plugin {
  return {
    name: 'inline-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
          (tag, file: string) => {
            const asset = ctx.bundle?.[file];
            if (asset?.type !== 'asset') return tag;
            return `<style>${String(asset.source)}</style>`;
          },
        );
      },
    },
  };
}
