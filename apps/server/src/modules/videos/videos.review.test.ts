import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES, type StaffVideoPage, type Video, type VideoPage } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, createVideoRow, type TestUser } from '../../../test/factories';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp';
import { auditLog, videos } from '../../db/schema/index';
import { approveVideo } from '../../cli/commands/approve-video';
import { createVideosService } from './videos.service';
import { videosPorts } from '../index';

describe('staff review of videos', () => {
  let ctx: TestContext;
  let smtp: SmtpCapture;
  let staff: TestUser;
  let creator: TestUser;
  let otherCreator: TestUser;
  let brand: TestUser;
  let otherBrand: TestUser;

  const call = (method: 'GET' | 'POST', url: string, user?: TestUser, payload?: object) =>
    ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
  const auditFor = (id: number) =>
    ctx.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestContext({ SMTP_URL: smtp.url });
    staff = await createUser(ctx, { role: 'staff' });
    creator = await createUser(ctx, { role: 'creator', firstName: 'Agnès', lastName: 'Varda' });
    otherCreator = await createUser(ctx, { role: 'creator' });
    brand = await createUser(ctx, { role: 'brand' });
    otherBrand = await createUser(ctx, { role: 'brand' });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('admits staff only to every review call: 401 anonymous, 403 creators and brands', async () => {
    const video = await createVideoRow(ctx, creator);
    const calls: Array<['GET' | 'POST', string, object?]> = [
      ['GET', '/api/staff/videos/?review=pending'],
      ['POST', `/api/staff/videos/${video.id}/approve/`],
      ['POST', `/api/staff/videos/${video.id}/reject/`, { reason: 'Too dark' }],
      ['POST', '/api/staff/videos/approve/', { ids: [video.id] }],
      ['POST', '/api/staff/videos/reject/', { ids: [video.id], reason: 'Too dark' }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, undefined, payload)).statusCode, url).toBe(401);
      for (const user of [creator, otherCreator, brand, otherBrand]) {
        const res = await call(method, url, user, payload);
        expect(res.statusCode, `${user.role} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'forbidden', detail: STAFF_MESSAGES.staffOnly });
      }
    }
    expect((await call('GET', '/api/staff/videos/', staff)).statusCode).toBe(200);
    // Nothing was decided by the refused calls.
    const [row] = await ctx.deps.database.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row!.reviewStatus).toBe('pending');
  });

  it('lists the queue oldest first with the creator e-mail, filtered by decision or failed processing', async () => {
    const owner = await createUser(ctx, { role: 'creator' });
    const older = await createVideoRow(ctx, owner, { createdAt: new Date('2020-01-01T00:00:00Z') });
    const newer = await createVideoRow(ctx, owner, { createdAt: new Date('2020-01-02T00:00:00Z') });
    const failed = await createVideoRow(ctx, owner, {
      status: 'failed',
      createdAt: new Date('2020-01-03T00:00:00Z'),
    });
    const res = await call('GET', '/api/staff/videos/?review=pending', staff);
    expect(res.statusCode).toBe(200);
    const page = res.json<StaffVideoPage>();
    const ids = page.results.map((v) => v.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(ids).not.toContain(failed.id);
    expect(page.results.find((v) => v.id === older.id)).toMatchObject({
      review_status: 'pending',
      review_reason: null,
      creator_email: owner.email,
      is_approved: false,
    });
    const failedPage = (await call('GET', '/api/staff/videos/?review=failed', staff)).json<StaffVideoPage>();
    expect(failedPage.results.map((v) => v.id)).toContain(failed.id);
    expect((await call('GET', '/api/staff/videos/?review=bogus', staff)).statusCode).toBe(400);
  });

  it('approving makes the video public in the library and search at once, once, with one e-mail', async () => {
    const video = await createVideoRow(ctx, creator, { title: 'Velvet chair sunrise' });
    const res = await call('POST', `/api/staff/videos/${video.id}/approve/`, staff);
    expect(res.statusCode).toBe(200);
    expect(res.json<Video>()).toMatchObject({ id: video.id, is_approved: true, review_status: 'approved' });
    const library = (await call('GET', '/api/videos/videos/')).json<VideoPage>();
    expect(library.results.map((v) => v.id)).toContain(video.id);
    const search = (await call('GET', '/api/videos/search/?query=velvet')).json<VideoPage>();
    expect(search.results.map((v) => v.id)).toContain(video.id);

    const again = await call('POST', `/api/staff/videos/${video.id}/reject/`, staff, {
      reason: 'Changed my mind',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_decided', detail: STAFF_MESSAGES.alreadyDecided });

    const mails = await smtp.waitFor(creator.email);
    const about = mails.filter((m) => m.raw.includes('Velvet chair sunrise'));
    expect(about).toHaveLength(1);
    expect(about[0]!.raw).toMatch(/approved/);
    const audit = await auditFor(video.id);
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: staff.id,
        actorEmail: staff.email,
        action: 'video.approve',
        targetType: 'video',
        before: { review_status: 'pending', review_reason: null },
        after: { review_status: 'approved', review_reason: null },
      }),
    ]);
  });

  it('rejecting needs a reason, keeps the video private and shows the reason to its owner only', async () => {
    const video = await createVideoRow(ctx, creator, { title: 'Shaky take' });
    const url = `/api/staff/videos/${video.id}/reject/`;
    expect((await call('POST', url, staff, {})).statusCode).toBe(400);
    expect((await call('POST', url, staff, { reason: '   ' })).statusCode).toBe(400);
    expect((await call('POST', url, staff, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    const res = await call('POST', url, staff, { reason: 'The picture is too shaky.' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Video>()).toMatchObject({
      is_approved: false,
      review_status: 'rejected',
      review_reason: 'The picture is too shaky.',
    });
    expect((await call('GET', `/api/videos/videos/${video.id}/`)).statusCode).toBe(404);
    expect((await call('GET', `/api/videos/videos/${video.id}/`, otherCreator)).statusCode).toBe(404);
    const own = await call('GET', `/api/videos/videos/${video.id}/`, creator);
    expect(own.json<Video>()).toMatchObject({
      review_status: 'rejected',
      review_reason: 'The picture is too shaky.',
    });
    const dashboard = await call('GET', '/api/videos/videos/?mine=true', creator);
    expect(dashboard.json<VideoPage>().results.find((v) => v.id === video.id)).toMatchObject({
      review_reason: 'The picture is too shaky.',
    });
    const aboutIt = () => smtp.to(creator.email).filter((m) => m.raw.includes('Shaky take'));
    await expect.poll(() => aboutIt().length, { timeout: 15_000 }).toBe(1);
    expect(aboutIt()[0]!.raw.replace(/=\r?\n/g, '')).toContain('too shaky');
  });

  it('two staff deciding at once: exactly one 200, one 409, one e-mail, one audit row', async () => {
    const secondStaff = await createUser(ctx, { role: 'staff' });
    const owner = await createUser(ctx, { role: 'creator' });
    for (let round = 0; round < 3; round++) {
      const video = await createVideoRow(ctx, owner, { title: `Race ${round}` });
      const results = await Promise.all([
        call('POST', `/api/staff/videos/${video.id}/approve/`, staff),
        call('POST', `/api/staff/videos/${video.id}/reject/`, secondStaff, { reason: 'Off brief' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await auditFor(video.id)).toHaveLength(1);
    }
    await smtp.waitFor(owner.email, 3);
    await ctx.mailSettled();
    expect(smtp.to(owner.email)).toHaveLength(3);
  });

  it('bulk decisions answer per id: decided, conflict, not found', async () => {
    const a = await createVideoRow(ctx, creator);
    const b = await createVideoRow(ctx, creator);
    await call('POST', `/api/staff/videos/${b.id}/approve/`, staff);
    const res = await call('POST', '/api/staff/videos/reject/', staff, {
      ids: [a.id, b.id, 999_999],
      reason: 'Off brief',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { id: a.id, outcome: 'decided', detail: null },
      { id: b.id, outcome: 'conflict', detail: STAFF_MESSAGES.alreadyDecided },
      { id: 999_999, outcome: 'not_found', detail: expect.any(String) },
    ]);
    expect((await call('POST', '/api/staff/videos/approve/', staff, { ids: [] })).statusCode).toBe(400);
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1);
    expect((await call('POST', '/api/staff/videos/approve/', staff, { ids: tooMany })).statusCode).toBe(400);
    expect((await call('POST', '/api/staff/videos/999999/approve/', staff)).statusCode).toBe(404);
  });

  it('the admin CLI approves through the same service and is recorded as the actor', async () => {
    const video = await createVideoRow(ctx, creator);
    await expect(approveVideo(ctx.deps, [String(video.id)])).resolves.toMatch(/^Approved video/);
    await expect(approveVideo(ctx.deps, [String(video.id)])).rejects.toThrow(/already decided/);
    const audit = await auditFor(video.id);
    expect(audit).toEqual([expect.objectContaining({ actorId: null, actorEmail: 'admin-cli' })]);
  });

  it('a decision that fails writes no audit row and changes nothing', async () => {
    const video = await createVideoRow(ctx, creator);
    // The e-mail lookup happens inside the transaction; a failure after the audit row rolls it back.
    const service = createVideosService(
      {
        ...ctx.deps,
        database: {
          ...ctx.deps.database,
          db: new Proxy(ctx.deps.database.db, {
            get(target, prop, receiver) {
              if (prop !== 'transaction') return Reflect.get(target, prop, receiver);
              return (work: (tx: unknown) => Promise<unknown>) =>
                target.transaction(async (tx) => {
                  await work(tx);
                  throw new Error('the change failed after its audit row');
                });
            },
          }),
        },
      },
      videosPorts,
    );
    await expect(service.review({ userId: staff.id }, video.id, { status: 'approved' })).rejects.toThrow(
      'the change failed',
    );
    expect(await auditFor(video.id)).toHaveLength(0);
    const [row] = await ctx.deps.database.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row).toMatchObject({ reviewStatus: 'pending', isApproved: false });
  });

  it('the audit log is append-only: the database refuses to change or delete a row', async () => {
    const video = await createVideoRow(ctx, creator);
    await call('POST', `/api/staff/videos/${video.id}/approve/`, staff);
    const db = ctx.deps.database.db;
    await expect(
      db
        .update(auditLog)
        .set({ action: 'forged' })
        .where(eq(auditLog.targetId, String(video.id))),
    ).rejects.toThrow();
    await expect(db.delete(auditLog).where(eq(auditLog.targetId, String(video.id)))).rejects.toThrow();
    expect(await auditFor(video.id)).toHaveLength(1);
  });
});
