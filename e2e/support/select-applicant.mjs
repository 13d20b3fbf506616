/**
 * Test support (run with tsx, which also loads the server's TypeScript): makes a creator a selected applicant of a contest, straight in the
 * running platform's database, as the selection of issue 14 will:
 *   node --import tsx e2e/support/select-applicant.mjs <contestId> <userId>
 */
import { sql } from 'drizzle-orm';
import { configOrExit } from '../../apps/server/src/config/env.ts';
import { openRuntime } from '../../apps/server/src/bootstrap.ts';

async function main() {
  const [contestId, userId] = process.argv.slice(2).map(Number);
  if (!contestId || !userId) throw new Error('usage: select-applicant.mjs <contestId> <userId>');
  const config = configOrExit();
  const runtime = await openRuntime(
    { ...config, LOG_LEVEL: 'warn' },
    { share: false, migrate: false, queue: false },
  );
  try {
    await runtime.db.handle.db.execute(sql`
    INSERT INTO applications (contest_id, user_id, product_id, status, decided_at, full_name, email,
      shipping_address, terms_accepted_at)
    SELECT ${contestId}, ${userId}, cp.product_id, 'selected', now(), 'Selected Creator', 'selected@example.com',
      '{"line1":"1 Main St","line2":"","city":"Town","state":"ST","postal":"12345","country":"US"}'::jsonb, now()
    FROM contest_products cp WHERE cp.contest_id = ${contestId} ORDER BY cp.position LIMIT 1
    ON CONFLICT (contest_id, user_id) DO UPDATE SET status = 'selected'`);
    process.stdout.write(`selected user ${userId} for contest ${contestId}\n`);
  } finally {
    await runtime.close();
  }
}

void main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
