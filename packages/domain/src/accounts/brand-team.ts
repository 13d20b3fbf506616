import { z } from 'zod';
import { ACCOUNT_INPUT_LIMITS } from './accounts';
import { BRAND_ROLES, type BrandRole } from './brand-roles';

export {
  BRAND_ROLES,
  BRAND_ROLE_GRANTS,
  brandRoleMay,
  type BrandAction,
  type BrandRole,
} from './brand-roles';
export const brandRoleSchema = z.enum(BRAND_ROLES);

export const BRAND_TEAM_MESSAGES = {
  roleForbids: 'Your role in this brand’s team does not allow this.',
  ownersOnly: 'Only an owner of this brand (or the platform team) can change its team.',
  notAMember: 'You belong to no brand yet. Ask an owner of your brand to invite you.',
  memberNotFound: 'This person is not a member of this brand.',
  invitationNotFound: 'This invitation was not found for this brand.',
  lastOwner: 'A brand needs at least one owner: make someone else an owner first.',
  alreadyMember: 'This person is already a member of this brand.',
  otherAccount:
    'This e-mail address belongs to an account that cannot join a brand (a creator, the platform team, or a member of another brand).',
  alreadyInvited: 'This person already has a pending invitation to this brand.',
  wrongPassword: 'Enter the password of your existing account to join this brand.',
} as const;

const idSchema = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** `{id}` of /api/brands/{id}/members/. */
export const brandTeamParamsSchema = z.object({ id: idSchema });
export type BrandTeamParams = z.infer<typeof brandTeamParamsSchema>;

/** `{id}`, `{user_id}` of /api/brands/{id}/members/{user_id}/. */
export const brandMemberParamsSchema = z.object({ id: idSchema, user_id: idSchema });
export type BrandMemberParams = z.infer<typeof brandMemberParamsSchema>;

/** `{id}`, `{invitation_id}` of /api/brands/{id}/invitations/{invitation_id}/…. */
export const brandInvitationParamsSchema = z.object({ id: idSchema, invitation_id: idSchema });
export type BrandInvitationParams = z.infer<typeof brandInvitationParamsSchema>;

/** `GET /api/brands/mine/`: the caller's brand and role in it. */
export const myBrandSchema = z.object({ id: z.number(), name: z.string(), role: brandRoleSchema });
export type MyBrand = z.infer<typeof myBrandSchema>;

/**
 * A member of a brand's team, or a pending invitation to it (`status: "invited"`: `user_id` null,
 * `invitation_id` names it for resending and withdrawing).
 */
export const brandMemberSchema = z.object({
  user_id: z.number().nullable(),
  name: z.string(),
  email: z.string(),
  role: brandRoleSchema,
  status: z.enum(['active', 'invited']),
  invitation_id: z.number().nullable(),
  /** When the invitation's link stops working; null for active members. */
  expires_at: z.string().nullable(),
});
export type BrandMember = z.infer<typeof brandMemberSchema>;
export const brandMemberListSchema = z.array(brandMemberSchema);

/** `POST /api/brands/{id}/members/`: invite someone by e-mail with a role. */
export const brandMemberInviteBodySchema = z.object({
  email: z.string().trim().min(1).max(ACCOUNT_INPUT_LIMITS.email),
  role: brandRoleSchema,
});
export type BrandMemberInviteBody = z.infer<typeof brandMemberInviteBodySchema>;

/** `PATCH /api/brands/{id}/members/{user_id}/`. */
export const brandMemberRoleBodySchema = z.object({ role: brandRoleSchema });
export type BrandMemberRoleBody = z.infer<typeof brandMemberRoleBodySchema>;

/** A role with its article, as sentences say it: "you are an owner", "invited as a reviewer". */
export const BRAND_ROLE_IN_A_SENTENCE: Record<BrandRole, string> = {
  owner: 'an owner',
  manager: 'a manager',
  reviewer: 'a reviewer',
  viewer: 'a viewer',
};

/** How the team page names each role, and what it allows. */
export const BRAND_ROLE_LABELS: Record<BrandRole, { label: string; description: string }> = {
  owner: { label: 'Owner', description: 'Everything, including the team.' },
  manager: { label: 'Manager', description: 'Edits contests and products, selects and ships.' },
  reviewer: { label: 'Reviewer', description: 'Watches entries, leaves notes, asks for changes, scores.' },
  viewer: { label: 'Viewer', description: 'Reads only.' },
};
