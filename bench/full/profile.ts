/**
 * A CPU profile of the app answering one read at saturation on the bench database (issue 28):
 *   BENCH_PROFILE_PATH=/api/contests/3/entries/ BENCH_PROFILE_USER=1 npx tsx bench/full/profile.ts
 * Starts the bundled server with `--cpu-prof`, sends 10 s of requests (10 connections) as that
 * user (a staff user unless BENCH_PROFILE_ROLE says otherwise), stops the server and prints the
 * functions with the most self time. BENCH_PROFILE_RATE=50 sends 50 requests a second instead
 * (the open loop of the p99 target) to see where a request's time goes when the server is not
 * saturated.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { createAccessTokens } from '../../apps/server/src/plugins/auth';
import { appServer, APP_PORT, JWT_SECRET, waitFor } from '../videos/common';
import { openLoop } from './load';

const target = process.env.BENCH_PROFILE_PATH ?? '/api/videos/videos/?is_approved=true';
const userId = Number(process.env.BENCH_PROFILE_USER ?? 0);
const role = (process.env.BENCH_PROFILE_ROLE ?? 'staff') as 'staff' | 'creator' | 'brand';
const dir = '/tmp/bench-cpu-profile';
rmSync(dir, { recursive: true, force: true });
const server = appServer(
  { DATABASE_URL: process.env.BENCH_FULL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_full' },
  ['--cpu-prof', `--cpu-prof-dir=${dir}`],
);
await waitFor(`http://127.0.0.1:${APP_PORT}/api/health/`);
const headers: Record<string, string> = {};
if (userId) {
  const access = createAccessTokens(JWT_SECRET, 3600);
  headers.authorization = `Bearer ${await access.sign({ id: userId, role, tokenVersion: 0 })}`;
}
const url = `http://127.0.0.1:${APP_PORT}${target}`;
const rate = Number(process.env.BENCH_PROFILE_RATE ?? 0);
await autocannon({ url, headers, connections: 10, duration: 3 });
if (rate) {
  const round = await openLoop(url, rate, 10, headers, server.pid);
  console.log(
    `${target}: ${rate} req/s, p50 ${round.p50} ms, p99 ${round.p99} ms, CPU ${round.cpuMs.toFixed(2)} ms a request`,
  );
} else {
  const result = await autocannon({ url, headers, connections: 10, duration: 10 });
  console.log(`${target}: ${Math.round(result.requests.average)} req/s, non-2xx ${result.non2xx}`);
}
server.kill('SIGINT');
await new Promise((resolve) => server.once('exit', resolve));

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}
const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile written');
const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { nodes: Node[] };
const self = new Map<string, number>();
let total = 0;
for (const node of profile.nodes) {
  const where = `${node.callFrame.functionName || '(anonymous)'} ${path.basename(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
  self.set(where, (self.get(where) ?? 0) + node.hitCount);
  total += node.hitCount;
}
for (const [where, hits] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40))
  console.log(`${((hits / total) * 100).toFixed(1).padStart(5)}%  ${where}`);
