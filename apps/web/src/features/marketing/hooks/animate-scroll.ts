/**
 * Scrolls `element` horizontally by `deltaPx` over `durationMs` (ease-in-out), or at once when
 * `instant` (reduced motion). The browser's smooth scrolling has no set duration, the spec's has.
 */
export function animateScrollBy(
  element: HTMLElement,
  deltaPx: number,
  durationMs: number,
  instant = false,
): void {
  const from = element.scrollLeft;
  const max = element.scrollWidth - element.clientWidth;
  const to = Math.max(0, Math.min(max, from + deltaPx));
  if (instant || durationMs <= 0) {
    element.scrollLeft = to;
    return;
  }
  const start = performance.now();
  const ease = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);
  const step = (now: number) => {
    const t = Math.min(1, (now - start) / durationMs);
    element.scrollLeft = from + (to - from) * ease(t);
    if (t < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
