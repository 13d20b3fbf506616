import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { e2eDatabaseEnv } from './env';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

export interface SeededJudging {
  contestId: number;
  brandId: number;
  /** Entry id by creator id. */
  entries: Record<number, number>;
}

/**
 * A contest in its judging window with entries by these creators, and the brand judge made a
 * member of its brand (apps/server/test/seed-judging.ts, through the admin CLI's connection).
 */
export async function seedJudging(input: {
  title: string;
  brandJudgeId: number;
  creators: Array<{ id: number; email: string; film: string }>;
}): Promise<SeededJudging> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'apps/server/test/seed-judging.ts', JSON.stringify(input)],
    { cwd: root, env: { ...process.env, ...e2eDatabaseEnv(), LOG_LEVEL: 'warn', NODE_ENV: 'production' } },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as SeededJudging;
}
