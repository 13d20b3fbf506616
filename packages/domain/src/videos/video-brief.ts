/**
 * A video's orientation from its picture size (as shown). Checking a file against a contest's
 * brief is `checkEntryVideo` (entries/entry-checks.ts), one rule for the server and the browser.
 */

export type VideoOrientation = 'portrait' | 'landscape' | 'square';

/** Portrait when taller than wide (phones report the turned size). */
export function orientationOf(width: number, height: number): VideoOrientation {
  if (height > width) return 'portrait';
  if (width > height) return 'landscape';
  return 'square';
}
