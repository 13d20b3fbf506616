import { configOrExit } from './config/env';
import { openRuntime } from './bootstrap';
import { tolerateDatabaseOutages } from './lib/database-errors';
import { startJobHandlers } from './jobs/handlers';
import { composeServices } from './modules';
import { createAccessTokens } from './plugins/auth';
import { listenForScrapes } from './lib/metrics-scrape';

/**
 * Stopping waits up to 10 s for the jobs in hand, hands the rest back, then closes pg-boss (up to
 * 10 s) and the database: past this, something hangs, and the process ends anyway.
 */
const STOP_BACKSTOP_MS = 30_000;

/**
 * A worker-only process: takes jobs from the shared database queue and serves no app; with
 * METRICS_TOKEN, Prometheus scrapes the jobs it measured from its own port (METRICS_PORT).
 */
async function main(): Promise<void> {
  const config = configOrExit();
  const runtime = await openRuntime(config, { share: false, migrate: true, queue: true });
  tolerateDatabaseOutages(runtime.log);
  // Listening before taking jobs: a port already taken stops the worker before it holds any.
  const scrapes = config.METRICS_TOKEN
    ? await listenForScrapes(runtime.metrics, {
        token: config.METRICS_TOKEN,
        host: config.HOST,
        port: config.METRICS_PORT,
        log: runtime.log,
      })
    : undefined;
  if (scrapes) runtime.log.info(`metrics on ${config.HOST}:${scrapes.port}/metrics`);
  const deps = {
    ...runtime,
    database: runtime.db.handle,
    tokens: createAccessTokens(config.JWT_SECRET, config.ACCESS_TOKEN_TTL),
  };
  await startJobHandlers(deps, composeServices(deps));
  runtime.log.info('worker ready');
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // No new jobs from here on; the ones running finish or, after the queue's wait, go back to the
    // queue for another worker at once (jobs/queue.ts), so a restart costs no lease expiry.
    runtime.log.info({ signal }, 'worker stopping: no new jobs, finishing or handing back the ones in hand');
    const backstop = setTimeout(() => {
      runtime.log.error('the worker took too long to stop; exiting');
      process.exit(1);
    }, STOP_BACKSTOP_MS);
    backstop.unref();
    try {
      // The port closes first: Prometheus marks the target down, rather than scraping a worker
      // whose database is closing.
      await scrapes?.close();
      await runtime.close();
      runtime.log.info('worker stopped cleanly');
      process.exit(0);
    } catch (error) {
      runtime.log.error({ err: error }, 'error while stopping the worker');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Worker failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
