import { existsSync } from 'node:fs';

/**
 * The Chromium the browser suites drive: `CHROME_PATH`, else Debian's headless shell (the same
 * engine without the desktop browser's services; Playwright's own default for headless runs, and
 * about a third faster per page here), else Debian's full Chromium. Never a downloaded browser.
 */
export const CHROME_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

export function chromePath() {
  return (
    process.env.CHROME_PATH || CHROME_CANDIDATES.find((file) => existsSync(file)) || CHROME_CANDIDATES[1]
  );
}
