import type { JudgedVideo } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { findJudgedEntries } from './judged-entries';
import { creatorName, toJudgedVideo, type MediaUrl } from './judging.presenter';

/** A judged entry as a gallery shows it: its title, its entrant's public name and its film. */
export interface JudgedEntryCard {
  entryId: number;
  contestId: number;
  creatorId: number;
  submittedAt: Date;
  title: string;
  creatorName: string;
  video: JudgedVideo;
}

/**
 * These entries (of any contest) as cards, by entry id: their newest version's video, playable
 * (`mediaUrl` makes a stored key a URL); an entry without a version is absent.
 */
export async function judgedEntryCardsOf(
  db: DbOrTx,
  entryIds: number[],
  mediaUrl: MediaUrl,
): Promise<Map<number, JudgedEntryCard>> {
  if (!entryIds.length) return new Map();
  const rows = await findJudgedEntries(db, { entryIds });
  return new Map(
    rows.map((row) => [
      row.entryId,
      {
        entryId: row.entryId,
        contestId: row.contestId,
        creatorId: row.userId,
        submittedAt: row.submittedAt,
        title: row.videoTitle,
        creatorName: creatorName(row),
        video: toJudgedVideo(row, mediaUrl),
      },
    ]),
  );
}
