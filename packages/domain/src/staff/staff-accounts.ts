import { z } from 'zod';
import { ACCOUNT_INPUT_LIMITS } from '../accounts/accounts';
import { brandRoleSchema } from '../accounts/brand-team';
import { invitableRoleSchema } from '../accounts/invitations';
import { pageQuerySchema, pageSchema } from '../common/paging';
import { ROLES } from '../limits';
import { STAFF_LIMITS } from './limits';

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * `POST /api/staff/invitations/`: a brand user needs the brand they belong to, and gets
 * `brand_role` in its team (default `owner`, issue 49); staff take neither.
 */
export const invitationCreateBodySchema = z.object({
  email: z.string().trim().min(1).max(ACCOUNT_INPUT_LIMITS.email),
  role: invitableRoleSchema,
  brand_id: z.number().int().positive().max(2_147_483_647).nullish(),
  brand_role: brandRoleSchema.nullish(),
});
export type InvitationCreateBody = z.infer<typeof invitationCreateBodySchema>;

export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;

/** An invitation as staff see it (never its token). */
export const invitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: invitableRoleSchema,
  brand_id: z.number().nullable(),
  brand_name: z.string().nullable(),
  /** The role in the brand's team a brand invitation gives; null for staff. */
  brand_role: brandRoleSchema.nullable(),
  invited_by_email: z.string().nullable(),
  status: z.enum(INVITATION_STATUSES),
  created_at: z.string(),
  expires_at: z.string(),
  accepted_at: z.string().nullable(),
  /** When staff withdrew it (its link no longer works); null otherwise. */
  revoked_at: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** `GET /api/staff/invitations/?page=` (newest first). */
export const invitationListQuerySchema = pageQuerySchema;
export type InvitationListQuery = z.infer<typeof invitationListQuerySchema>;
export const invitationPageSchema = pageSchema(invitationSchema);
export type InvitationPage = z.infer<typeof invitationPageSchema>;

/** `{id}` of /api/staff/invitations/{id}/revoke/. */
export const invitationIdParamsSchema = z.object({ id: idSchema });
export type InvitationIdParams = z.infer<typeof invitationIdParamsSchema>;

/** `GET /api/staff/users/?role=&q=&page=`: `q` matches e-mail and name. */
export const staffUserListQuerySchema = pageQuerySchema.extend({
  role: z.enum(ROLES).optional(),
  q: z.string().trim().max(STAFF_LIMITS.filterMax).optional(),
});
export type StaffUserListQuery = z.infer<typeof staffUserListQuerySchema>;

/** `{id}` of /api/staff/users/{id}/…. */
export const staffUserIdParamsSchema = z.object({ id: idSchema });
export type StaffUserIdParams = z.infer<typeof staffUserIdParamsSchema>;

/** An account as the console's accounts page lists it. */
export const staffUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(ROLES),
  first_name: z.string(),
  last_name: z.string(),
  /** The e-mail address is verified. */
  is_verified: z.boolean(),
  /** When staff deactivated it; null while it may sign in. */
  deactivated_at: z.string().nullable(),
  brand_id: z.number().nullable(),
  company_name: z.string().nullable(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;
export const staffUserPageSchema = pageSchema(staffUserSchema);
export type StaffUserPage = z.infer<typeof staffUserPageSchema>;
