/** The creators module's public face: what other modules and the app may use. */
export { creatorProfilesForAccounts } from './account-profile';
export { creatorsRoutes } from './creators.routes';
export { type CreatorsPorts } from './creators.ports';
export { findSavedShippingAddress, profileCardsOf, saveShippingAddress } from './creators.service';
export { videoCreatorProfiles } from './profile-reads';
export { createCreatorsService, type CreatorsService } from './creators.service';
export { createCreatorProfileService, type CreatorProfileService } from './creator-profile.service';
export type { CreatorProfilePorts } from './creators.ports';
