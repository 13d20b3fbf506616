import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * This year, from the visitor's clock. A prerendered page was written with the year of its build
 * (`__BUILD_YEAR__`, vite.config.ts), so hydration first renders that same year and then updates
 * it: a page built in December still says the new year in January, without a hydration mismatch.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(
    subscribe,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}
