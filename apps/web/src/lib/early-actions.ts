/**
 * Taps made before the app answered clicks: a prerendered page's scripts start after its first
 * paint (public/paint-first.js), and until they have run, a control with no native behaviour does
 * nothing. paint-first.js keeps each tap on a control marked `data-early-action="<name>"`; the
 * control's component, once hydrated, asks for it here and does what the tap asked for.
 */
declare global {
  interface Window {
    __earlyActions?: string[];
  }
}

/**
 * Calls `act` (once, after the current render) when `name` was tapped before the app was ready;
 * the tap is taken, so it is done once. Returns the function that cancels the call (an effect's
 * cleanup).
 */
export function onEarlyAction(name: string, act: () => void): () => void {
  if (!window.__earlyActions?.includes(name)) return () => undefined;
  // Taken when done, not when asked: an effect run twice (StrictMode) cancels the first call.
  const timer = setTimeout(() => {
    window.__earlyActions = window.__earlyActions?.filter((action) => action !== name);
    act();
  }, 0);
  return () => clearTimeout(timer);
}
