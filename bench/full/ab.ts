/**
 * Two builds of the server side by side on the bench database, taking turns (issue 28): the way to
 * tell whether a change moved a read, on a shared machine whose speed drifts between runs by more
 * than most changes move it. Rounds alternate A, B then B, A, so a drift weighs on both.
 *
 *   (cd apps/server && node scripts/build.mjs && rm -rf dist-a && cp -r dist dist-a)   # before
 *   …change…
 *   (cd apps/server && node scripts/build.mjs && rm -rf dist-b && cp -r dist dist-b)   # after
 *   BENCH_AB_PATHS=/api/contests/3/ npx tsx bench/full/ab.ts
 *
 * Settings: BENCH_AB_PATHS (comma-separated), BENCH_AB_ROUNDS (6), BENCH_AB_USER (a user id to
 * sign in as; anonymous without) and BENCH_AB_ROLE (staff), BENCH_AB_MODE=fixed (50 req/s open
 * loop: p50, p99 and CPU a request, instead of req/s at saturation). Two identical builds differ
 * by up to ±7% a round at saturation on the 2-core bench machine: trust a median beyond that.
 */
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { serverEnv, serverNodeArgs } from '../../apps/server/scripts/start-command.mjs';
import { createAccessTokens } from '../../apps/server/src/plugins/auth';
import { JWT_SECRET, root, waitFor } from '../videos/common';
import { cpuMs, openLoop } from './load';

const paths = (process.env.BENCH_AB_PATHS ?? '/api/contests/3/').split(',');
const rounds = Number(process.env.BENCH_AB_ROUNDS ?? 6);
const fixed = process.env.BENCH_AB_MODE === 'fixed';
const databaseUrl = process.env.BENCH_FULL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_full';

const servers = (['a', 'b'] as const).map((build, i) => {
  const port = 3471 + i;
  const args = serverNodeArgs().map((arg) => arg.replace(/\/dist\/server\.js$/, `/dist-${build}/server.js`));
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      ...serverEnv(),
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      WORKERS: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATA_DIR: `/tmp/bench-ab-${build}`,
      JWT_SECRET,
      WEB_DIST_DIR: '/tmp/bench-ab-no-web',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { build, port, child };
});

interface Sample {
  rps: number;
  p50: number;
  p99: number;
  cpu: number;
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

try {
  for (const server of servers) await waitFor(`http://127.0.0.1:${server.port}/api/health/`);
  const headers: Record<string, string> = {};
  if (process.env.BENCH_AB_USER) {
    const role = (process.env.BENCH_AB_ROLE ?? 'staff') as 'staff' | 'creator' | 'brand';
    const token = await createAccessTokens(JWT_SECRET, 3600).sign({
      id: Number(process.env.BENCH_AB_USER),
      role,
      tokenVersion: 0,
    });
    headers.authorization = `Bearer ${token}`;
  }
  for (const target of paths) {
    const url = (port: number) => `http://127.0.0.1:${port}${target}`;
    const seen: Record<'a' | 'b', Sample[]> = { a: [], b: [] };
    for (const { port } of servers)
      await autocannon({ url: url(port), connections: 10, duration: 2, headers });
    for (let round = 0; round < rounds; round++) {
      for (const server of round % 2 ? [...servers].reverse() : servers) {
        if (fixed) {
          const r = await openLoop(url(server.port), 50, 5, headers, server.child.pid);
          seen[server.build].push({ rps: r.rps, p50: r.p50, p99: r.p99, cpu: r.cpuMs });
          continue;
        }
        const before = cpuMs(server.child.pid);
        const r = await autocannon({ url: url(server.port), connections: 10, duration: 4, headers });
        if (r.non2xx || r.errors)
          throw new Error(`${target} on ${server.build}: ${r.non2xx + r.errors} failed`);
        const cpu = (cpuMs(server.child.pid) - before) / r.requests.total;
        seen[server.build].push({
          rps: r.requests.total / r.duration,
          p50: r.latency.p50,
          p99: r.latency.p99,
          cpu,
        });
      }
    }
    if (fixed) {
      for (const build of ['a', 'b'] as const) {
        const rows = seen[build];
        console.log(
          `${target} ${build.toUpperCase()} at 50 req/s: p99 ${median(rows.map((r) => r.p99))} ms ` +
            `(rounds ${rows.map((r) => r.p99).join(' ')}), p50 ${median(rows.map((r) => r.p50))} ms, ` +
            `CPU ${median(rows.map((r) => r.cpu)).toFixed(2)} ms a request`,
        );
      }
    } else {
      const ratios = seen.b.map((r, i) => r.rps / seen.a[i]!.rps);
      console.log(
        `${target}: A ${Math.round(median(seen.a.map((r) => r.rps)))} req/s, ` +
          `${median(seen.a.map((r) => r.cpu)).toFixed(3)} ms CPU; B ${Math.round(median(seen.b.map((r) => r.rps)))} ` +
          `req/s, ${median(seen.b.map((r) => r.cpu)).toFixed(3)} ms CPU; B ÷ A ${median(ratios).toFixed(2)} ` +
          `(rounds ${ratios.map((x) => x.toFixed(2)).join(' ')})`,
      );
    }
  }
} finally {
  for (const { child } of servers) child.kill('SIGINT');
}
