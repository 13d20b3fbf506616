import { useEffect, useState, type RefObject } from 'react';

/**
 * Becomes true once the element comes near the viewport (and stays true): media below the fold
 * load their source only then.
 */
export function useInView(ref: RefObject<Element | null>, rootMargin = '200px'): boolean {
  // Without IntersectionObserver (old browsers, jsdom) everything counts as near.
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, seen]);
  return seen;
}
