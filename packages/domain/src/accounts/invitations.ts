import { z } from 'zod';
import { ACCOUNT_INPUT_LIMITS } from './accounts';
import { BRAND_ROLE_IN_A_SENTENCE, brandRoleSchema } from './brand-team';

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
  /** The role in the brand's team the invitee gets (issue 49); null for staff. */
  brand_role: brandRoleSchema.nullable(),
  /**
   * `new`: accepting creates the account with the password chosen on the page; `existing`: the
   * address already has a brand account of no brand, which joins the brand once its current
   * password is given.
   */
  account: z.enum(['new', 'existing']),
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/**
 * `POST /api/accounts/invitations/{token}/accept/`: the password of the new account (the shared
 * password rules apply, and `confirm_password` must repeat it), or, when the preview says
 * `account: "existing"`, the existing account's current password (`confirm_password` not needed).
 * The answer is the normal sign-in answer.
 */
export const invitationAcceptBodySchema = z.object({
  password: z.string().min(1).max(ACCOUNT_INPUT_LIMITS.password),
  confirm_password: z.string().min(1).max(ACCOUNT_INPUT_LIMITS.password).optional(),
});
export type InvitationAcceptBody = z.infer<typeof invitationAcceptBodySchema>;

const INVITED_AS = { staff: 'a member of the platform team (staff)', brand: 'a brand user' } as const;
/** What the invitation is for, in words: "a reviewer of Hbada", "a brand user", "… (staff)". */
function invitedAs(invitation: Pick<InvitationPreview, 'role' | 'company_name' | 'brand_role'>): string {
  if (invitation.role !== 'brand') return INVITED_AS.staff;
  const as = invitation.brand_role ? BRAND_ROLE_IN_A_SENTENCE[invitation.brand_role] : INVITED_AS.brand;
  return invitation.company_name ? `${as} of ${invitation.company_name}` : as;
}

/**
 * The invitation page's words for each case (issue 49): a new account chooses a password; an
 * existing brand account of no brand proves itself with its current password and joins.
 */
export const INVITATION_PAGE_TEXTS = {
  checking: 'Checking your invitation...',
  newAccount: {
    formLabel: 'Set your password',
    /** Follows the invited address, shown in bold. */
    intro: (invitation: InvitationPreview) =>
      `is invited to join as ${invitedAs(invitation)}. Choose a password to finish.`,
    submit: 'Set Password and Sign In',
  },
  existingAccount: {
    formLabel: 'Join with your account',
    /** Follows the invited address, shown in bold. */
    intro: (invitation: InvitationPreview) =>
      `already has an account, invited to join as ${invitedAs(invitation)}.`,
    hint: 'Enter the password you already use to sign in: your account keeps it and joins the brand.',
    passwordLabel: 'Current password',
    forgot: 'Forgot your password?',
    submit: 'Join and Sign In',
  },
  pending: 'Signing you in...',
} as const;
