import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { creatorProfiles } from '../../db/schema/index';

/**
 * The profiles of these creators, by user id, in one query: what videos shows of each row's
 * creator (issue 28: videos asks instead of joining). Users without a profile are absent.
 */
export async function videoCreatorProfilesOf(db: DbOrTx, userIds: number[]) {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  // Every library page and search asks: one prepared statement, the ids as one array parameter.
  const statement = prepared(db, 'creators_video_profiles_of', (statementName) =>
    db
      .select({
        userId: creatorProfiles.userId,
        experienceLevel: creatorProfiles.experienceLevel,
        avatarKey: creatorProfiles.avatarKey,
        country: creatorProfiles.country,
        bio: creatorProfiles.bio,
      })
      .from(creatorProfiles)
      .where(sql`${creatorProfiles.userId} = any(${sql.placeholder('ids')}::integer[])`)
      .prepare(statementName),
  );
  const rows = await statement.execute({ ids });
  return new Map(rows.map((row) => [row.userId, row]));
}
