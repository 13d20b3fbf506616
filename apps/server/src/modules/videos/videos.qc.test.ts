import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  QC_CHECK_IDS,
  QC_CHECK_LABELS,
  type QcCheck,
  type QcCheckId,
  type Video,
  type VideoQc,
} from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, createVideoRow, type TestUser } from '../../../test/factories';
import { ffmpegClip } from '../../../test/ffmpeg-clip';
import { multipartBody } from '../../../test/video-clips';
import { eq } from 'drizzle-orm';
import { videoQc, videos } from '../../db/schema/index';
import { resolveMediaBinaries } from '../../media/binaries';
import { analyseVideo, type QcReport } from '../../media/qc';
import { createEntryContest, selectApplicant } from '../entries/test-support';
import { videosPorts } from '../index';
import { runVideoQc } from './video-qc';
import { createVideosService } from './videos.service';

/**
 * Issue 51: the technical check (QC) of every uploaded video. Clips made here with ffmpeg, each
 * with one fault (a black first second, a frozen middle, silence, a tone far too loud, a 16:9
 * picture letterboxed in a 9:16 frame) and one without any; then the API: the report is pending
 * until processing is done, then done, read by its owner, staff and the brand of a contest the
 * video is entered in, and nobody else.
 */

const SIZE = '360x640';
const encode = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-pix_fmt',
  'yuv420p',
  '-c:a',
  'aac',
  '-b:a',
  '128k',
];
/** A 440 Hz tone at about -14 LUFS (the default target), `seconds` long. */
const tone = (seconds: number) => `sine=frequency=440:sample_rate=48000:duration=${seconds},volume=2.5`;
const picture = (seconds: number, size = SIZE) => `testsrc2=size=${size}:rate=25:duration=${seconds}`;

const CLIPS = {
  clean: () => ffmpegClip('mp4', ['-f', 'lavfi', '-i', picture(4), '-f', 'lavfi', '-i', tone(4), ...encode]),
  blackStart: () =>
    ffmpegClip('mp4', [
      '-f',
      'lavfi',
      '-i',
      `color=c=black:size=${SIZE}:rate=25:duration=1`,
      '-f',
      'lavfi',
      '-i',
      picture(3),
      '-f',
      'lavfi',
      '-i',
      tone(4),
      '-filter_complex',
      '[0:v][1:v]concat=n=2:v=1:a=0[v]',
      '-map',
      '[v]',
      '-map',
      '2:a',
      ...encode,
    ]),
  // Moving for 2 s, the last picture held for 3 s, moving again for 2 s.
  frozenMiddle: () =>
    ffmpegClip('mp4', [
      '-f',
      'lavfi',
      '-i',
      `${picture(2)},tpad=stop_mode=clone:stop_duration=3`,
      '-f',
      'lavfi',
      '-i',
      picture(2),
      '-f',
      'lavfi',
      '-i',
      tone(7),
      '-filter_complex',
      '[0:v][1:v]concat=n=2:v=1:a=0[v]',
      '-map',
      '[v]',
      '-map',
      '2:a',
      ...encode,
    ]),
  // Sound, then silence from 2 s to 5 s, then sound.
  silentMiddle: () =>
    ffmpegClip('mp4', [
      '-f',
      'lavfi',
      '-i',
      picture(6),
      '-f',
      'lavfi',
      '-i',
      "aevalsrc='if(between(t,2,5),0,0.3*sin(2*PI*440*t))':s=48000:d=6",
      ...encode,
    ]),
  // A 1 kHz tone at about -8 LUFS: 6 LU louder than the -14 LUFS target.
  tooLoud: () =>
    ffmpegClip('mp4', [
      '-f',
      'lavfi',
      '-i',
      picture(4),
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=1000:sample_rate=48000:duration=4,volume=4.5',
      ...encode,
    ]),
  // A 16:9 picture (360×202) with black bars above and below, in a 9:16 frame.
  letterboxed: () =>
    ffmpegClip('mp4', [
      '-f',
      'lavfi',
      '-i',
      `${picture(4, '360x202')},pad=360:640:0:219:black`,
      '-f',
      'lavfi',
      '-i',
      tone(4),
      ...encode,
    ]),
};

/** ffmpeg's own EBU R128 reading of the file's sound: the Summary of a separate ebur128 run. */
function ebur128Reading(file: string): { integrated: number; truePeak: number } {
  const run = spawnSync(
    'ffmpeg',
    ['-hide_banner', '-nostats', '-i', file, '-map', '0:a:0', '-af', 'ebur128=peak=true', '-f', 'null', '-'],
    { encoding: 'utf8' },
  );
  const summary = run.stderr.slice(run.stderr.lastIndexOf('Summary:'));
  return {
    integrated: Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]),
    truePeak: Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)?.[1]),
  };
}

