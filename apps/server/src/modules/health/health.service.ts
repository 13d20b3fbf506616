import type { HealthResponse } from '@app/domain';
import type { AppDeps } from '../../app-deps';

export type HealthServiceDeps = Pick<AppDeps, 'database' | 'log'>;

/** How long the database may take to answer a ping before it counts as down. */
const PING_TIMEOUT_MS = 2_000;

/** Liveness: the process answers, and whether its database does. */
export function createHealthService(deps: HealthServiceDeps) {
  return {
    /** The health report; `status` is 'unavailable' when the database does not answer in time. */
    async check(): Promise<HealthResponse> {
      let database: 'ok' | 'down' = 'ok';
      try {
        await withTimeout(deps.database.ping(), PING_TIMEOUT_MS);
      } catch (error) {
        deps.log.warn({ err: error }, 'database ping failed');
        database = 'down';
      }
      return {
        status: database === 'ok' ? 'ok' : 'unavailable',
        database: { status: database, driver: deps.database.driver },
        uptime_seconds: Math.round(process.uptime()),
      };
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export type HealthService = ReturnType<typeof createHealthService>;
