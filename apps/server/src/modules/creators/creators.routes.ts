import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CREATOR_MESSAGES,
  creatorContestsResponse,
  creatorDashboardResponse,
  creatorEarningsResponse,
  creatorProfileResponse,
  creatorStatsResponse,
  creatorSubmission,
  LIMITS,
  PROFILE_UPDATE_FIELDS,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { createCreatorsService } from './creators.service';
import { createCreatorProfileService, type ProfileUpdateInput } from './creator-profile.service';
import { issueCsrfCookie, requireCsrf } from './csrf';
import { createEmailChangeTokens } from './email-change';

const tags = ['creators'];

/**
 * The creator dashboard API (spec §7): dashboard lists, stats, earnings, submissions and the
 * creator's own profile. Every route is for creators only and reads the caller's own data.
 */
export const creatorsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Scoped to this plugin unless another module already registered it for the whole app.
    if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

    const creators = createCreatorsService({
      db: deps.database.db,
      mediaUrl: (key) => deps.storage.url(key),
    });
    const profiles = createCreatorProfileService({
      db: deps.database.db,
      queue: deps.queue,
      avatars: deps.storage,
      emailChangeTokens: createEmailChangeTokens(deps.config.JWT_SECRET, deps.config.VERIFY_TOKEN_TTL),
      publicUrl: deps.config.PUBLIC_URL,
    });
    const creatorOnly = { preHandler: app.requireRole('creator') };
    const secureCookie = deps.config.PUBLIC_URL.startsWith('https://');
    const userId = (request: FastifyRequest) => request.authUser!.id;

    app.get(
      '/creator/dashboard/',
      {
        ...creatorOnly,
        schema: {
          tags,
          summary: 'Creator dashboard: videos and contest lists',
          response: { 200: creatorDashboardResponse },
        },
      },
      (request) => creators.dashboard(userId(request)),
    );

    app.get(
      '/accounts/creator/dashboard/',
      {
        ...creatorOnly,
        schema: {
          tags,
          summary: 'Contests: running, applied, ended',
          response: { 200: creatorContestsResponse },
        },
      },
      (request) => creators.contestLists(userId(request)),
    );

    app.get(
      '/accounts/creators/stats/',
      {
        ...creatorOnly,
        schema: { tags, summary: 'Counts for the profile card', response: { 200: creatorStatsResponse } },
      },
      (request) => creators.stats(userId(request)),
    );

    app.get(
      '/accounts/creators/earnings/',
      {
        ...creatorOnly,
        schema: { tags, summary: 'Earnings overview in dollars', response: { 200: creatorEarningsResponse } },
      },
      (request) => creators.earnings(userId(request)),
    );

    app.get(
      '/creators/submissions/',
      {
        ...creatorOnly,
        schema: { tags, summary: "The creator's submissions", response: { 200: z.array(creatorSubmission) } },
      },
      (request) => creators.submissions(userId(request)),
    );

    app.get(
      '/accounts/auth/creator-profile/',
      {
        ...creatorOnly,
        schema: {
          tags,
          summary: 'Own creator profile; sets the csrftoken cookie',
          response: { 200: creatorProfileResponse },
        },
      },
      async (request, reply) => {
        issueCsrfCookie(request, reply, secureCookie);
        return profiles.get(userId(request));
      },
    );

    app.patch(
      '/accounts/auth/creator-profile/',
      {
        preHandler: [app.requireRole('creator'), requireCsrf],
        schema: {
          tags,
          summary: 'Update own creator profile (multipart; optional avatar). Needs X-CSRFToken.',
          response: { 200: creatorProfileResponse },
        },
      },
      async (request) => profiles.update(userId(request), await readProfileUpdate(request)),
    );

    app.get(
      '/accounts/auth/confirm-email-change/:token/',
      {
        config: { secretParams: ['token'] },
        schema: {
          tags,
          summary: 'Follow an e-mail change link; redirects to the verification result page',
          params: z.object({ token: z.string().min(1).max(2000) }),
        },
      },
      async (request, reply) => {
        const ok = await profiles.confirmEmailChange(request.params.token);
        return reply.redirect(ok ? '/verification-success' : '/verification-failed', 303);
      },
    );
  };

/** Reads the update from a multipart form (the spec's call) or a JSON object. */
async function readProfileUpdate(request: FastifyRequest): Promise<ProfileUpdateInput> {
  const known = new Set<string>(PROFILE_UPDATE_FIELDS);
  const fields: Record<string, string> = {};
  if (!request.isMultipart()) {
    const body = request.body;
    if (body && typeof body === 'object') {
      for (const [key, value] of Object.entries(body)) {
        if (known.has(key) && (typeof value === 'string' || value === null)) fields[key] = value ?? '';
      }
    }
    return { fields };
  }
  let avatar: Buffer | undefined;
  const parts = request.parts({
    limits: { fileSize: LIMITS.avatarMaxBytes, files: 1, fields: 60, fieldSize: 16 * 1024 },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (known.has(part.fieldname) && typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    const bytes = await part.toBuffer().catch((error: unknown) => {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw AppError.validation({ avatar: [CREATOR_MESSAGES.avatarTooLarge] });
      throw error;
    });
    if (part.fieldname !== 'avatar') continue;
    if (part.file.truncated) throw AppError.validation({ avatar: [CREATOR_MESSAGES.avatarTooLarge] });
    if (bytes.length > 0) avatar = bytes;
  }
  return { fields, avatar };
}
