import type { Page, Request } from '@playwright/test';

/**
 * Tracks a page's requests (those `watched` picks; all by default) so a test waits for the page's
 * own traffic to end instead of a fixed time: `waitForLoadState('networkidle')` always waits 500 ms
 * of silence, `settle()` returns a frame after the last answer. Attach it before `page.goto`.
 */
export function requestTracker(page: Page, watched: (url: URL) => boolean = () => true) {
  let inFlight = 0;
  const idle: (() => void)[] = [];
  const answers: { url: string; status: number }[] = [];
  // The page a request was sent for: an answer read after `reset()` (a previous page's request
  // finishing late) is not the next page's.
  let generation = 0;
  const sentFor = new WeakMap<Request, number>();
  // A live-update stream (EventSource) stays open for the page's life: it is never "in flight".
  const isWatched = (request: Request) =>
    request.resourceType() !== 'eventsource' && watched(new URL(request.url()));
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    if (inFlight === 0) for (const resolve of idle.splice(0)) resolve();
  };
  page.on('request', (request) => {
    if (!isWatched(request)) return;
    inFlight += 1;
    sentFor.set(request, generation);
  });
  page.on('requestfinished', (request) => {
    if (!isWatched(request)) return;
    void request.response().then((response) => {
      if (response && sentFor.get(request) === generation)
        answers.push({ url: request.url(), status: response.status() });
      done();
    });
  });
  page.on('requestfailed', (request) => {
    if (isWatched(request)) done();
  });
  return {
    /** The watched requests' answers since the last `reset()`. */
    answers,
    reset() {
      generation += 1;
      answers.length = 0;
    },
    /** Until no watched request is in flight, `rounds` times a frame apart (answers that start others). */
    async settle(rounds = 2) {
      for (let round = 0; round < rounds; round++) {
        if (inFlight > 0) await new Promise<void>((resolve) => idle.push(resolve));
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))),
        );
      }
    },
  };
}

/** The page's /api/ requests only. */
export const apiRequests = (url: URL) => url.pathname.startsWith('/api/');
