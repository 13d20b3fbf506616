/**
 * Worst case of the password rules (issue 18 H1): the longest password against the longest valid
 * e-mail, built so that the similarity rule cannot be skipped by its length bound and has many
 * equal characters to match. Prints the slowest of many runs; the target is far under the 50 ms a
 * request may hold the event loop. Run: `npx tsx bench/accounts/password-rule.ts`.
 */
import { LIMITS, registrationErrors } from '@app/domain';

const local = 'a'.repeat(64);
const domain = `${'b'.repeat(63)}.${'a'.repeat(63)}.${'c'.repeat(50)}.com`;
const email = `${local}@${domain}`.slice(0, LIMITS.emailMaxLength);
const cases: Array<[string, string]> = [
  ['repeated letter', 'a'.repeat(LIMITS.passwordMaxLength)],
  ['alternating', 'ab'.repeat(LIMITS.passwordMaxLength / 2)],
  ['the address itself', email.slice(0, LIMITS.passwordMaxLength)],
];

const runs = 2_000;
let worstP99 = 0;
for (const [name, password] of cases) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    registrationErrors({ email, password, confirm_password: password });
    times.push(performance.now() - started);
  }
  times.sort((x, y) => x - y);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  worstP99 = Math.max(worstP99, at(0.99));
  console.log(
    `${name.padEnd(20)} password ${password.length}, e-mail ${email.length} chars: median ${at(0.5).toFixed(3)} ms, p99 ${at(0.99).toFixed(3)} ms, max ${times.at(-1)!.toFixed(2)} ms (${runs} runs)`,
  );
}
console.log(
  `p99 of the worst case: ${worstP99.toFixed(3)} ms (target: under 50 ms; max includes GC and the machine's other load)`,
);
process.exit(worstP99 < 50 ? 0 : 1);
