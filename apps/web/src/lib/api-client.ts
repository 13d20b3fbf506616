import {
  isValidatorWording,
  DASHBOARD_MESSAGES,
  GENERIC_MESSAGES,
  REFRESH_COOKIE_HEADER,
  type ErrorCode,
} from '@app/domain';
import { sessionStore } from './session';

/**
 * An error code as the API writes them (`snake_case`). Checked by its form, not against the list
 * of codes: that list (ERROR_CODES, with each code's status) is the server's, and every page's
 * entry chunk would carry it (the JavaScript budget of `/`). A code the screens do not know
 * matches no branch, as an absent one.
 */
const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && /^[a-z][a-z_]{1,40}$/.test(value);

/**
 * An API failure: HTTP status (0 when no response came), the server's error `code`, its detail
 * and field errors (the body is `{detail, code, ...fieldErrors}`). Screens branch on `code` and
 * `status`, never on the wording of `detail`.
 *
 * `detail` and the field errors are shown to people as they are, so a validator's or a runtime's
 * own wording (`Invalid option: expected …`, a stack) is replaced here, once for every screen, by
 * a sentence of GENERIC_MESSAGES.
 */
export class ApiError extends Error {
  /** The server's error code; undefined when the answer carried none (no response, a proxy's page). */
  readonly code: ErrorCode | undefined;
  readonly detail: string;

  constructor(
    readonly status: number,
    detail: string,
    readonly body: Record<string, unknown> = {},
    /** The request's method: a refused GET is a filter or a link, anything else what was entered. */
    method = 'GET',
  ) {
    const human = isValidatorWording(detail)
      ? method === 'GET' || method === 'HEAD'
        ? GENERIC_MESSAGES.requestNotAccepted
        : GENERIC_MESSAGES.inputNotAccepted
      : detail;
    super(human);
    this.detail = human;
    this.code = isErrorCode(body.code) ? body.code : undefined;
  }

  /** Field errors in the `{field: [message]}` shape, if any (a validator's wording replaced). */
  fieldErrors(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const [key, value] of Object.entries(this.body)) {
      if (Array.isArray(value) && value.every((v) => typeof v === 'string'))
        out[key] = value.map((message) =>
          isValidatorWording(message) ? GENERIC_MESSAGES.fieldNotAccepted : message,
        );
    }
    return out;
  }

  /** The spec's generic mapping (§8 Dashboard). */
  userMessage(): string {
    if (this.status === 401) return DASHBOARD_MESSAGES.sessionExpired;
    if (this.status >= 500) return DASHBOARD_MESSAGES.serverError;
    if (this.status === 0) return DASHBOARD_MESSAGES.networkError;
    return this.detail || DASHBOARD_MESSAGES.unexpected;
  }
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** Send the bearer token and refresh once on a 401 (default true when signed in). */
  auth?: boolean;
  timeoutMs?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

let refreshing: Promise<boolean> | null = null;

/** How requests reach the API: the browser's fetch, or the server's own in-process one. */
let transport: typeof fetch = (input, init) => fetch(input, init);

/**
 * Sends the API requests of this module through `fetchApi`: the server's page renderer
 * (src/entry-server.tsx) answers them in process, signed out, when it renders a page with its data.
 */
export function setApiTransport(fetchApi: typeof fetch): void {
  transport = fetchApi;
}

/**
 * One refresh at a time: refresh tokens rotate, so parallel 401s share a single refresh. Only the
 * server's refusal (a 4xx: the cookie is invalid, expired, revoked or gone) ends the session here.
 * A refresh that never got an answer (the page was left or reloaded mid-request, the network
 * dropped), a 5xx or a 429 keeps it: the cookie may well be valid, and the next page load or
 * request tries again (the server answers a retried token within its grace period with the same
 * successor).
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    if (!sessionStore.get()) return false;
    try {
      // The refresh token is the HttpOnly cookie (scoped to /api/token/): the body stays empty and
      // the answer carries the access token only.
      const response = await fetch('/api/token/refresh/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [REFRESH_COOKIE_HEADER]: '1' },
        body: '{}',
        credentials: 'same-origin',
      }).catch(() => undefined);
      if (!response) return false;
      if (response.status >= 400 && response.status < 500 && response.status !== 429) {
        sessionStore.clear();
        return false;
      }
      if (!response.ok) return false;
      const tokens = (await response.json()) as { access: string };
      sessionStore.update({ access: tokens.access });
      return true;
    } catch {
      return false;
    } finally {
      setTimeout(() => (refreshing = null), 0);
    }
  })();
  return refreshing;
}

async function send(path: string, options: RequestOptions, token?: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  const signals = [
    options.signal,
    options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
  ].filter((s): s is AbortSignal => Boolean(s));
  return transport(path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    credentials: 'same-origin',
    signal: signals.length ? AbortSignal.any(signals) : undefined,
  });
}

/**
 * Calls the API: bearer token when signed in, one refresh and retry on a 401 (spec §7), and
 * every failure turned into an ApiError carrying the server's detail and field errors.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiResponse<T>(path, options)).data;
}

/** apiRequest that also hands back the answer's headers (e.g. a paged array's X-Total-Count). */
export async function apiResponse<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const useAuth = options.auth ?? true;
  let response: Response;
  try {
    // After a reload the tab knows who is signed in but holds no access token yet (it lives in
    // memory only): get one through the refresh cookie first, so routes that answer signed-in
    // callers differently (a draft contest for its brand and staff) see the session.
    if (useAuth && sessionStore.get() && !sessionStore.get()?.access) await refreshSession();
    response = await send(path, options, useAuth ? sessionStore.get()?.access : undefined);
    if (response.status === 401 && useAuth && sessionStore.get()) {
      if (await refreshSession()) response = await send(path, options, sessionStore.get()?.access);
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, DASHBOARD_MESSAGES.networkError);
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (e.g. a proxy's HTML error page): treated as no body.
  }
  if (!response.ok) {
    const body = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
    const detail =
      typeof body.detail === 'string'
        ? body.detail
        : typeof body.message === 'string'
          ? body.message
          : typeof body.error === 'string'
            ? body.error
            : '';
    throw new ApiError(
      response.status,
      detail,
      body,
      options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    );
  }
  return { data: data as T, headers: response.headers };
}
