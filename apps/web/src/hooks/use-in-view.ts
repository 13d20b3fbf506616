import { useEffect, useState, type RefObject } from 'react';

/**
 * Becomes true once the element comes near the viewport (and stays true): media below the fold
 * load their source only then. It starts false everywhere, the prerendered HTML included, so the
 * page hydrates without a difference and no below-the-fold source is in the HTML.
 */
export function useInView(ref: RefObject<Element | null>, rootMargin = '200px'): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    const show = () => setSeen(true);
    // Without IntersectionObserver (old browsers, jsdom) everything counts as near.
    if (typeof IntersectionObserver === 'undefined') {
      queueMicrotask(show);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) show();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, seen]);
  return seen;
}
