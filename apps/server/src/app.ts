import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerMediaRoutes } from './storage/media.routes';
import type { AppDeps } from './app-deps';
import { createAccessTokens, registerAuth } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { registerEmptyQueryValues } from './plugins/empty-query-values';
import { registerSecurity } from './plugins/security';
import { registerDocs } from './plugins/docs';
import { registerSpa } from './plugins/spa';
import { registerCompression } from './plugins/compression';
import { registerPresentedAnswers } from './plugins/presented';
import { registerPrivateAnswers } from './plugins/private-answers';
import { registerSlowClientGuard, slowClientServerOptions } from './plugins/slow-clients';
import { registerRouteTable } from './plugins/route-table';
import { registerMetrics } from './plugins/metrics';
import { registerRequestContext, requestIdOf } from './plugins/request-context';
import { apiModules, composeServices, type Services } from './modules';
import { declareSecretParams } from './lib/secret-urls';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the Fastify app (plugins and routes) without listening; tests use it directly. */
export async function buildApp(
  deps: Omit<AppDeps, 'tokens' | 'creatorProfiles'> & {
    webDist?: string;
    /** The process's services, when it composed them already (its job handlers use them too). */
    services?: Services;
    /** Each presented answer is also written by its schema and must match (the test helper's). */
    checkPresentedAnswers?: boolean;
  },
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxySetting(deps.config.TRUST_PROXY),
    // The caller's X-Request-Id when sane, else a UUID: echoed, logged (`reqId`), carried into jobs.
    genReqId: requestIdOf,
    // A request that reaches a process while it stops is served (with Connection: close), not
    // refused: the balancer retries a refused GET elsewhere but never a POST it already sent.
    return503OnClosing: false,
    ...slowClientServerOptions(deps.config.SLOW_CLIENT_TIMEOUT),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const fullDeps: AppDeps = {
    ...deps,
    tokens: createAccessTokens(deps.config.JWT_SECRET, deps.config.ACCESS_TOKEN_TTL),
  };

  registerRequestContext(app);
  registerRouteTable(app);
  // Before the other plugins' hooks, so requests they answer early are counted in flight too.
  registerMetrics(app, deps.metrics, deps.config.METRICS_TOKEN);
  registerErrorHandling(app);
  registerEmptyQueryValues(app);
  registerSlowClientGuard(app, deps.config.SLOW_CLIENT_TIMEOUT);
  await registerSecurity(app, deps.config);
  await app.register(cookie);
  await registerDocs(app);
  const services = deps.services ?? composeServices(fullDeps);
  registerAuth(app, fullDeps.tokens, services.accessCheck);
  app.addHook('onRoute', (route) => {
    if (route.config?.secretParams) declareSecretParams(route.url, route.config.secretParams);
  });
  registerPresentedAnswers(app, { check: deps.checkPresentedAnswers ?? false });

  await app.register(
    async (api) => {
      await registerCompression(api);
      registerPrivateAnswers(api);
      for (const module of apiModules) await api.register(module(fullDeps, services));
    },
    { prefix: '/api' },
  );

  registerMediaRoutes(app, deps.storage, {
    secret: deps.config.JWT_SECRET,
    access: services.videos.mediaAccess,
  });
  await registerSpa(app, deps.webDist ?? deps.config.WEB_DIST_DIR ?? WEB_DIST);
  return app;
}

/**
 * TRUST_PROXY as Fastify understands it: X-Forwarded-For is read only on connections from the
 * balancer's addresses (config/env.ts refuses a hop count or `true`); unset, never.
 */
function trustProxySetting(addresses: string[] | undefined): false | string[] {
  return addresses?.length ? addresses : false;
}
