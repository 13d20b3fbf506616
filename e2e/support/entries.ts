import { execFile, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { VideoRequirements } from '@app/domain';
import { secondContest } from '../../apps/server/test/second-contest';
import { e2eDatabaseEnv } from './env';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);
const cliEnv = () => ({ ...process.env, ...e2eDatabaseEnv(), LOG_LEVEL: 'warn', NODE_ENV: 'production' });

export interface EntryContest {
  id: number;
  title: string;
  /** Its brand's name: a brand user made with `company` set to it belongs to it. */
  brandName: string;
}

/** A contest of its own brand with these video requirements, made with the admin CLI. */
export async function createEntryContest(requirements: VideoRequirements): Promise<EntryContest> {
  const suffix = randomUUID().slice(0, 6);
  const data = secondContest(suffix);
  data.contest.video_requirements = requirements;
  data.contest.requirements = ['9:16 vertical video', '10–30 seconds long', 'MP4 or MOV'];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-e2e-entry-contest-'));
  const file = path.join(dir, 'contest.json');
  writeFileSync(file, JSON.stringify(data));
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/admin.ts', 'create-contest', '--file', file],
      { cwd: root, env: cliEnv() },
    );
    const id = Number(/\(id (\d+)\) of brand/.exec(stdout)?.[1]);
    if (!id) throw new Error(`create-contest did not report an id: ${stdout}`);
    return { id, title: data.contest.title, brandName: data.brand.name };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Makes the creator a selected applicant of the contest, in the database (issue 14 builds the real step). */
export async function selectApplicant(contestId: number, userId: number): Promise<void> {
  await run(
    process.execPath,
    ['--import', 'tsx', 'e2e/support/select-applicant.mjs', String(contestId), String(userId)],
    {
      cwd: root,
      env: cliEnv(),
    },
  );
}

/** A vertical clip of `seconds` (a moving test pattern, small and quick to process), named `<name>.mp4`. */
export function makeVerticalClip(name: string, seconds: number): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'e2e-entry-clip-')), `${name}.mp4`);
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=duration=${seconds}:size=180x320:rate=10`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    file,
  ]);
  return file;
}
