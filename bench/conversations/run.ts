/**
 * Conversations at scale alone (issue 49; bench/conversations/part.ts says what it measures). `npm
 * run bench` runs the same part after its own.
 *
 *   npx tsx bench/conversations/run.ts                  a thread of 10,000 messages, ~20 s per read
 *   BENCH_QUICK=1 npx tsx bench/conversations/run.ts    smoke run: 1,000 messages, 5 s per read
 *
 * Settings: BENCH_CONVERSATIONS_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/
 * bench_conversations, dropped and created every run), BENCH_APP_PORT (default 3195: the first app
 * process; the second and the baseline take the next two ports).
 * Prints a table, writes bench/conversations/results/{full,quick}.json, exits 1 on a missed target.
 */
import { conversationsBench, CONVERSATIONS_DATABASE_URL } from './part';

const result = await conversationsBench({
  quick: process.env.BENCH_QUICK === '1',
  port: Number(process.env.BENCH_APP_PORT ?? 3195),
  databaseUrl: CONVERSATIONS_DATABASE_URL,
}).catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
console.log(`\n${result.table}\n`);
if (result.misses.length) {
  console.log(`${result.misses.length} target(s) missed:`);
  for (const miss of result.misses) console.log(`  - ${miss}`);
  process.exit(1);
}
console.log('every target met');
process.exit(0);