const byId = (checks: QcCheck[]) =>
  Object.fromEntries(checks.map((c) => [c.id, c])) as Record<QcCheckId, QcCheck>;
const notPassing = (checks: QcCheck[]) =>
  checks.filter((c) => c.result !== 'pass').map((c) => [c.id, c.result]);
const close = (actual: number, expected: number, within = 0.1) => Math.abs(actual - expected) <= within;

describe('the QC pass on clips made with ffmpeg', () => {
  const reports = new Map<keyof typeof CLIPS, { file: string; report: QcReport }>();
  const check = (clip: keyof typeof CLIPS) => {
    const found = reports.get(clip);
    if (!found) throw new Error(`${clip} was not analysed`);
    return { ...found, checks: byId(found.report.checks) };
  };

  beforeAll(async () => {
    const tools = resolveMediaBinaries({});
    for (const [name, make] of Object.entries(CLIPS) as Array<[keyof typeof CLIPS, () => string]>) {
      const file = make();
      reports.set(name, { file, report: await analyseVideo(tools, file, 'video/mp4') });
    }
  }, 180_000);

  it('passes a clean clip on every check, in the order and with the labels of the report', () => {
    const { report, checks } = check('clean');
    expect(report.checks.map((c) => c.id)).toEqual([...QC_CHECK_IDS]);
    expect(report.checks.map((c) => c.label)).toEqual(QC_CHECK_IDS.map((id) => QC_CHECK_LABELS[id]));
    expect(notPassing(report.checks)).toEqual([]);
    expect(report.checks.every((c) => c.segments.length === 0)).toBe(true);
    expect(checks.loudness).toMatchObject({ target: '-14 LUFS ± 2 LU' });
    expect(checks.true_peak).toMatchObject({ target: '≤ -1 dBTP' });
    expect(checks.audio).toMatchObject({ value: 'present' });
    expect(checks.bars).toMatchObject({ value: 'none' });
    // Not entered in a contest: the stream facts are facts.
    expect(checks.resolution).toMatchObject({ result: 'pass', value: '360×640', target: null });
    expect(checks.orientation).toMatchObject({ value: '9:16 portrait', target: null });
    expect(checks.frame_rate).toMatchObject({ value: 25, target: null });
    expect(close(checks.duration.value as number, 4)).toBe(true);
    expect(report.facts).toMatchObject({ width: 360, height: 640, has_audio: true, bars: null });
  });

  it('finds the black first second, with its time', () => {
    const { report, checks } = check('blackStart');
    expect(checks.black).toMatchObject({ result: 'fail', value: 1, target: '≤ 0.5 s in one stretch' });
    expect(checks.black.segments).toEqual([{ start: 0, end: 1 }]);
    expect(report.facts.black.count).toBe(1);
  });

  it('finds the frozen middle, with its time', () => {
    const { checks } = check('frozenMiddle');
    expect(checks.freeze.result).toBe('fail');
    expect(checks.freeze.target).toBe('≤ 2 s in one stretch');
    expect(checks.freeze.segments).toHaveLength(1);
    const [frozen] = checks.freeze.segments;
    // The held picture is the one shown from 1.96 s (the last moving frame) to 5 s.
    expect(close(frozen!.start, 2, 0.1) && close(frozen!.end, 5, 0.1)).toBe(true);
    expect(close(checks.freeze.value as number, 3, 0.1)).toBe(true);
    expect(checks.black.result).toBe('pass');
  });

  it('finds the silent stretch, with its time, and still hears a sound track', () => {
    const { checks } = check('silentMiddle');
    expect(checks.silence.result).toBe('warn');
    expect(checks.silence.segments).toHaveLength(1);
    const [silent] = checks.silence.segments;
    expect(close(silent!.start, 2, 0.05) && close(silent!.end, 5, 0.05)).toBe(true);
    expect(checks.audio).toMatchObject({ result: 'pass', value: 'present' });
  });

  it('fails a -8 LUFS tone on loudness (target -14 ± 2), as ffmpeg measures it on its own', () => {
    const { file, report, checks } = check('tooLoud');
    const reading = ebur128Reading(file);
    expect(close(reading.integrated, -8, 0.5)).toBe(true);
    expect(checks.loudness.result).toBe('fail');
    expect(Math.abs((checks.loudness.value as number) - reading.integrated)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(report.facts.true_peak_dbtp! - reading.truePeak)).toBeLessThanOrEqual(0.5);
    expect(notPassing(report.checks)).toEqual([['loudness', 'fail']]);
  });

  it("measures every clip's integrated loudness within 0.5 LU of ffmpeg's own ebur128 reading", () => {
    for (const [name, { file, report }] of reports) {
      const reading = ebur128Reading(file);
      expect(Number.isFinite(reading.integrated), name).toBe(true);
      expect(Math.abs(report.facts.loudness_lufs! - reading.integrated), name).toBeLessThanOrEqual(0.5);
    }
  });

  it('warns of letterbox bars around a 16:9 picture in a 9:16 frame, over the whole clip', () => {
    const { report, checks } = check('letterboxed');
    expect(checks.bars).toMatchObject({ result: 'warn', value: 'letterbox', target: null });
    expect(report.facts.bars).toMatchObject({ kind: 'letterbox', width: 360 });
    expect(close(report.facts.bars!.height, 202, 4)).toBe(true);
    expect(checks.bars.segments).toHaveLength(1);
    const [barred] = checks.bars.segments;
    expect(barred!.start).toBeLessThanOrEqual(0.5);
    expect(close(barred!.end, 4, 0.1)).toBe(true);
    expect(notPassing(report.checks)).toEqual([['bars', 'warn']]);
  });
});

