/* A brand's team roles and what each may do, without zod: public pages import it (JS budget). */

/**
 * A brand's team (issue 49): every member of a brand has a role. `owner`: everything, the team
 * included; `manager`: edit contests and products, select and ship (no payouts, no members);
 * `reviewer`: watch, note, ask for revisions and score; `viewer`: read only.
 */
export const BRAND_ROLES = ['owner', 'manager', 'reviewer', 'viewer'] as const;
export type BrandRole = (typeof BRAND_ROLES)[number];

/**
 * What a member of a brand may do on the brand's records, by role: the server's route guards
 * (accounts' `brandMay`) and the screens that hide what a role may not do read this one table.
 *
 * - `read`: see the brand's contests, applications, entries, scores, insights, deliveries, team.
 * - `review`: pin and resolve notes on entries, ask for revisions (approve or ask for changes).
 * - `score`: score entries of the brand's contests (when the contest lets the brand judge).
 * - `manage`: create and edit contests and products, upload their images, select, decline, ship.
 * - `team`: invite, change and remove members, resend and withdraw invitations.
 */
export type BrandAction = 'read' | 'review' | 'score' | 'manage' | 'team';
export const BRAND_ROLE_GRANTS: Record<BrandRole, readonly BrandAction[]> = {
  owner: ['read', 'review', 'score', 'manage', 'team'],
  manager: ['read', 'review', 'score', 'manage'],
  reviewer: ['read', 'review', 'score'],
  viewer: ['read'],
};

/** Whether a member with `role` may do `action` on its brand's records. */
export function brandRoleMay(role: BrandRole, action: BrandAction): boolean {
  return BRAND_ROLE_GRANTS[role].includes(action);
}
