/**
 * Run as a script (node --import tsx apps/server/test/seed-judging.ts '<json>', from e2e/support/judging.ts): writes a contest in its
 * judging window with a rubric, the brand judge's membership and one entry (selected, shipped, a
 * processed video) per creator straight into the running e2e platform's database, through the same
 * connection the admin CLI uses. Prints `{"contestId", "brandId", "entries": {creatorId: entryId}}`.
 * The contest operations and entries screens are other issues' work; judging starts from here.
 */
import { configOrExit } from '../src/config/env';
import { openRuntime } from '../src/bootstrap';
import { joinBrand, makeEntry, makeJudgingContest } from '../src/modules/judging/test-support';

interface SeedInput {
  title: string;
  brandJudgeId: number;
  creators: Array<{ id: number; email: string; film: string }>;
}

async function main() {
  const input = JSON.parse(process.argv[2] ?? '{}') as SeedInput;
  const config = configOrExit();
  const runtime = await openRuntime(
    { ...config, LOG_LEVEL: 'warn' },
    { share: false, migrate: false, queue: false },
  );
  try {
    const db = runtime.db.handle.db;
    const contest = await makeJudgingContest(db, { title: input.title });
    await joinBrand(db, input.brandJudgeId, contest.brandId);
    const entries: Record<number, number> = {};
    for (const creator of input.creators) {
      // Not approved for the library: the home page's carousel keeps its showcase films for the
      // other journeys of the same run (their files do not exist here).
      const { entryId } = await makeEntry(db, contest, creator, { title: creator.film, approved: false });
      entries[creator.id] = entryId;
    }
    process.stdout.write(`${JSON.stringify({ contestId: contest.id, brandId: contest.brandId, entries })}\n`);
  } finally {
    await runtime.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
