import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll-positions';
/** How long a page returned to may take to grow tall enough (its code and data loading). */
const RESTORE_WINDOW_MS = 5_000;
/** Entries remembered: more than a tab's history holds in practice. */
const MAX_ENTRIES = 100;

/** Scroll positions by history entry (React Router's `key` in `history.state`). */
const positions = new Map<string, number>(readStored());

function readStored(): Array<[string, number]> {
  try {
    if (typeof sessionStorage === 'undefined') return [];
    return Object.entries(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>);
  } catch {
    return [];
  }
}

function store(): void {
  for (const key of positions.keys()) {
    if (positions.size <= MAX_ENTRIES) break;
    positions.delete(key);
  }
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(positions)));
  } catch {
    // Storage full or blocked: after a reload, back and forward start at the top.
  }
}

/** The history entry the browser shows now: a scroll belongs to it, whatever React renders yet. */
function currentEntry(): string {
  return (window.history.state as { key?: string } | null)?.key ?? 'default';
}

/**
 * Scrolls to `y` once the page is tall enough: a page returned to may still be loading its code
 * or data, so it retries each time the page's height changes until it gets there, the person
 * scrolls, or the window passes.
 */
function restore(y: number): () => void {
  const started = performance.now();
  const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => attempt());
  const stop = () => {
    observer?.disconnect();
    window.removeEventListener('wheel', stop);
    window.removeEventListener('touchstart', stop);
    window.removeEventListener('keydown', stop);
  };
  const attempt = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 1 || performance.now() - started > RESTORE_WINDOW_MS) stop();
  };
  // The body grows with the page (the html element keeps the viewport's height).
  observer?.observe(document.body);
  window.addEventListener('wheel', stop, { passive: true });
  window.addEventListener('touchstart', stop, { passive: true });
  window.addEventListener('keydown', stop);
  attempt();
  return stop;
}

/**
 * A new page starts at its top (or at its #anchor), the tab's first page where the browser put it;
 * back and forward return to where the person was on that page, as browsers do for pages they load themselves. Positions are recorded per
 * history entry as the person scrolls (kept in session storage, so a reload keeps them too).
 */
export function ScrollRestoration() {
  const { key, pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const mounted = useRef(false);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // Recorded under the entry shown when the scroll happens: the clamping of a shorter page
    // that follows a navigation belongs to the new entry, never to the one left.
    const record = () => positions.set(currentEntry(), window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', store);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', store);
    };
  }, []);

  useLayoutEffect(() => {
    store();
    // The first page of a tab has no entry key ('default'): a new visit, not a return.
    const first = !mounted.current;
    const returning = navigationType === 'POP' && (!first || key !== 'default');
    mounted.current = true;
    const saved = positions.get(key);
    if (returning && saved !== undefined) return restore(saved);
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    // The tab's first page is where the browser put it: at its top, or where the person scrolled
    // while a page that arrived rendered was still loading its scripts.
    else if (!first) window.scrollTo(0, 0);
    return undefined;
  }, [key, pathname, hash, navigationType]);

  return null;
}
