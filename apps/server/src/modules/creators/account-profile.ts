import type { CreatorProfilesPort } from '../accounts';
import * as repo from './creators.repository';

/** The creator profile parts accounts shows and creates; the app wiring hands it to accounts. */
export const creatorProfilesForAccounts: CreatorProfilesPort = {
  createEmpty: repo.insertEmptyProfile,
  forSignIn: repo.findSignInProfile,
  storedValues: repo.findProfileValues,
};
