/** The accounts module's public face: what other modules and the app may use. */
export { createAccessCheck } from './access-check';
export { startAccountJobHandlers } from './accounts.jobs';
export { accountsRoutes } from './accounts.routes';
export { assertBrandMay, brandMay, brandRoleGuard, type BrandAction } from './accounts.policy';
export { createBrandTeamService, type BrandTeamService } from './brand-team.service';
export { createAccountsService, type AccountsPorts, type AccountsServiceDeps } from './accounts.service';
export { staffAccountsRoutes } from './accounts.staff.routes';
export {
  anyBrandExists,
  brandCardsOf,
  brandExists,
  insertBrand,
  listBrandOptions,
  type BrandCard,
} from './brand-records';
export { type CreatorProfilesPort } from './creator-profile-port';
export {
  confirmPendingEmail,
  emailTakenByOther,
  identityOf,
  restoreEmail,
  tokenVersionOf,
  updateIdentity,
  type Identity,
  type IdentityChanges,
} from './identity';
export { brandMemberIdsOf, contactOf, reviewersOf } from './membership';
export { createSessionsService } from './sessions.service';
export { brandNamesOf, namesOf, userIdByEmail, voterFactsOf, type UserName } from './user-reads';
export { createInvitationsService, type InvitationsService } from './invitations.service';
export { createStaffAccountsService, type StaffAccountsService } from './accounts.staff.service';
export type { AccountsService } from './accounts.service';
export type { SessionsService } from './sessions.service';
