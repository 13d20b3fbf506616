import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { entryVersions, videos } from '../../db/schema/index';
import type { TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { makeEntry, makeJudgingContest, type JudgingContest } from '../judging/test-support';

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

/** Who a licence or delivery test needs: staff, the winner and loser, the brand, outsiders. */
export interface PlacedCast {
  contest: JudgingContest;
  staff: TestUser;
  winner: TestUser;
  loser: TestUser;
  otherCreator: TestUser;
  brandUser: TestUser;
  otherBrand: TestUser;
  /** The winner's entry (its newest version's original stored: the master) and the loser's. */
  entryId: number;
  loserId: number;
  sha256: string;
}

/**
 * A judging contest of a new brand with two entries (the winner's, with its master stored, and a
 * loser's), staff, a user of the contest's brand and of another brand, another creator. The
 * results are not published (`publishPlace`).
 */
export async function makePlacedCast(
  ctx: TestContext,
  options: {
    contestTitle?: string;
    entryTitle?: string;
    versions?: number;
    winner?: { firstName: string; lastName: string };
  } = {},
): Promise<PlacedCast> {
  const db = ctx.deps.database.db;
  const contest = await makeJudgingContest(db, options.contestTitle ? { title: options.contestTitle } : {});
  const staff = await createUser(ctx, { role: 'staff' });
  const winner = await createUser(ctx, { role: 'creator', ...options.winner });
  const loser = await createUser(ctx, { role: 'creator' });
  const otherCreator = await createUser(ctx, { role: 'creator' });
  const brandUser = await createUser(ctx, { role: 'brand', brandId: contest.brandId });
  const otherBrand = await createUser(ctx, {
    role: 'brand',
    brandId: (await makeJudgingContest(db)).brandId,
  });
  const { entryId } = await makeEntry(db, contest, winner, {
    ...(options.versions ? { versions: options.versions } : {}),
    ...(options.entryTitle ? { title: options.entryTitle } : {}),
  });
  const { entryId: loserId } = await makeEntry(db, contest, loser);
  const { sha256 } = await storeMaster(ctx, entryId);
  return { contest, staff, winner, loser, otherCreator, brandUser, otherBrand, entryId, loserId, sha256 };
}

/** Staff publish the contest's results with the entry first (201 expected). */
export async function publishPlace(
  ctx: TestContext,
  cast: Pick<PlacedCast, 'staff' | 'contest' | 'entryId'>,
  prizeCents = 10_000,
): Promise<void> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/contests/${cast.contest.id}/results/`,
    headers: cast.staff.headers,
    payload: { places: [{ entry_id: cast.entryId, place: 1, prize_cents: prizeCents }] },
  });
  if (res.statusCode !== 201) throw new Error(`results not published: ${res.body}`);
}

/** The text of a PDF (a certificate), as poppler's pdftotext reads it. */
export function pdfText(ctx: TestContext, pdf: Buffer): string {
  const file = path.join(ctx.dataDir, `pdf-${Date.now()}-${randomBytes(3).toString('hex')}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
