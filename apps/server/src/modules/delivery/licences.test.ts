import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LICENCE_MESSAGES,
  type ContestResponse,
  type Delivery,
  type EntryLicence,
  type LicenceVerification,
} from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import type { TestUser } from '../../../test/factories';
import type { JudgingContest } from '../judging/test-support';
import { eq } from 'drizzle-orm';
import { licences } from '../../db/schema/index';
import { licenceRemindersJob } from './licences.jobs';
import { makePlacedCast, pdfText, publishPlace, storeMaster } from './test-support';

describe('licences with terms (issue 51)', () => {
  let ctx: TestContext;
  let staff: TestUser;
  let winner: TestUser;
  let brandUser: TestUser;
  let otherBrand: TestUser;
  let otherCreator: TestUser;
  let contest: JudgingContest;
  let entryId: number;
  let loserId: number;
  let sha256: string;

  const db = () => ctx.deps.database.db;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, user?: TestUser, payload?: object) =>
    ctx.app.inject({ method, url, ...(payload ? { payload } : {}), headers: user?.headers ?? {} });

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ contest, staff, winner, brandUser, otherBrand, otherCreator, entryId, loserId, sha256 } =
      await makePlacedCast(ctx, {
        contestTitle: 'Licensed Film Contest',
        entryTitle: 'Desk at dawn',
        winner: { firstName: 'Ada', lastName: 'Moss' },
      }));
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('a contest states the grant in fields: the default agreement’s terms, editable by staff', async () => {
    const before = (await call('GET', `/api/contests/${contest.id}/`, staff)).json<ContestResponse>();
    expect(before.licence_terms).toEqual({
      channels: ['organic_social', 'paid_social', 'web'],
      territories: ['worldwide'],
      term_months: 24,
      exclusive: false,
    });
    const bad = await call('PATCH', `/api/contests/${contest.id}/`, staff, {
      licence_terms: { channels: [], territories: ['usa'], term_months: 0, exclusive: true },
    });
    expect(bad.statusCode).toBe(400);
    const res = await call('PATCH', `/api/contests/${contest.id}/`, staff, {
      licence_terms: { channels: ['web', 'tv'], territories: ['us', 'GB'], term_months: 12, exclusive: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ContestResponse>().licence_terms).toEqual({
      channels: ['web', 'tv'],
      territories: ['US', 'GB'],
      term_months: 12,
      exclusive: true,
    });
  });

  it('no licence before the results; then each placed entry has one with the contest’s terms', async () => {
    expect((await call('GET', `/api/entries/${entryId}/licence/`, staff)).statusCode).toBe(404);
    const published = await call('POST', `/api/contests/${contest.id}/results/`, staff, {
      places: [{ entry_id: entryId, place: 1, prize_cents: 50_000 }],
    });
    expect(published.statusCode, published.body).toBe(201);
    // Issued at publication, before anyone reads it.
    const issued = await db().select().from(licences).where(eq(licences.contestId, contest.id));
    expect(issued.map((l) => l.entryId)).toEqual([entryId]);

    const seen = new Set<string>();
    for (const user of [staff, brandUser, winner]) {
      const res = await call('GET', `/api/entries/${entryId}/licence/`, user);
      expect(res.statusCode, res.body).toBe(200);
      const licence = res.json<EntryLicence>();
      seen.add(licence.id);
      expect(licence).toMatchObject({
        status: 'valid',
        channels: ['web', 'tv'],
        territories: ['US', 'GB'],
        exclusive: true,
        master_sha256: sha256,
      });
      expect(licence.id).toMatch(/^lic_[a-z2-7]{26}$/);
      expect(licence.verify_url).toBe(`${ctx.deps.config.PUBLIC_URL}/licences/${licence.id}`);
      const start = new Date(licence.starts_at);
      const end = new Date(licence.ends_at);
      expect(
        end.getUTCFullYear() * 12 + end.getUTCMonth() - (start.getUTCFullYear() * 12 + start.getUTCMonth()),
      ).toBe(12);
    }
    expect(seen.size).toBe(1);
    for (const user of [otherBrand, otherCreator])
      expect((await call('GET', `/api/entries/${entryId}/licence/`, user)).statusCode).toBe(404);
    expect((await call('GET', `/api/entries/${entryId}/licence/`)).statusCode).toBe(401);
    const loser = await call('GET', `/api/entries/${loserId}/licence/`, staff);
    expect(loser.statusCode).toBe(404);
  });

  it('a correction that places an entry issues its licence; the others keep theirs', async () => {
    const before = await db().select().from(licences).where(eq(licences.entryId, entryId));
    await storeMaster(ctx, loserId);
    const corrected = await call('POST', `/api/contests/${contest.id}/results/corrections/`, staff, {
      places: [
        { entry_id: entryId, place: 1, prize_cents: 50_000 },
        { entry_id: loserId, place: 2, prize_cents: 0 },
      ],
      reason: 'A tie was missed.',
    });
    expect(corrected.statusCode, corrected.body).toBe(201);
    const rows = await db().select().from(licences).where(eq(licences.contestId, contest.id));
    expect(rows.map((l) => l.entryId).sort()).toEqual([entryId, loserId].sort());
    expect(rows.find((l) => l.entryId === entryId)!.id).toBe(before[0]!.id);
  });

  it('anyone verifies a licence by its id; an unknown id is 404', async () => {
    const licence = (await call('GET', `/api/entries/${entryId}/licence/`, winner)).json<EntryLicence>();
    const res = await call('GET', `/api/licences/${licence.id}/verify/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<LicenceVerification>()).toEqual({
      status: 'valid',
      brand: expect.any(String),
      contest: 'Licensed Film Contest',
      title: 'Desk at dawn v1',
      channels: ['web', 'tv'],
      territories: ['US', 'GB'],
      exclusive: true,
      starts_at: licence.starts_at,
      ends_at: licence.ends_at,
      master_sha256: sha256,
    });
    for (const id of ['lic_aaaaaaaaaaaaaaaaaaaaaaaaaa', 'x']) {
      const unknown = await call('GET', `/api/licences/${id}/verify/`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ detail: LICENCE_MESSAGES.notFound });
    }
  });

  it('the certificate prints the terms, the licence id and the verification link', async () => {
    const licence = (await call('GET', `/api/entries/${entryId}/licence/`, staff)).json<EntryLicence>();
    const delivery = (await call('GET', `/api/entries/${entryId}/delivery/`, brandUser)).json<Delivery>();
    const res = await ctx.app.inject({ method: 'GET', url: delivery.certificate_url });
    expect(res.statusCode).toBe(200);
    const flat = pdfText(ctx, res.rawPayload).replace(/\s+/g, ' ');
    expect(flat).toContain('an exclusive, royalty-free licence');
    expect(flat).toContain('Channels: Web, TV Territories: US, GB Exclusivity: Exclusive');
    expect(flat).toContain(`Licence id: ${licence.id}`);
    expect(flat).toContain(`Verify at: ${licence.verify_url}`);
    expect(flat).toContain(`Licence ends: ${licence.ends_at.slice(0, 10)}`);
  });
});

describe('revoking a licence (issue 51)', () => {
  let ctx: TestContext;
  let staff: TestUser;
  let winner: TestUser;
  let brandUser: TestUser;
  let entryId: number;

  const call = (method: 'GET' | 'POST', url: string, user?: TestUser, payload?: object) =>
    ctx.app.inject({ method, url, ...(payload ? { payload } : {}), headers: user?.headers ?? {} });

  beforeAll(async () => {
    ctx = await createTestContext();
    const cast = await makePlacedCast(ctx, {
      contestTitle: 'Revoked Film Contest',
      entryTitle: 'Pulled film',
    });
    ({ staff, winner, brandUser, entryId } = cast);
    await publishPlace(ctx, cast);
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('verify valid → staff revoke with a reason (audited, both parties told) → verify says revoked', async () => {
    const licence = (await call('GET', `/api/entries/${entryId}/licence/`, winner)).json<EntryLicence>();
    expect((await call('GET', `/api/licences/${licence.id}/verify/`)).json()).toMatchObject({
      status: 'valid',
    });
    const body = { reason: 'Takedown: a music claim on the soundtrack.' };
    for (const user of [winner, brandUser])
      expect((await call('POST', `/api/licences/${licence.id}/revoke/`, user, body)).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/licences/${licence.id}/revoke/`, staff, { reason: ' ' })).statusCode,
    ).toBe(400);
    const res = await call('POST', `/api/licences/${licence.id}/revoke/`, staff, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EntryLicence>().status).toBe('revoked');
    expect((await call('POST', `/api/licences/${licence.id}/revoke/`, staff, body)).statusCode).toBe(409);
    expect((await call('GET', `/api/licences/${licence.id}/verify/`)).json()).toMatchObject({
      status: 'revoked',
    });
    expect((await call('GET', `/api/entries/${entryId}/licence/`, brandUser)).json()).toMatchObject({
      status: 'revoked',
    });
    const audit = await call('GET', `/api/staff/audit/?action=licence.revoke`, staff);
    expect(
      audit.json<{ results: Array<{ target_id: string; after: Record<string, unknown> }> }>().results,
    ).toEqual([
      expect.objectContaining({
        target_id: licence.id,
        after: expect.objectContaining({ reason: body.reason }),
      }),
    ]);
    for (const user of [winner, brandUser]) {
      expect(await ctx.waitForEmail(user.email, { containing: 'was revoked' })).toContain(body.reason);
    }
    await ctx.mailSettled();
    expect(ctx.mailsTo(winner.email, 'was revoked')).toHaveLength(1);
    expect(ctx.mailsTo(staff.email, 'was revoked')).toHaveLength(0);
  });
});

