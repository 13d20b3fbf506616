/**
 * The web app's refresh token (issue 18 M3): an HttpOnly, SameSite=Strict cookie scoped to
 * `REFRESH_COOKIE_PATH`, set when sign-in is asked with the header `REFRESH_COOKIE_HEADER: 1`. Such
 * answers carry an empty `refresh`; the script never sees the token. API clients that send and read
 * the token in bodies are unchanged (spec §7).
 */
export const REFRESH_COOKIE = 'refresh_token';
export const REFRESH_COOKIE_HEADER = 'x-refresh-cookie';
export const REFRESH_COOKIE_PATH = '/api/token/';
