import { createHash, randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { entryVersions, videos } from '../../db/schema/index';
import type { TestContext } from '../../../test/helper';

/**
 * Stores bytes as the original file of an entry's newest version (factories insert video rows
 * without files) and returns them with their SHA-256; an original already stored is kept.
 */
export async function storeMaster(
  ctx: TestContext,
  entryId: number,
  bytes: Buffer = randomBytes(48_000),
): Promise<{ key: string; bytes: Buffer; sha256: string }> {
  const db = ctx.deps.database.db;
  const [row] = await db
    .select({ key: videos.originalKey })
    .from(entryVersions)
    .innerJoin(videos, eq(videos.id, entryVersions.videoId))
    .where(eq(entryVersions.entryId, entryId))
    .orderBy(desc(entryVersions.version))
    .limit(1);
  if (!row) throw new Error(`entry ${entryId} has no version`);
  const { key } = row;
  const stored = await ctx.deps.storage.get(key);
  if (stored) {
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    bytes = Buffer.concat(chunks);
  } else {
    await ctx.deps.storage.put(key, bytes);
    await db.update(videos).set({ sizeBytes: bytes.length }).where(eq(videos.originalKey, key));
  }
  return { key, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}
