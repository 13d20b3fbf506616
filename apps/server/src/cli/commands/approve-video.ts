import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videos } from '../../db/schema/index';
import { refreshSearchVectors } from '../../modules/videos/videos.repository';

export const usage = 'approve-video ID';

/** Approves a video so it appears in the public library. */
export async function approveVideo(db: Database, argv: string[]): Promise<string> {
  const id = Number(argv[0]);
  if (!Number.isInteger(id) || id <= 0) throw new Error(`Usage: ${usage}`);
  const updated = await db
    .update(videos)
    .set({ isApproved: true, approvedAt: new Date() })
    .where(eq(videos.id, id))
    .returning({ id: videos.id, title: videos.title });
  if (!updated.length) throw new Error(`No video with id ${id}.`);
  // The creator's name may have changed since upload; the public search should find it as it is now.
  await refreshSearchVectors(db, [id]);
  return `Approved video ${id} (${updated[0]!.title}).`;
}
