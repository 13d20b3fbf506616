/**
 * Every public page of the route table (spec §2 and §6 'public'), with its screenshot name:
 * a11y-and-screenshots.spec.ts checks each with axe (WCAG A/AA and best practices) and keeps a
 * full-page screenshot at 1366 and 360 px, so the smoke suite does not repeat that for a visitor.
 */
export const PUBLIC_PAGES: [name: string, url: string][] = [
  ['home', '/'],
  ['how-it-works', '/how-it-works'],
  ['hbada-synergy', '/hbada-synergy'],
  ['about', '/about'],
  ['faq', '/faq'],
  ['terms', '/terms'],
  ['contact', '/contact'],
  ['privacy', '/privacy'],
  ['rules', '/rules'],
  ['agreement', '/agreement'],
  ['brand', '/brand/1'],
  ['not-found', '/no-such-page'],
  ['login', '/login'],
  ['signup', '/signup'],
  ['check-email', '/check-email'],
  ['verification-success', '/verification-success'],
  ['verification-failed', '/verification-failed'],
  ['resend-verification', '/resend-verification'],
  ['forgot-password', '/forgot-password'],
  ['reset-password', '/reset-password/abc/def'],
  ['library', '/library'],
  ['video-detail', '/videos/1'],
  ['contests', '/contests'],
  ['contest-detail', '/contests/1'],
  ['contest-apply', '/contests/1/apply'],
  ['contest-submit', '/contests/1/submit'],
];
