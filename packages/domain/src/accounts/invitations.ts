import { z } from 'zod';
import { ACCOUNT_INPUT_LIMITS } from './accounts';

/** Roles staff can invite by e-mail (creators sign up themselves). */
export const INVITABLE_ROLES = ['brand', 'staff'] as const;
export const invitableRoleSchema = z.enum(INVITABLE_ROLES);
export type InvitableRole = z.infer<typeof invitableRoleSchema>;

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

export const INVITATION_MESSAGES = {
  used: 'This invitation link has already been used. Sign in instead.',
  expired: 'This invitation link has expired. Ask the platform team for a new one.',
  notFound: 'This invitation link is not valid.',
  emailTaken: 'An account with this e-mail address already exists.',
  revoked: 'This invitation has been withdrawn. Ask the platform team for a new one.',
  notRevocable:
    'Only a pending invitation can be withdrawn: this one was already used, withdrawn or has expired.',
} as const;

/** `{token}` of /api/accounts/invitations/{token}/ (a 43-character base64url secret). */
export const invitationTokenParamsSchema = z.object({
  token: z.string().min(1).max(ACCOUNT_INPUT_LIMITS.linkToken),
});
export type InvitationTokenParams = z.infer<typeof invitationTokenParamsSchema>;

/** `GET /api/accounts/invitations/{token}/`: what the invitation page shows before a password is set. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  role: invitableRoleSchema,
  /** The brand a brand user joins; null for staff. */
  company_name: z.string().nullable(),
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/**
 * `POST /api/accounts/invitations/{token}/accept/`: the password of the new account (the shared
 * password rules apply; the answer is the normal sign-in answer).
 */
export const invitationAcceptBodySchema = z.object({
  password: z.string().min(1).max(ACCOUNT_INPUT_LIMITS.password),
  confirm_password: z.string().min(1).max(ACCOUNT_INPUT_LIMITS.password),
});
export type InvitationAcceptBody = z.infer<typeof invitationAcceptBodySchema>;