describe('licence expiry reminders (issue 51)', () => {
  let ctx: TestContext;
  let winner: TestUser;
  let brandUser: TestUser;
  let licenceId: string;

  const db = () => ctx.deps.database.db;
  const endIn = (days: number) =>
    db()
      .update(licences)
      .set({ endsAt: new Date(Date.now() + days * 86_400_000) })
      .where(eq(licences.id, licenceId));
  const sweep = async () => {
    await ctx.deps.queue.send(licenceRemindersJob, {});
    // The sweep's own e-mails are queued by the job: wait for the queue to be idle.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await ctx.mailSettled();
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    const cast = await makePlacedCast(ctx, {
      contestTitle: 'Reminded Film Contest',
      entryTitle: 'Ending film',
    });
    ({ winner, brandUser } = cast);
    const { entryId } = cast;
    await publishPlace(ctx, cast);
    const res = await ctx.app.inject({ url: `/api/entries/${entryId}/licence/`, headers: winner.headers });
    licenceId = res.json<EntryLicence>().id;
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('the brand and the creator are reminded 30 and 7 days before the end, once each', async () => {
    await sweep();
    expect(ctx.mailsTo(winner.email, 'may propose an extension')).toHaveLength(0);
    await endIn(20);
    await sweep();
    for (const user of [winner, brandUser]) await ctx.waitForEmail(user.email, { containing: 'in 30 days.' });
    await sweep();
    for (const user of [winner, brandUser]) {
      expect(ctx.mailsTo(user.email, 'in 30 days.')).toHaveLength(1);
      expect(ctx.mailsTo(user.email, 'in 7 days.')).toHaveLength(0);
    }
    await endIn(5);
    await sweep();
    for (const user of [winner, brandUser]) await ctx.waitForEmail(user.email, { containing: 'in 7 days.' });
    await sweep();
    for (const user of [winner, brandUser]) {
      expect(ctx.mailsTo(user.email, 'in 30 days.')).toHaveLength(1);
      expect(ctx.mailsTo(user.email, 'in 7 days.')).toHaveLength(1);
    }
    // Ended: no more reminders; the public check says expired.
    await endIn(-1);
    await sweep();
    expect(ctx.mailsTo(winner.email, 'may propose an extension')).toHaveLength(2);
    const verify = await ctx.app.inject({ url: `/api/licences/${licenceId}/verify/` });
    expect(verify.json()).toMatchObject({ status: 'expired' });
  });
});
