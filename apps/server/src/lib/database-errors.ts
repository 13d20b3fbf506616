/** Connection-level failures: the database is restarting or unreachable, not the request's fault. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
]);
const UNREACHABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Client has encountered a connection error/,
];

/** Whether the error says the database could not be reached (a 503 the client may retry). */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((pattern) => pattern.test(message)))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * pg-boss completes and fails jobs without awaiting the query, so a PostgreSQL restart while a job
 * finishes rejects a promise nobody handles, and Node would end the process. Such a rejection is
 * logged; any other unhandled rejection still ends the process, as Node's default does.
 */
export function tolerateDatabaseOutages(log: { error(obj: object, msg: string): void }): void {
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnreachable(reason))
      return log.error({ err: reason }, 'database unreachable (background task)');
    throw reason;
  });
}
