import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { DeliverySpec, Video, VideoQc } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, createVideoRow, type TestUser } from '../../../test/factories';
import { ffmpegClip } from '../../../test/ffmpeg-clip';
import { auditLog, entryQcRefusals, videos } from '../../db/schema/index';
import { createEntryContest, makeClip, selectApplicant, uploadClip } from './test-support';

/**
 * Issue 51: the technical check's gate on contest entries. A contest's delivery spec names the
 * checks that block an entry: a video failing one is refused (422 `qc_failed`, listing them), or
 * told to wait while its check runs (`qc_pending`), until staff let it through with a reason
 * (audited); a failed check the contest does not block on is accepted, and its brand reads the
 * report judged against the contest's spec.
 */

/** A 4 s moving picture with a tone at about -14 LUFS: passes every default check. */
const CLEAN = () =>
  ffmpegClip('mp4', [
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=360x640:rate=25:duration=4',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000:duration=4,volume=2.5',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
  ]);
/** A flat colour without sound: fails `audio` (and `freeze`: the picture never moves). */
const SILENT = () => makeClip({ width: 360, height: 640, seconds: 3 });

describe('entering a contest with a blocking technical check (issue 51)', () => {
  let ctx: TestContext;
  let creator: TestUser;
  let staff: TestUser;
  const qcOf = (id: number, user: TestUser) =>
    ctx.app.inject({ url: `/api/videos/videos/${id}/qc/`, headers: user.headers });
  const submit = (contestId: number, videoId: number, user: TestUser) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/contests/${contestId}/entries/`,
      payload: { video_id: videoId, confirm_warnings: true },
      headers: user.headers,
    });
  const override = (entryId: number, user: TestUser, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/entries/${entryId}/qc-override/`,
      payload,
      headers: user.headers,
    });

  /** Uploads the clip and waits until its technical check is done. */
  async function checkedUpload(user: TestUser, file: string, title: string): Promise<Video> {
    const video = await uploadClip(ctx, user, file, title);
    const deadline = Date.now() + 120_000;
    while ((await qcOf(video.id, user)).json<VideoQc>().status === 'pending') {
      if (Date.now() > deadline) throw new Error(`the check of ${title} is still pending`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return video;
  }
  const delivery = (spec: Partial<DeliverySpec>) => ({
    delivery: {
      loudness_lufs: -14,
      loudness_tolerance: 2,
      true_peak_max_dbtp: -1,
      max_black_seconds: 0.5,
      max_freeze_seconds: 2,
      audio_required: true,
      blocking: [],
      ...spec,
    } satisfies DeliverySpec,
  });

  beforeAll(async () => {
    ctx = await createTestContext();
    creator = await createUser(ctx, { role: 'creator' });
    staff = await createUser(ctx, { role: 'staff' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('refuses a blocking failure, lets it in once staff override it with a reason, then accepts it', async () => {
    const { contest } = await createEntryContest(ctx, delivery({ blocking: ['audio', 'loudness'] }));
    expect(contest.video_requirements.delivery.blocking).toEqual(['audio', 'loudness']);
    await selectApplicant(ctx, contest, creator.id);
    const clean = await checkedUpload(creator, CLEAN(), 'Clean cut');
    const silent = await checkedUpload(creator, SILENT(), 'Silent cut');

    const refused = await submit(contest.id, silent.id, creator);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'qc_failed',
      detail:
        "This video does not meet the contest's delivery spec: Sound. Fix it and upload it again. If this is intended, the contest team can let it through; then submit it again.",
    });
    expect(refused.json().checks).toEqual([expect.objectContaining({ id: 'audio', result: 'fail' })]);

    // The clean cut gets in (version 1); the silent one as version 2 is refused again.
    const entered = await submit(contest.id, clean.id, creator);
    expect(entered.statusCode).toBe(201);
    const entryId = entered.json<{ id: number }>().id;
    expect((await submit(contest.id, silent.id, creator)).json().code).toBe('qc_failed');

    // Only staff override, with a reason of 3–500 characters.
    expect(
      (await override(entryId, creator, { reason: 'Please let it in', video_id: silent.id })).statusCode,
    ).toBe(403);
    expect((await override(entryId, staff, { reason: 'ok', video_id: silent.id })).statusCode).toBe(400);
    expect(
      (await override(entryId, staff, { reason: 'x'.repeat(501), video_id: silent.id })).statusCode,
    ).toBe(400);
    const stranger = await createUser(ctx, { role: 'creator' });
    const theirs = await createVideoRow(ctx, stranger);
    expect((await override(entryId, staff, { reason: 'Not theirs', video_id: theirs.id })).statusCode).toBe(
      400,
    );
    const saved = await override(entryId, staff, {
      reason: 'Silent on purpose: a music bed is added in the edit.',
      video_id: silent.id,
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({
      entry_id: entryId,
      contest_id: contest.id,
      video_id: silent.id,
      reason: 'Silent on purpose: a music bed is added in the edit.',
    });
    const [audit] = await ctx.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'entry.qc_override'), eq(auditLog.targetId, String(entryId))));
    expect(audit).toMatchObject({
      actorId: staff.id,
      targetType: 'entry',
      after: {
        video_id: silent.id,
        contest_id: contest.id,
        reason: 'Silent on purpose: a music bed is added in the edit.',
      },
    });

    const accepted = await submit(contest.id, silent.id, creator);
    expect(accepted.statusCode).toBe(201);
    expect(
      accepted.json<{ versions: Array<{ version: number }> }>().versions.map((v) => v.version),
    ).toContain(2);
  }, 240_000);

  it('holds a refused first submission for staff, who let it through: the next submission passes', async () => {
    const { contest, brandUser } = await createEntryContest(ctx, delivery({ blocking: ['audio'] }));
    const first = await createUser(ctx, { role: 'creator', firstName: 'Sol', lastName: 'Quiet' });
    await selectApplicant(ctx, contest, first.id);
    const silent = await checkedUpload(first, SILENT(), 'Silent street');
    const held = (user: TestUser) =>
      ctx.app.inject({ url: `/api/contests/${contest.id}/qc-refusals/`, headers: user.headers });
    const letThrough = (user: TestUser, payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/contests/${contest.id}/qc-overrides/`,
        payload,
        headers: user.headers,
      });
    const refusals = () =>
      ctx.deps.database.db.select().from(entryQcRefusals).where(eq(entryQcRefusals.contestId, contest.id));

    // Refused twice: one row, its time the second refusal's; nothing else of the request written.
    expect((await submit(contest.id, silent.id, first)).json().code).toBe('qc_failed');
    const [once] = await refusals();
    expect(once).toMatchObject({ videoId: silent.id, userId: first.id, checks: ['audio'] });
    expect((await submit(contest.id, silent.id, first)).json().code).toBe('qc_failed');
    const again = await refusals();
    expect(again).toHaveLength(1);
    expect(again[0]!.refusedAt.getTime()).toBeGreaterThanOrEqual(once!.refusedAt.getTime());
    const mine = await ctx.app.inject({
      url: `/api/contests/${contest.id}/entries/mine/`,
      headers: first.headers,
    });
    expect(mine.json()).toBeNull();

    // Staff see it; the brand and the creator may not (403).
    const list = await held(staff);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        contest_id: contest.id,
        video_id: silent.id,
        video_title: 'Silent street',
        creator: { id: first.id, name: 'Sol Quiet' },
        checks: ['audio'],
        refused_at: again[0]!.refusedAt.toISOString(),
      },
    ]);
    expect((await held(brandUser)).statusCode).toBe(403);
    expect((await held(first)).statusCode).toBe(403);

    // Only staff, with a reason in the words of the rule, for a video held in this contest.
    const reason = 'Silent on purpose: the brand adds the music bed.';
    expect((await letThrough(first, { video_id: silent.id, reason })).statusCode).toBe(403);
    expect((await letThrough(brandUser, { video_id: silent.id, reason })).statusCode).toBe(403);
    const short = await letThrough(staff, { video_id: silent.id, reason: 'ok' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Say why, in 3 to 500 characters.');
    expect((await letThrough(staff, { reason })).statusCode).toBe(400);
    const stranger = await createVideoRow(ctx, await createUser(ctx, { role: 'creator' }));
    expect((await letThrough(staff, { video_id: stranger.id, reason })).statusCode).toBe(404);
    expect((await letThrough(staff, { video_id: 2_000_000_000, reason })).statusCode).toBe(404);

    const saved = await letThrough(staff, { video_id: silent.id, reason });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({
      entry_id: null,
      contest_id: contest.id,
      video_id: silent.id,
      reason,
    });
    const [audit] = await ctx.deps.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'entry.qc_override'),
          eq(auditLog.targetType, 'contest'),
          eq(auditLog.targetId, String(contest.id)),
        ),
      );
    expect(audit).toMatchObject({
      actorId: staff.id,
      after: { video_id: silent.id, contest_id: contest.id, reason },
    });
    // No longer held: gone from the list, and a second override finds nothing to let through.
    expect((await held(staff)).json()).toEqual([]);
    expect((await letThrough(staff, { video_id: silent.id, reason })).statusCode).toBe(404);

    // The creator's next submission of it passes the gate; the refusal is gone.
    const entered = await submit(contest.id, silent.id, first);
    expect(entered.statusCode).toBe(201);
    expect(await refusals()).toEqual([]);
  }, 240_000);

  it('asks the creator to wait while the check is pending, when the contest blocks on checks', async () => {
    const { contest } = await createEntryContest(ctx, delivery({ blocking: ['black'] }));
    const waiting = await createUser(ctx, { role: 'creator' });
    await selectApplicant(ctx, contest, waiting.id);
    const row = await createVideoRow(ctx, waiting, { status: 'ready' });
    await ctx.deps.database.db
      .update(videos)
      .set({ durationSeconds: 4, width: 360, height: 640 })
      .where(eq(videos.id, row.id));
    const res = await submit(contest.id, row.id, waiting);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'qc_pending',
      detail: "This video's technical check is still running. Wait a moment and submit it again.",
    });
  });

  it('accepts a failure the contest does not block on; its brand reads the report against the contest spec', async () => {
    // Frozen stretches of up to 5 s are fine here; nothing blocks.
    const { contest, brandUser } = await createEntryContest(ctx, delivery({ max_freeze_seconds: 5 }));
    const other = await createUser(ctx, { role: 'creator' });
    await selectApplicant(ctx, contest, other.id);
    const silent = await checkedUpload(other, SILENT(), 'Silent again');
    const res = await submit(contest.id, silent.id, other);
    expect(res.statusCode).toBe(201);
    const report = await qcOf(silent.id, brandUser);
    expect(report.statusCode).toBe(200);
    const checks = Object.fromEntries(report.json<VideoQc>().checks.map((c) => [c.id, c]));
    expect(checks.audio).toMatchObject({ result: 'fail', value: 'missing' });
    expect(checks.freeze).toMatchObject({ result: 'pass', target: '≤ 5 s in one stretch' });
  }, 240_000);

  it('rejects a delivery spec out of bounds with clear messages', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contests/',
      payload: {
        video_requirements: delivery({
          loudness_lufs: 5,
          loudness_tolerance: -1,
          blocking: ['audio', 'audio'],
        }),
      },
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('The loudness target is between -40 and 0 LUFS.');
    expect(res.body).toContain('The loudness tolerance is between 0 and 10 LU.');
    expect(res.body).toContain('Name each blocking check once.');
  });
});
