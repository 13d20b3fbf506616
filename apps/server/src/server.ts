import { configOrExit } from './config/env';

/** The platform process: API, built web app and (unless WORKERS=false) the job handlers. */
async function main(): Promise<void> {
  // Configuration first, before loading the rest, so a bad value is reported at once.
  const config = configOrExit();
  const [{ buildApp }, { openRuntime }, { seedIfEmpty }, { startJobHandlers }] = await Promise.all([
    import('./app'),
    import('./bootstrap'),
    import('./db/seed/index'),
    import('./jobs/handlers'),
  ]);
  const runtime = await openRuntime(config, { share: true, migrate: true, queue: true });
  const { log } = runtime;
  const deps = {
    config,
    log,
    database: runtime.db.handle,
    queue: runtime.queue,
    mailer: runtime.mailer,
    storage: runtime.storage,
  };

  if (await seedIfEmpty(deps)) log.info('seeded the demo data (contest 1 and its chairs)');
  if (config.WORKERS) await startJobHandlers(deps);

  const app = await buildApp(deps);
  await app.listen({ port: config.PORT, host: config.HOST });
  log.info(`ready on ${config.PUBLIC_URL} (${deps.database.driver})`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: no new requests, finishing the ones in flight');
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 25_000);
    force.unref();
    try {
      await app.close();
      await runtime.close();
      log.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
