import { randomUUID } from 'node:crypto';
import type { BrandRole, Role } from '@app/domain';
import { brandProfiles, creatorProfiles, users, videos } from '../src/db/schema/index';
import type { DbOrTx } from '../src/db/client';
import { hashPassword } from '../src/lib/passwords';
import { roundsOfContest } from '../src/modules/contests';
import type { TestContext } from './helper';

export interface TestUser {
  id: number;
  email: string;
  password: string;
  role: Role;
  /** The brand a brand user belongs to (null for everyone else), as a request's caller has it. */
  brandId: number | null;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  headers: Record<string, string>;
}

let cachedHash: { password: string; hash: string } | undefined;

/**
 * Inserts a user straight into the database (verified unless `active: false`) and signs an access
 * token for it. For tests of other features; the accounts tests go through the real endpoints.
 */
export async function createUser(
  ctx: TestContext,
  options: {
    role?: Role;
    email?: string;
    password?: string;
    active?: boolean;
    firstName?: string;
    lastName?: string;
    /** A brand user's brand (without it, a brand user belongs to no brand). */
    brandId?: number;
    /** A brand user's role in its brand's team (default owner, as every brand user before teams). */
    brandRole?: BrandRole;
  } = {},
): Promise<TestUser> {
  const role = options.role ?? 'creator';
  const email = (options.email ?? `user-${randomUUID().slice(0, 8)}@example.com`).toLowerCase();
  const password = options.password ?? 'Sturdy-Password-2026';
  // Hashing is deliberately slow; reuse the hash of the default password.
  if (cachedHash?.password !== password) cachedHash = { password, hash: await hashPassword(password) };
  const db = ctx.deps.database.db;
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: cachedHash.hash,
      role,
      isActive: options.active ?? true,
      firstName: options.firstName ?? '',
      lastName: options.lastName ?? '',
    })
    .returning({ id: users.id });
  const id = row!.id;
  if (role === 'creator') await db.insert(creatorProfiles).values({ userId: id });
  if (role === 'brand')
    await db.insert(brandProfiles).values({
      userId: id,
      companyName: 'Test Brand',
      brandId: options.brandId ?? null,
      role: options.brandRole ?? 'owner',
    });
  const token = await ctx.deps.tokens.sign({ id, role });
  const brandId = role === 'brand' ? (options.brandId ?? null) : null;
  return { id, email, password, role, brandId, headers: { authorization: `Bearer ${token}` } };
}

/**
 * Inserts a video row for `owner` straight into the database (no file behind it): for tests of the
 * review queue, where the bytes do not matter. It waits for review.
 */
export async function createVideoRow(
  ctx: TestContext,
  owner: { id: number },
  options: { title?: string; status?: 'processing' | 'ready' | 'failed'; createdAt?: Date } = {},
): Promise<{ id: number; title: string }> {
  const title = options.title ?? `Video ${randomUUID().slice(0, 8)}`;
  const [row] = await ctx.deps.database.db
    .insert(videos)
    .values({
      ownerId: owner.id,
      title,
      originalKey: `videos/${randomUUID()}/original.mp4`,
      originalType: 'video/mp4',
      sizeBytes: 1000,
      status: options.status ?? 'ready',
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning({ id: videos.id, title: videos.title });
  return row!;
}

/**
 * The contest's last (film) round, which an entry written straight into the table belongs to
 * (issue 47: every entry has its round); a contest written without rounds gets its film round.
 */
export async function lastRoundIdOf(db: DbOrTx, contestId: number): Promise<number> {
  const rounds = await roundsOfContest(db, contestId);
  return rounds[rounds.length - 1]!.id;
}
