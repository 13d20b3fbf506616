import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES, LICENCE_GRANT, type Delivery, type Entry, type Release } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import type { TestUser } from '../../../test/factories';
import { auditLog, videos } from '../../db/schema/index';
import type { JudgingContest } from '../judging/test-support';
import { postRelease, RELEASE_PDF } from '../paperwork/test-support';
import { acceptedAgreement, recordAgreementAcceptance } from '../contests';
import { makePlacedCast, pdfText, storeMaster } from './test-support';

describe('delivery and licence certificate of a winning entry (issue 31)', () => {
  let ctx: TestContext;
  let staff: TestUser;
  let winner: TestUser;
  let brandUser: TestUser;
  let otherBrand: TestUser;
  let otherCreator: TestUser;
  let contest: JudgingContest;
  let entryId: number;
  let loserId: number;
  let approvedId: number;
  let pendingId: number;

  const db = () => ctx.deps.database.db;
  const call = (method: 'GET' | 'POST', url: string, user?: TestUser, payload?: object) =>
    ctx.app.inject({ method, url, ...(payload ? { payload } : {}), headers: user?.headers ?? {} });
  const currentAgreementSha = async () =>
    (await acceptedAgreement(db(), { contestId: contest.id, userId: winner.id }))!;
  const auditRows = (action: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(entryId))));

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ contest, staff, winner, brandUser, otherBrand, otherCreator, entryId, loserId } = await makePlacedCast(
      ctx,
      {
        contestTitle: 'Chair Film Contest',
        entryTitle: 'Morning desk',
        versions: 2,
        winner: { firstName: 'Jordan', lastName: 'Lee' },
      },
    ));
    // The winner accepted the contest's agreement with the entry (what the certificate names).
    await recordAgreementAcceptance(db(), {
      contestId: contest.id,
      userId: winner.id,
      sha256: undefined,
      clientIp: '203.0.113.9',
      context: 'entry',
      refId: entryId,
    });
    const filed = async (kind: 'talent' | 'location') =>
      (await postRelease(ctx.app, winner, entryId, { kind, bytes: RELEASE_PDF })).json<Release>().id;
    approvedId = await filed('talent');
    pendingId = await filed('location');
    expect((await call('POST', `/api/releases/${approvedId}/approve/`, staff)).statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('nobody gets a delivery before the results are published', async () => {
    for (const user of [staff, brandUser]) {
      const res = await call('GET', `/api/entries/${entryId}/delivery/`, user);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: DELIVERY_MESSAGES.notDelivered });
      expect((await call('GET', `/api/entries/${entryId}/certificate.pdf`, user)).statusCode).toBe(404);
    }
    const published = await call('POST', `/api/contests/${contest.id}/results/`, staff, {
      places: [{ entry_id: entryId, place: 1, prize_cents: 50_000 }],
    });
    expect(published.statusCode, published.body).toBe(201);
  });

  it('staff and the contest’s brand get the delivery; the entrant 403, others 404, anonymous 401', async () => {
    for (const user of [staff, brandUser]) {
      const res = await call('GET', `/api/entries/${entryId}/delivery/`, user);
      expect(res.statusCode, res.body).toBe(200);
      const delivery = res.json<Delivery>();
      // The master is the judged (newest) version's original, hashed from the stored bytes.
      const stored = readFileSync(path.join(ctx.dataDir, 'media', (await storeMaster(ctx, entryId)).key));
      expect(delivery).toMatchObject({
        entry_id: entryId,
        contest: { id: contest.id, title: 'Chair Film Contest' },
        creator: { id: winner.id, name: 'Jordan Lee' },
        place: 1,
        version: 2,
        title: 'Morning desk v2',
        agreement: { version: 1, sha256: (await currentAgreementSha()).sha256 },
        master: {
          sha256: createHash('sha256').update(stored).digest('hex'),
          size_bytes: stored.length,
          content_type: 'video/mp4',
          file_name: 'Morning-desk-v2.mp4',
        },
      });
      expect(delivery.master.url).toMatch(/^\/api\/entries\/\d+\/delivery\/master\/\?token=/);
      expect(delivery.certificate_url).toMatch(/^\/api\/entries\/\d+\/certificate\.pdf\?token=/);
      expect(delivery.releases.map((r) => r.id)).toEqual([approvedId]);
      expect(delivery.releases.map((r) => r.id)).not.toContain(pendingId);
      expect(delivery.renditions.map((r) => r.format)).toEqual(['mp4', 'hls']);
    }
    expect((await call('GET', `/api/entries/${entryId}/delivery/`, winner)).statusCode).toBe(403);
    for (const user of [otherBrand, otherCreator])
      expect((await call('GET', `/api/entries/${entryId}/delivery/`, user)).statusCode).toBe(404);
    expect((await call('GET', `/api/entries/${entryId}/delivery/`)).statusCode).toBe(401);
    // An entry that placed nowhere has no delivery, results or not.
    const loser = await call('GET', `/api/entries/${loserId}/delivery/`, staff);
    expect(loser.statusCode).toBe(404);
    expect(loser.json()).toMatchObject({ detail: DELIVERY_MESSAGES.notDelivered });
  });

  it('the certificate’s SHA-256 and size are the master’s bytes; it names contest, brand, creator, grant', async () => {
    const { key } = await storeMaster(ctx, entryId);
    const bytes = readFileSync(path.join(ctx.dataDir, 'media', key));
    const delivery = (await call('GET', `/api/entries/${entryId}/delivery/`, brandUser)).json<Delivery>();
    // The link works without an Authorization header (a browser download).
    const res = await ctx.app.inject({ method: 'GET', url: delivery.certificate_url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment');
    const text = pdfText(ctx, res.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    expect(text).toContain(createHash('sha256').update(bytes).digest('hex'));
    expect(flat).toContain(`Size in bytes: ${bytes.length}`);
    expect(flat).toContain('Contest: Chair Film Contest');
    expect(flat).toContain(`Brand: ${delivery.brand.name}`);
    expect(flat).toContain('Creator: Jordan Lee');
    expect(flat).toContain('Agreement version: 1');
    expect(text).toContain((await currentAgreementSha()).sha256);
    expect(flat).toContain(LICENCE_GRANT.terms(delivery.brand.name).replace(/\s+/g, ' ').slice(0, 60));
    expect(flat).toContain(`Licence starts: ${delivery.results_published_at.slice(0, 10)}`);
    expect(flat).toContain(`Licence ends: ${delivery.licence.ends_on}`);
    // The same facts give the same document.
    const again = await call('GET', `/api/entries/${entryId}/certificate.pdf`, staff);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    // The hash was computed once and kept with the video.
    const [video] = await db()
      .select({ sha: videos.originalSha256 })
      .from(videos)
      .where(eq(videos.originalKey, key));
    expect(video!.sha).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('downloads are audited: the delivery’s view, the master, the certificate', async () => {
    const before = {
      view: (await auditRows('delivery.view')).length,
      master: (await auditRows('delivery.download')).length,
      certificate: (await auditRows('certificate.download')).length,
    };
    const delivery = (await call('GET', `/api/entries/${entryId}/delivery/`, brandUser)).json<Delivery>();
    const master = await ctx.app.inject({ method: 'GET', url: delivery.master.url });
    expect(master.statusCode).toBe(200);
    expect(createHash('sha256').update(master.rawPayload).digest('hex')).toBe(delivery.master.sha256);
    expect(master.headers['content-disposition']).toContain('Morning-desk-v2.mp4');
    await ctx.app.inject({ method: 'GET', url: delivery.certificate_url });

    const views = await auditRows('delivery.view');
    const masters = await auditRows('delivery.download');
    const certificates = await auditRows('certificate.download');
    expect(views.length).toBe(before.view + 1);
    expect(masters.length).toBe(before.master + 1);
    expect(certificates.length).toBe(before.certificate + 1);
    expect(masters.at(-1)).toMatchObject({ actorId: brandUser.id, targetType: 'entry' });
    expect(certificates.at(-1)).toMatchObject({ actorId: brandUser.id });

    // A link's token opens only its own file, and nobody's after the caller may no longer see it.
    const token = new URL(delivery.master.url, 'http://x').searchParams.get('token')!;
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/entries/${entryId}/certificate.pdf?token=${token}` }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/entries/${loserId}/delivery/master/?token=${token}`,
        })
      ).statusCode,
    ).toBe(401);
    expect((await call('GET', `/api/entries/${entryId}/delivery/master/`, otherBrand)).statusCode).toBe(404);
    expect((await call('GET', `/api/entries/${entryId}/delivery/master/`, winner)).statusCode).toBe(403);
  });

  it('the entry and the contest’s list of entries show the releases’ state and the place won', async () => {
    const entry = (await call('GET', `/api/entries/${entryId}/`, brandUser)).json<Entry>();
    expect(entry.releases).toEqual({ approved: 1, pending: 1, rejected: 0 });
    expect(entry.place).toBe(1);
    const list = await call('GET', `/api/contests/${contest.id}/entries/`, staff);
    expect(list.statusCode).toBe(200);
    const byId = new Map(list.json<Entry[]>().map((e) => [e.id, e.releases]));
    expect(byId.get(entryId)).toEqual({ approved: 1, pending: 1, rejected: 0 });
    expect(byId.get(loserId)).toEqual({ approved: 0, pending: 0, rejected: 0 });
    const places = new Map(list.json<Entry[]>().map((e) => [e.id, e.place]));
    expect([places.get(entryId), places.get(loserId)]).toEqual([1, null]);
  });
});
