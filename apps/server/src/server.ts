import type { AppDeps } from './app-deps';
import { configOrExit } from './config/env';
import { tolerateDatabaseOutages } from './lib/database-errors';
import { prepareGracefulStop } from './lib/graceful-stop';

/** How long a stopping process lets its requests in flight run before cutting them. */
const DRAIN_MS = 30_000;

/** The platform process: API, built web app and (unless WORKERS=false) the job handlers. */
async function main(): Promise<void> {
  // Configuration first, before loading the rest, so a bad value is reported at once.
  const config = configOrExit();
  const [
    { buildApp },
    { openRuntime },
    { seedIfEmpty },
    { startJobHandlers },
    { createAccessTokens },
    { composeServices },
  ] = await Promise.all([
    import('./app'),
    import('./bootstrap'),
    import('./db/seed/index'),
    import('./jobs/handlers'),
    import('./plugins/auth'),
    import('./modules'),
  ]);
  const runtime = await openRuntime(config, { share: true, migrate: true, queue: true });
  const { log } = runtime;
  tolerateDatabaseOutages(log);
  const deps = {
    config,
    log,
    database: runtime.db.handle,
    queue: runtime.queue,
    mailer: runtime.mailer,
    storage: runtime.storage,
    metrics: runtime.metrics,
    tokens: createAccessTokens(config.JWT_SECRET, config.ACCESS_TOKEN_TTL),
  };

  // Uploads cut short by a killed process leave partial files; nothing refers to them.
  const swept = await deps.storage.sweepAbandoned?.();
  if (swept) log.info({ files: swept }, 'removed partial files of uploads a stopped process left');

  const seeded = await seedIfEmpty(deps);
  if (seeded) log.info('seeded the demo data (contest 1 and its chairs)');
  // Built once for the process: the job handlers and the app share them.
  const services = composeServices(deps);
  if (config.WORKERS) await startJobHandlers(deps, services);

  const app = await buildApp({ ...deps, services });
  const http = prepareGracefulStop(app, { drainMs: DRAIN_MS, log });
  await app.listen({ port: config.PORT, host: config.HOST });
  log.info(`ready on ${config.PUBLIC_URL} (${deps.database.driver})`);

  // The embedded database's first start also gets the demo world (accounts for every role,
  // applications, sample videos), after listening so the first page is not kept waiting; a server
  // on DATABASE_URL never does (`npm run seed -- --demo` adds it there).
  if (seeded && deps.database.driver === 'pglite') void seedDemoWorldInBackground(deps);

  // SIGTERM (a rolling restart, a deploy): the balancer sends everything new to the other
  // processes while this one finishes what it has (lib/graceful-stop.ts), then it exits 0.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: no new connections, finishing the requests in flight');
    const backstop = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, DRAIN_MS + 15_000);
    backstop.unref();
    try {
      // The job handlers (WORKERS=true) stop taking jobs at once, while the requests drain.
      const [{ cut }] = await Promise.all([http.stop(), runtime.queue.stop()]);
      log.info({ cut }, 'requests finished; closing the database');
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

/** Seeds the demo world without holding up requests; a failure is logged, never fatal. */
async function seedDemoWorldInBackground(deps: Omit<AppDeps, 'tokens' | 'creatorProfiles'>): Promise<void> {
  try {
    const [{ seedDemoWorld }, { createAccessTokens }] = await Promise.all([
      import('./db/seed/demo-world'),
      import('./plugins/auth'),
    ]);
    const tokens = createAccessTokens(deps.config.JWT_SECRET, deps.config.ACCESS_TOKEN_TTL);
    const { videos } = await seedDemoWorld({ ...deps, tokens });
    if (videos) deps.log.info(`demo world: ${videos} sample videos made with ffmpeg`);
  } catch (error) {
    deps.log.warn({ err: error }, 'the demo world could not be seeded');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
