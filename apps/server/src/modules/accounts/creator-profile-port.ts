import type { ProfileStoredValues } from '@app/domain';
import type { DbOrTx } from '../../db/client';

/** The creator profile fields the sign-in answers show (spec §3 User). */
export interface SignInCreatorProfile {
  avatarKey: string | null;
  bio: string;
  country: string;
  experienceLevel: string | null;
  address: string;
  portfolioUrl: string;
  youtubeUrl: string;
  instagram: string;
  facebook: string;
  twitter: string;
  linkedin: string;
  website: string;
}

/**
 * What accounts needs of a creator's profile, which the creators module owns. Creators sits above
 * accounts (it uses accounts' sessions), so the app wiring passes this in (`AppDeps`) instead of
 * accounts importing creators.
 */
export interface CreatorProfilesPort {
  /** Creates a new creator account's empty profile, in the transaction that created the account. */
  createEmpty(db: DbOrTx, userId: number): Promise<void>;
  /** The profile sign-in and the user object show; undefined when the account has none. */
  forSignIn(db: DbOrTx, userId: number): Promise<SignInCreatorProfile | undefined>;
  /** The stored values `GET /api/accounts/me/` returns (null when there is no profile). */
  storedValues(db: DbOrTx, userId: number): Promise<ProfileStoredValues | null>;
}
