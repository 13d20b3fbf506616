import { configOrExit } from './config/env';
import { openRuntime } from './bootstrap';
import { tolerateDatabaseOutages } from './lib/database-errors';
import { startJobHandlers } from './jobs/handlers';

/** A worker-only process: takes jobs from the shared database queue, serves no HTTP. */
async function main(): Promise<void> {
  const config = configOrExit();
  const runtime = await openRuntime(config, { share: false, migrate: true, queue: true });
  tolerateDatabaseOutages(runtime.log);
  await startJobHandlers({ ...runtime, database: runtime.db.handle });
  runtime.log.info('worker ready');
  const shutdown = async () => {
    runtime.log.info('worker stopping after the jobs in hand');
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}

main().catch((error: unknown) => {
  process.stderr.write(`Worker failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
