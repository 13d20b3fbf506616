import { createContext, useContext, useEffect } from 'react';

export const SITE_NAME = 'Cinematic Contests';

/** 'Page · Cinematic Contests', or the site name alone. */
export const pageTitle = (title?: string): string => (title ? `${title} · ${SITE_NAME}` : SITE_NAME);

/**
 * Set only by the build-time renderer (src/entry-server.tsx): it receives the page's title so the
 * prerendered HTML carries it in `<title>` before any script runs.
 */
export const PageTitleSink = createContext<((title: string) => void) | null>(null);

/** Sets the document title of the page that calls it. */
export function usePageTitle(title?: string): void {
  const sink = useContext(PageTitleSink);
  sink?.(pageTitle(title));
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
