import createCache, { type EmotionCache } from '@emotion/cache';
import type { EmotionCriticalToChunks } from '@emotion/server/create-instance';

const KEY = 'css';
/** Marks the prerendered page's component styles; its value lists the style ids it holds. */
const PRERENDERED_ATTRIBUTE = 'data-prerendered-css';

/**
 * The build's style tags for a prerendered page (src/entry-server.tsx). Emotion's own SSR tags
 * would be moved around the head by the browser cache when it starts (two full restyles of a
 * large page); these are left where they are: the component styles are a plain tag whose ids
 * `browserCache` marks as present, and the global styles carry `data-s`, which tells Emotion they
 * need no moving before the Global component adopts them.
 */
export function prerenderedStyleTags({ styles }: EmotionCriticalToChunks): string {
  // Keyframes come out as 'global' chunks, but nothing adopts them: they join the plain tag.
  const isGlobal = (chunk: { key: string; ids: string[] }) =>
    chunk.key !== KEY && !chunk.ids.every((id) => id.startsWith('animation-'));
  const plain = styles.filter((chunk) => !isGlobal(chunk));
  const globals = styles
    .filter((chunk) => isGlobal(chunk) && chunk.css !== '')
    .map(
      (chunk) => `<style data-emotion="${chunk.key} ${chunk.ids.join(' ')}" data-s="">${chunk.css}</style>`,
    );
  const ids = plain.flatMap((chunk) => chunk.ids).join(' ');
  const css = plain.map((chunk) => chunk.css).join('');
  return [...globals, `<style ${PRERENDERED_ATTRIBUTE}="${ids}">${css}</style>`].join('');
}

/** The browser's Emotion cache: styles already in a prerendered page are not inserted again. */
export function browserCache(): EmotionCache {
  const cache = createCache({ key: KEY });
  for (const tag of document.querySelectorAll(`style[${PRERENDERED_ATTRIBUTE}]`)) {
    for (const id of (tag.getAttribute(PRERENDERED_ATTRIBUTE) ?? '').split(' ')) {
      if (id) cache.inserted[id] = true;
    }
  }
  return cache;
}

/** The build's cache (its key is the browser's, so class names match). */
export function serverCache(): EmotionCache {
  return createCache({ key: KEY });
}
