import { Suspense, type ReactNode } from 'react';

/**
 * A section of a prerendered page hydrated on its own: React hydrates each Suspense boundary as a
 * unit and commits it alone, so a page's sections are several short tasks on a slow phone, not
 * one long one (Lighthouse at 8× CPU, docs/benchmarks.md). Nothing in them suspends once the page
 * is on screen, so no fallback ever shows.
 */
export function Hydrated({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
