import { useEffect, type RefObject } from 'react';

/**
 * Scrolls a horizontal scroller by `pxPerFrame` on every animation frame while `running` and on
 * screen, and wraps to the start at the end (the content is rendered twice so the wrap is
 * seamless). Off screen (below the fold while the page loads, or scrolled past) no frame runs.
 */
export function useAutoScroll(
  ref: RefObject<HTMLElement | null>,
  pxPerFrame: number,
  running: boolean,
): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || !running) return;
    let frame = 0;
    // Sub-pixel steps accumulate here: scrollLeft rounds to whole pixels in some browsers. Read on
    // the first frame, not here: reading it in the effect forced a layout during hydration.
    let position: number | undefined;
    const step = () => {
      // The first frame, or the user scrolled.
      if (position === undefined || Math.abs(element.scrollLeft - position) > 1)
        position = element.scrollLeft;
      position += pxPerFrame;
      const half = element.scrollWidth / 2;
      if (position >= half) position -= half;
      element.scrollLeft = position;
      frame = requestAnimationFrame(step);
    };
    const start = () => {
      if (!frame) frame = requestAnimationFrame(step);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      frame = 0;
    };
    if (typeof IntersectionObserver === 'undefined') {
      start();
      return stop;
    }
    const observer = new IntersectionObserver((entries) =>
      entries.some((entry) => entry.isIntersecting) ? start() : stop(),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      stop();
    };
  }, [ref, pxPerFrame, running]);
}
