import type { DbOrTx } from '../../db/client';
import { creatorProfiles } from '../../db/schema/index';

/**
 * What a video shows of its creator's profile, as a subquery aliased `creator_profile` (user id,
 * experience level, avatar key, country, bio) for videos' statements to left-join their rows to:
 * the library's pages, search, the video page and the review queue read it in their one statement,
 * as they did with the join it replaced (asking by id list after the page added a statement to
 * every page: docs/benchmarks.md). Creators writes the SQL of its table; videos names none of it.
 */
export function videoCreatorProfiles(db: DbOrTx) {
  return db
    .select({
      userId: creatorProfiles.userId,
      experienceLevel: creatorProfiles.experienceLevel,
      avatarKey: creatorProfiles.avatarKey,
      country: creatorProfiles.country,
      bio: creatorProfiles.bio,
    })
    .from(creatorProfiles)
    .as('creator_profile');
}
