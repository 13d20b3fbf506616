/** The creators module's public face: what other modules and the app may use. */
export { creatorProfilesForAccounts } from './account-profile';
export { creatorsRoutes } from './creators.routes';
export {
  findSavedShippingAddress,
  profileCardsOf,
  saveShippingAddress,
  type CreatorsOwners,
} from './creators.service';
export { videoCreatorProfiles } from './profile-reads';
