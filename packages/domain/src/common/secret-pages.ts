/**
 * Pages of the web app whose path carries a secret (e-mailed links), with the parameters that are
 * secrets. The server masks them in every log line and sends these pages with
 * `Referrer-Policy: no-referrer` (apps/server/src/plugins/spa.ts); the web app's route table is
 * checked against this list, so a new page with a `:token` in its path cannot be forgotten.
 */
export const SECRET_PAGE_ROUTES: ReadonlyArray<readonly [route: string, secretParams: readonly string[]]> = [
  ['/verify-email/:uid/:token', ['uid', 'token']],
  ['/reset-password/:uidb64/:token', ['uidb64', 'token']],
  ['/invitations/:token', ['token']],
  ['/unsubscribe/:token', ['token']],
];

/** Route parameter names that always carry a secret, wherever they appear in a page path. */
export const SECRET_PARAM_NAMES = ['token', 'uid', 'uidb64'] as const;
