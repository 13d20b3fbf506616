import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmEmailChangeParamsSchema,
  CREATOR_MESSAGES,
  creatorContestsResponseSchema,
  creatorDashboardResponseSchema,
  creatorEarningsResponseSchema,
  creatorProfileResponseSchema,
  creatorProfileUpdateBodySchema,
  creatorStatsResponseSchema,
  creatorSubmissionsResponseSchema,
  LIMITS,
  PROFILE_UPDATE_FIELDS,
} from '@app/domain';
import { AppError } from '../../lib/errors';
import type { CreatorsService } from './creators.service';
import type { AppDeps } from '../../app-deps';
import type { CreatorProfileService, ProfileUpdateInput } from './creator-profile.service';
import { creatorsOnly } from './creators.policy';
import { issueCsrfCookie, requireCsrf } from './csrf';

const tags = ['creators'];

/**
 * The creator dashboard API (spec §7): dashboard lists, stats, earnings, submissions and the
 * creator's own profile (`/api/accounts/auth/creator-profile/` lives here: its noun is the
 * creator). Every route is for creators only and reads the caller's own data.
 */
export const creatorsRoutes =
  (
    deps: Pick<AppDeps, 'config'>,
    {
      creators,
      creatorProfiles: profiles,
    }: { creators: CreatorsService; creatorProfiles: CreatorProfileService },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    // Scoped to this plugin unless another module already registered it for the whole app.
    if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

    // Each route reads and edits the caller's own data only: every query is keyed by the caller's id.
    const creatorOnly = { preHandler: creatorsOnly(app) };
    const secureCookie = deps.config.PUBLIC_URL.startsWith('https://');
    const userId = (request: FastifyRequest) => request.caller!.id;

    app.get(
      '/creator/dashboard/',
      {
        ...creatorOnly,
        config: { presented: true },
        schema: {
          tags,
          summary: 'Creator dashboard: videos and contest lists',
          response: { 200: creatorDashboardResponseSchema },
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
          response: { 200: creatorContestsResponseSchema },
        },
      },
      (request) => creators.contestLists(userId(request)),
    );

    app.get(
      '/accounts/creators/stats/',
      {
        ...creatorOnly,
        schema: {
          tags,
          summary: 'Counts for the profile card',
          response: { 200: creatorStatsResponseSchema },
        },
      },
      (request) => creators.stats(userId(request)),
    );

    app.get(
      '/accounts/creators/earnings/',
      {
        ...creatorOnly,
        schema: {
          tags,
          summary: 'Earnings overview in dollars',
          response: { 200: creatorEarningsResponseSchema },
        },
      },
      (request) => creators.earnings(userId(request)),
    );

    app.get(
      '/creators/submissions/',
      {
        ...creatorOnly,
        schema: {
          tags,
          summary: "The creator's submissions",
          response: { 200: creatorSubmissionsResponseSchema },
        },
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
          response: { 200: creatorProfileResponseSchema },
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
        preHandler: [creatorOnly.preHandler, requireCsrf],
        schema: {
          tags,
          summary: 'Update own creator profile (multipart; optional avatar). Needs X-CSRFToken.',
          response: { 200: creatorProfileResponseSchema },
        },
      },
      async (request) =>
        profiles.update(userId(request), {
          ...(await readProfileUpdate(request)),
          sessionId: request.caller!.sessionId,
        }),
    );

    app.get(
      '/accounts/auth/confirm-email-change/:token/',
      {
        config: { secretParams: ['token'], changesState: true },
        schema: {
          tags,
          summary: 'Follow an e-mail change link; redirects to the verification result page',
          params: confirmEmailChangeParamsSchema,
        },
      },
      async (request, reply) => {
        const ok = await profiles.confirmEmailChange(request.params.token);
        return reply.redirect(ok ? '/verification-success' : '/verification-failed', 303);
      },
    );

    app.get(
      '/accounts/auth/undo-email-change/:token/',
      {
        config: { secretParams: ['token'], changesState: true },
        schema: {
          tags,
          summary:
            'Follow the undo link sent to the old address: restores it, ends every session, then offers a new password',
          params: confirmEmailChangeParamsSchema,
        },
      },
      async (request, reply) => {
        const ok = await profiles.undoEmailChange(request.params.token);
        return reply.redirect(ok ? '/forgot-password?email-change-undone=1' : '/verification-failed', 303);
      },
    );
  };

/** Reads the update from a multipart form (the spec's call) or a JSON object. */
async function readProfileUpdate(request: FastifyRequest): Promise<ProfileUpdateInput> {
  const known = new Set<string>(PROFILE_UPDATE_FIELDS);
  const fields: Record<string, string> = {};
  let currentPassword: string | undefined;
  if (!request.isMultipart()) {
    const body = request.body;
    if (body && typeof body === 'object') {
      for (const [key, value] of Object.entries(body)) {
        if (known.has(key) && (typeof value === 'string' || value === null)) fields[key] = value ?? '';
        if (key === 'current_password' && typeof value === 'string') currentPassword = value;
      }
    }
    return { fields: boundedFields(fields), currentPassword: boundedPassword(currentPassword) };
  }
  let avatar: Buffer | undefined;
  const parts = request.parts({
    limits: { fileSize: LIMITS.avatarMaxBytes, files: 1, fields: 60, fieldSize: 16 * 1024 },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (known.has(part.fieldname) && typeof part.value === 'string') fields[part.fieldname] = part.value;
      if (part.fieldname === 'current_password' && typeof part.value === 'string')
        currentPassword = part.value;
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
  return { fields: boundedFields(fields), avatar, currentPassword: boundedPassword(currentPassword) };
}

/** The current password sent with an e-mail change, within the password bound. */
function boundedPassword(value: string | undefined): string | undefined {
  if (value !== undefined && value.length > LIMITS.passwordMaxLength)
    throw AppError.validation({ current_password: [CREATOR_MESSAGES.currentPasswordWrong] });
  return value;
}

/** The update fields, each within its bound; a longer one is a 400 on that field. */
function boundedFields(fields: Record<string, string>): ProfileUpdateInput['fields'] {
  const parsed = creatorProfileUpdateBodySchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
  throw AppError.validation(errors);
}
