import { randomBytes } from 'node:crypto';
import { createAccountsService } from '../../modules/accounts';
import { createAudienceService } from '../../modules/audience';
import { accountsPorts, payoutsPorts } from '../../modules/index';
import { createPayoutsService } from '../../modules/payouts';
import type { AppDeps } from '../../app-deps';
import type { Caller } from '../../plugins/auth';

/** What the audience part of the season needs (demo-season.ts calls it with its cast). */
type AudienceDeps = Pick<AppDeps, 'config' | 'database' | 'queue' | 'log' | 'storage' | 'tokens'>;
interface AudienceCast {
  staff: Caller;
  voter: Caller;
  finishedContestId: number;
}

const DAY = 86_400_000;

/** The demo voter's e-mail and known password (listed with the demo accounts). */
export const DEMO_VOTER_EMAIL = 'voter@demo.example.com';
export const DEMO_VOTER_PASSWORD = 'Velvet-Ballot-4821';

/** The ring the demo's staff voided: accounts voting from one address, held, then voided. */
const RING = { accounts: 7, address: '198.51.100.23' };
const RING_REASON = 'Seven new accounts voting for one film from one address within minutes: a ring.';

/**
 * The finished contest's audience award (issue 50), told on its clock: set up by staff after the
 * results, open for a week, votes from demo voters (one of them the listed voter account) and a
 * ring from one address (held as suspect, then voided with a reason), then closed, awarded to the
 * top film and paid.
 */
export async function seedDemoAudience(
  deps: AudienceDeps,
  cast: AudienceCast,
  entryIds: number[],
  seededAt: Date,
): Promise<void> {
  const at =
    (days: number, minutes = 0) =>
    () =>
      new Date(seededAt.getTime() + days * DAY + minutes * 60_000);
  const audienceAt = (clock: () => Date) => createAudienceService(deps, clock);
  const contestId = cast.finishedContestId;
  await audienceAt(at(-37)).setup(cast.staff, contestId, {
    voting_opens_at: new Date(seededAt.getTime() - 36 * DAY).toISOString(),
    voting_closes_at: new Date(seededAt.getTime() - 30 * DAY).toISOString(),
    prize_cents: 50_000,
    votes_per_voter: 2,
    finalist_entry_ids: entryIds,
  });

  const accounts = createAccountsService(deps, accountsPorts);
  const voter = async (name: string) => {
    const user = await accounts.createUser({
      email: `${name}@demo.example.com`,
      password: `${randomBytes(12).toString('base64url')}-Demo7`,
      role: 'voter',
      firstName: name,
      lastName: 'Voter',
    });
    return { id: user.id, role: 'voter' as const, brandId: null };
  };

  // Honest voters, each from their own network: the first film (Noor's) wins the audience too.
  const [first, second, third] = entryIds as [number, number, number];
  const ballots: [number, number[]][] = [
    [0, [first, second]],
    [1, [first]],
    [2, [first, third]],
    [3, [second]],
    [4, [third, first]],
    [5, [first]],
  ];
  for (const [i, picks] of ballots) {
    const who = i === 0 ? cast.voter : await voter(`fan${i}`);
    for (const [n, entryId] of picks.entries())
      await audienceAt(at(-35 + i * 0.5, n)).vote(who, contestId, entryId, `192.0.${2 + i}.${10 + i}`);
  }
  // The ring: one address, minutes apart; the votes past the address's rate are held.
  for (let i = 0; i < RING.accounts; i++)
    await audienceAt(at(-33, i)).vote(await voter(`ring${i + 1}`), contestId, third, RING.address);

  const review = audienceAt(at(-29));
  const clusters = await review.clusters(cast.staff, contestId);
  const ring = clusters.filter((c) => c.kind === 'network').sort((a, b) => b.votes - a.votes)[0];
  if (ring) await review.voidVotes(cast.staff, contestId, { network: ring.key, reason: RING_REASON });
  const award = await review.award(cast.staff, contestId);
  // Noor's paperwork is complete (seedWinnersPaperwork): the audience prize is paid like her first.
  if (award.earning_id)
    await createPayoutsService(deps, payoutsPorts).recordPayout(cast.staff.id, {
      earning_id: award.earning_id,
      method: 'bank_transfer',
      reference: 'DEMO-PAYOUT-0002',
    });
}
