import type { DehydratedState, QueryClient } from '@tanstack/react-query';

/** The id of the data block a live page arrives with (src/entry-server.tsx renderLivePage). */
export const PAGE_DATA_ID = 'page-data';

let arriving = true;

/**
 * Puts the answers a live page arrived with into `client`, so the page hydrates with the data its
 * HTML shows instead of fetching it again. They are the signed-out answers: a signed-in visitor's
 * differ only where the anonymous one failed (a draft contest for its brand and staff), and failed
 * answers are never sent, so the page fetches those itself.
 */
export function adoptPageData(client: QueryClient): void {
  const block = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ID);
  if (!block?.textContent) return;
  try {
    // setQueryData rather than TanStack's hydrate(): the client already has it, the entry chunk
    // does not carry hydrate's code, and the answers are all this needs.
    const { queries } = JSON.parse(block.textContent) as DehydratedState;
    for (const { queryKey, state } of queries)
      client.setQueryData(queryKey, state.data, { updatedAt: state.dataUpdatedAt });
  } catch {
    // A damaged block: the page fetches its data as a page without one does.
  }
}

/**
 * True on the page that arrived as HTML (on the server, and in the browser until the first
 * navigation): sections a page otherwise defers to a background render are in that HTML, so they
 * render (hydrate) at once there (see contest-detail.tsx).
 */
export function isArriving(): boolean {
  return arriving;
}

/** The arrived page was left (or there was none): later pages are the browser's own renders. */
export function markArrived(): void {
  arriving = false;
}
