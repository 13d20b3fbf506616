import { MESSAGES } from '@app/domain';
import type { DatabaseHandle } from '../db/client';
import { AppError } from './errors';

export interface ThrottleRule {
  /** Counter name, e.g. `login:ip:1.2.3.4` (one row per key in `throttles`). */
  key: string;
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window rate limiting kept in the database (`throttles`), so every app process shares the
 * same counters. Each call counts one request against every rule; when any rule is over its limit
 * it throws a 429 AppError with `Retry-After` (seconds until that window resets).
 */
export async function throttle(
  database: Pick<DatabaseHandle, 'query'>,
  ...rules: ThrottleRule[]
): Promise<void> {
  let retryAfter = 0;
  for (const rule of rules) {
    const { rows } = await database.query(
      `INSERT INTO throttles (key, count, reset_at)
         VALUES ($1, 1, now() + make_interval(secs => $2))
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN throttles.reset_at <= now() THEN 1 ELSE throttles.count + 1 END,
         reset_at = CASE WHEN throttles.reset_at <= now() THEN EXCLUDED.reset_at ELSE throttles.reset_at END
       RETURNING count, ceil(extract(epoch FROM (reset_at - now())))::int AS retry_after`,
      [rule.key, rule.windowSeconds],
    );
    const row = rows[0] as { count: number; retry_after: number };
    if (row.count > rule.limit) retryAfter = Math.max(retryAfter, row.retry_after, 1);
  }
  // Expired counters are swept now and then by whichever request happens along.
  if (Math.random() < 0.01) await pruneThrottles(database);
  if (retryAfter > 0) {
    throw new AppError(
      'rate_limited',
      MESSAGES.generic.rateLimited,
      {},
      { 'Retry-After': String(retryAfter) },
    );
  }
}

/**
 * Checks rules without counting this request: throws the same 429 when a rule's window is already
 * full. Pair it with `throttle` on failure to limit only failed attempts (e.g. wrong passwords).
 */
export async function checkThrottle(
  database: Pick<DatabaseHandle, 'query'>,
  ...rules: ThrottleRule[]
): Promise<void> {
  let retryAfter = 0;
  for (const rule of rules) {
    const { rows } = await database.query(
      `SELECT count, ceil(extract(epoch FROM (reset_at - now())))::int AS retry_after
         FROM throttles WHERE key = $1 AND reset_at > now()`,
      [rule.key],
    );
    const row = rows[0] as { count: number; retry_after: number } | undefined;
    if (row && row.count >= rule.limit) retryAfter = Math.max(retryAfter, row.retry_after, 1);
  }
  if (retryAfter > 0) {
    throw new AppError(
      'rate_limited',
      MESSAGES.generic.rateLimited,
      {},
      { 'Retry-After': String(retryAfter) },
    );
  }
}

/**
 * Gives back one request counted by `throttle` (e.g. a sign-in attempt that turned out right), in
 * one atomic update; the counter never goes below zero.
 */
export async function giveBack(database: Pick<DatabaseHandle, 'query'>, key: string): Promise<void> {
  await database.query(
    'UPDATE throttles SET count = greatest(count - 1, 0) WHERE key = $1 AND reset_at > now()',
    [key],
  );
}

/** Forgets a counter (e.g. a client's failed sign-ins once it signed in with the right password). */
export async function resetThrottle(database: Pick<DatabaseHandle, 'query'>, key: string): Promise<void> {
  await database.query('DELETE FROM throttles WHERE key = $1', [key]);
}

/**
 * A mark kept in `throttles` for `seconds` (a counter of one that nobody counts against), e.g.
 * "this client signed in to this account". `hasMark` reads it.
 */
export async function setMark(
  database: Pick<DatabaseHandle, 'query'>,
  key: string,
  seconds: number,
): Promise<void> {
  await database.query(
    `INSERT INTO throttles (key, count, reset_at) VALUES ($1, 1, now() + make_interval(secs => $2))
     ON CONFLICT (key) DO UPDATE SET reset_at = EXCLUDED.reset_at`,
    [key, seconds],
  );
}

export async function hasMark(database: Pick<DatabaseHandle, 'query'>, key: string): Promise<boolean> {
  const { rows } = await database.query('SELECT 1 FROM throttles WHERE key = $1 AND reset_at > now()', [key]);
  return rows.length > 0;
}

/** Removes an unexpired mark and says whether there was one: a single-use check, atomically. */
export async function takeMark(database: Pick<DatabaseHandle, 'query'>, key: string): Promise<boolean> {
  const { rows } = await database.query(
    'DELETE FROM throttles WHERE key = $1 AND reset_at > now() RETURNING key',
    [key],
  );
  return rows.length > 0;
}

/** Deletes expired counters; cheap enough to run now and then from any request path. */
export async function pruneThrottles(database: Pick<DatabaseHandle, 'query'>): Promise<void> {
  await database.query('DELETE FROM throttles WHERE reset_at < now()');
}