describe('GET /api/videos/videos/{id}/qc/', () => {
  let ctx: TestContext;
  let owner: TestUser;
  let otherCreator: TestUser;
  let staff: TestUser;
  let video: Video;
  const qcOf = (id: number, user?: TestUser) =>
    ctx.app.inject({ url: `/api/videos/videos/${id}/qc/`, headers: user?.headers ?? {} });
  const sql = (text: string, values?: unknown[]) => ctx.deps.database.query(text, values);
  /** The QC jobs ever queued for the video (pg-boss keeps finished jobs for hours). */
  const qcJobs = async (id: number) =>
    Number(
      (
        (
          await sql(
            `select count(*)::int as n from pgboss.job where name = 'video-qc' and data->>'videoId' = $1`,
            [String(id)],
          )
        ).rows[0] as { n: number }
      ).n,
    );

  async function waitForQc(id: number, user: TestUser): Promise<VideoQc> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const qc = (await qcOf(id, user)).json<VideoQc>();
      if (qc.status !== 'pending') return qc;
      if (Date.now() > deadline) throw new Error(`the check of video ${id} is still pending`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await createUser(ctx, { role: 'creator' });
    otherCreator = await createUser(ctx, { role: 'creator' });
    staff = await createUser(ctx, { role: 'staff' });
    const body = multipartBody(
      { title: 'Checked film' },
      { filename: 'film.mp4', type: 'video/mp4', bytes: readFileSync(CLIPS.clean()) },
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/videos/upload/',
      payload: body.payload,
      headers: { ...body.headers, ...owner.headers },
    });
    expect(res.statusCode).toBe(201);
    video = res.json<Video>();
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('is pending while the video is processed, then done once processing is done, queued once', async () => {
    const first = await qcOf(video.id, owner);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      status: 'pending',
      checks: [],
      facts: null,
      error: null,
      analysed_at: null,
    });
    const qc = await waitForQc(video.id, owner);
    expect(qc.status).toBe('done');
    expect(qc.error).toBeNull();
    expect(Number.isNaN(Date.parse(qc.analysed_at!))).toBe(false);
    expect(qc.checks.map((c) => [c.id, c.result])).toEqual(QC_CHECK_IDS.map((id) => [id, 'pass']));
    expect(qc.facts).toMatchObject({ width: 360, height: 640, has_audio: true });
    // The check comes after processing: the video is done by then.
    const done = (
      await ctx.app.inject({ url: `/api/videos/videos/${video.id}/`, headers: owner.headers })
    ).json<Video>();
    expect(done.processing.stage).toBe('done');
    expect(await qcJobs(video.id)).toBe(1);
    // Processing run again (a retried job) queues nothing more.
    await createVideosService(ctx.deps, videosPorts).processVideo(video.id, { lastAttempt: true });
    expect(await qcJobs(video.id)).toBe(1);
    expect((await qcOf(video.id, owner)).json<VideoQc>().status).toBe('done');
  }, 150_000);

  it('is read by its owner and staff; another creator, a brand and anonymous callers do not learn of it', async () => {
    await waitForQc(video.id, owner);
    expect((await qcOf(video.id, owner)).statusCode).toBe(200);
    expect((await qcOf(video.id, staff)).statusCode).toBe(200);
    expect((await qcOf(video.id, otherCreator)).statusCode).toBe(404);
    const brand = await createUser(ctx, { role: 'brand' });
    expect((await qcOf(video.id, brand)).statusCode).toBe(404);
    expect((await qcOf(video.id)).statusCode).toBe(401);
    expect((await qcOf(2_000_000_000, staff)).statusCode).toBe(404);
  }, 150_000);

  it("once entered in a contest: read by that contest's brand, stream facts judged against its brief", async () => {
    await waitForQc(video.id, owner);
    const { contest, brandUser } = await createEntryContest(ctx, {
      aspect_ratio: '9:16',
      min_seconds: 5,
      max_seconds: 60,
      min_height: 640,
      duration_tolerance_seconds: 2,
    });
    const outsider = (await createEntryContest(ctx, {})).brandUser;
    expect((await qcOf(video.id, brandUser)).statusCode).toBe(404);
    await selectApplicant(ctx, contest, owner.id);
    const entered = await ctx.app.inject({
      method: 'POST',
      url: `/api/contests/${contest.id}/entries/`,
      payload: { video_id: video.id, confirm_warnings: true },
      headers: owner.headers,
    });
    expect(entered.statusCode).toBe(201);
    const res = await qcOf(video.id, brandUser);
    expect(res.statusCode).toBe(200);
    const checks = byId(res.json<VideoQc>().checks);
    expect(checks.orientation).toMatchObject({
      result: 'pass',
      value: '9:16 portrait',
      target: '9:16 portrait',
    });
    expect(checks.resolution).toMatchObject({ result: 'pass', target: 'at least 640 px high' });
    // 4 s against 5–60 s with 2 s of tolerance: a warning the creator confirmed.
    expect(checks.duration).toMatchObject({ result: 'warn', target: '5–60 s' });
    expect(checks.frame_rate).toMatchObject({ result: 'pass', target: null });
    expect(checks.loudness.result).toBe('pass');
    // The owner sees the same judgement; another brand still nothing.
    expect(byId((await qcOf(video.id, owner)).json<VideoQc>().checks).duration.result).toBe('warn');
    expect((await qcOf(video.id, outsider)).statusCode).toBe(404);
  }, 150_000);

  it('fails with a clear message where ffmpeg is missing, after its retries', async () => {
    const row = await createVideoRow(ctx, owner, { status: 'ready' });
    await ctx.deps.database.db.insert(videoQc).values({ videoId: row.id });
    const noFfmpeg = { ...ctx.deps, config: { ...ctx.deps.config, FFMPEG_PATH: '/nonexistent/ffmpeg' } };
    await expect(runVideoQc(noFfmpeg, row.id, { lastAttempt: false })).rejects.toThrow(/FFMPEG_PATH/);
    expect((await qcOf(row.id, owner)).json<VideoQc>().status).toBe('pending');
    await runVideoQc(noFfmpeg, row.id, { lastAttempt: true });
    const qc = (await qcOf(row.id, owner)).json<VideoQc>();
    expect(qc).toMatchObject({ status: 'failed', checks: [], facts: null });
    expect(qc.error).toBe(
      'The technical check could not run: video processing is unavailable on this server (FFMPEG_PATH (/nonexistent/ffmpeg) is not an executable file).',
    );
  });

  it('fails at once, without retries, on a file ffmpeg cannot read', async () => {
    const row = await createVideoRow(ctx, owner, { status: 'ready' });
    const db = ctx.deps.database.db;
    const [stored] = await db.select({ key: videos.originalKey }).from(videos).where(eq(videos.id, row.id));
    await ctx.deps.storage.put(stored!.key, Buffer.from('not a video at all'.repeat(100)));
    await db.insert(videoQc).values({ videoId: row.id });
    await runVideoQc(ctx.deps, row.id, { lastAttempt: false });
    expect((await qcOf(row.id, owner)).json<VideoQc>()).toMatchObject({
      status: 'failed',
      error: 'The technical check could not run: the file is damaged.',
    });
  });

  it('says a video that could not be processed has no check', async () => {
    const row = await createVideoRow(ctx, owner, { status: 'failed' });
    expect((await qcOf(row.id, owner)).json<VideoQc>()).toMatchObject({
      status: 'failed',
      checks: [],
      error: 'The technical check could not run: the video could not be processed.',
    });
  });
});
