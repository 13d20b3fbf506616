import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  contestIdParamsSchema,
  contestInsightsSchema,
  INSIGHTS_MESSAGES,
  MESSAGES,
  myVideoPlaysSchema,
  noContentSchema,
  playBeaconBodySchema,
  videoIdParamsSchema,
} from '@app/domain';
import { AppError } from '../../lib/errors';
import type { InsightsService } from './insights.service';
import type { AppDeps } from '../../app-deps';

const tags = ['insights'];
const errors = {
  400: apiErrorBodySchema,
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
  404: apiErrorBodySchema,
};

/** A beacon is a few dozen bytes. */
const BEACON_BODY_LIMIT = 1024;

/**
 * Insights (issue 33): the player's play beacons, the owner's play numbers on My Videos and a
 * contest's insights for its brand and staff. The staff overview is mounted under /staff
 * (`insights.staff.routes.ts`).
 */
export const insightsRoutes =
  (
    deps: Pick<AppDeps, 'config'>,
    { insights: service }: { insights: InsightsService },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const siteOrigins = new Set([new URL(deps.config.PUBLIC_URL).origin, ...deps.config.corsOrigins]);

    /**
     * Beacons only from the site's own pages. A text/plain POST needs no preflight, so any other
     * site could make its visitors' browsers send them: a browser names the page's origin on
     * every POST (`Origin`) and, today, how it relates to the API (`Sec-Fetch-Site`). Accepted:
     * an origin of PUBLIC_URL, of CORS_ORIGINS or of the request itself (the dev server's proxy);
     * refused: any other origin, and a cross-site or same-site request that names none. A client
     * that says neither is no browser on another site; the per-address limits bound it.
     */
    const fromTheSite = async (request: FastifyRequest) => {
      const origin = request.headers.origin;
      if (origin !== undefined) {
        if (siteOrigins.has(origin) || origin === `${request.protocol}://${request.host}`) return;
        throw new AppError('forbidden', INSIGHTS_MESSAGES.crossSite);
      }
      const site = request.headers['sec-fetch-site'];
      if (site === 'cross-site' || site === 'same-site')
        throw new AppError('forbidden', INSIGHTS_MESSAGES.crossSite);
    };

    // navigator.sendBeacon sends a string as text/plain (a JSON type would need a preflight on
    // other origins): this module's routes read such a body as JSON, from the site only.
    app.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: BEACON_BODY_LIMIT },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(AppError.validation({ body: [MESSAGES.generic.invalidInput] }), undefined);
        }
      },
    );

    app.post(
      '/videos/videos/:id/plays/',
      {
        // Before the body is read: another site's beacon is refused whatever it carries.
        onRequest: fromTheSite,
        preHandler: app.authenticate,
        bodyLimit: BEACON_BODY_LIMIT,
        schema: {
          tags,
          summary:
            "The player's beacon: a play started or a tenth of the film reached (anonymous allowed, from the site's own pages only; 120 a minute per client)",
          params: videoIdParamsSchema,
          body: playBeaconBodySchema,
          response: { 204: noContentSchema, ...errors, 429: apiErrorBodySchema },
        },
      },
      async (request, reply) => {
        await service.recordBeacon(request.caller, request.params.id, request.body, request.ip);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/creator/videos/plays/',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: "Your own videos' plays, unique viewers and average share watched (My Videos)",
          response: { 200: myVideoPlaysSchema, ...errors },
        },
      },
      (request) => service.myVideoPlays(request.caller!),
    );

    app.get(
      '/brand/contests/:id/insights/',
      {
        preHandler: app.requireRole('staff', 'brand'),
        // ~19 KB answered from the computed insights most times: written as presented (npm run bench).
        config: { presented: true },
        schema: {
          tags,
          summary:
            "A contest's funnel, submissions per day, judging progress and how each entry is watched (staff, the contest's brand)",
          params: contestIdParamsSchema,
          response: { 200: contestInsightsSchema, ...errors },
        },
      },
      (request) => service.contestInsights(request.caller!, request.params.id),
    );
  };
