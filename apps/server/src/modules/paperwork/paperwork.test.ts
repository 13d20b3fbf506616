import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAPERWORK_MESSAGES, type Payee, type Release } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { auditLog, entryReleases, ledgerEntries, payees } from '../../db/schema/index';
import { makeEntry, makeJudgingContest } from '../judging/test-support';
import { PAYEE, postRelease, RELEASE_PDF } from './test-support';

describe('winner paperwork: releases, payee details, the payout gate (issue 31)', () => {
  let ctx: TestContext;
  const logLines: string[] = [];
  let staff: TestUser;
  let winner: TestUser;
  let brandUser: TestUser;
  let otherCreator: TestUser;
  let otherBrand: TestUser;
  let entryId: number;

  const db = () => ctx.deps.database.db;
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, user?: TestUser, payload?: object) =>
    ctx.app.inject({ method, url, ...(payload ? { payload } : {}), headers: user?.headers ?? {} });
  /** Every stored file under the private prefix (release forms). */
  const privateFiles = () => {
    try {
      return readdirSync(path.join(ctx.dataDir, 'media', 'private'), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
        .sort();
    } catch {
      return [];
    }
  };

  beforeAll(async () => {
    ctx = await createTestContext(
      {},
      { log: pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) }) },
    );
    const contest = await makeJudgingContest(db());
    staff = await createUser(ctx, { role: 'staff' });
    winner = await createUser(ctx, { role: 'creator', firstName: 'Jordan', lastName: 'Lee' });
    otherCreator = await createUser(ctx, { role: 'creator' });
    brandUser = await createUser(ctx, { role: 'brand', brandId: contest.brandId });
    const other = await makeJudgingContest(db());
    otherBrand = await createUser(ctx, { role: 'brand', brandId: other.brandId });
    ({ entryId } = await makeEntry(db(), contest, winner));
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('the entrant files a release; the entrant, staff and the brand see it, nobody else', async () => {
    const filed = await postRelease(ctx.app, winner, entryId, {
      kind: 'talent',
      bytes: RELEASE_PDF,
      filename: 'Talent release — Jordan.pdf',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const release = filed.json<Release>();
    expect(release).toMatchObject({
      kind: 'talent',
      status: 'pending',
      file_name: 'Talent-release-Jordan.pdf',
    });

    for (const viewer of [winner, staff, brandUser]) {
      const list = await call('GET', `/api/entries/${entryId}/releases/`, viewer);
      expect(list.statusCode).toBe(200);
      expect(list.json<Release[]>().map((r) => r.id)).toContain(release.id);
    }
    for (const outsider of [otherCreator, otherBrand])
      expect((await call('GET', `/api/entries/${entryId}/releases/`, outsider)).statusCode).toBe(404);
    expect((await call('GET', `/api/entries/${entryId}/releases/`)).statusCode).toBe(401);

    // Only the entrant files releases: staff see the entry but may not file for them.
    const byStaff = await postRelease(ctx.app, staff, entryId, { kind: 'talent', bytes: RELEASE_PDF });
    expect(byStaff.statusCode).toBe(403);
    expect(
      (await postRelease(ctx.app, otherCreator, entryId, { kind: 'talent', bytes: RELEASE_PDF })).statusCode,
    ).toBe(404);

    // The file: through its link's token for whoever may see the entry, never under /media.
    const download = await ctx.app.inject({ method: 'GET', url: release.file_url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="Talent-release-Jordan.pdf"');
    expect(download.rawPayload.equals(RELEASE_PDF)).toBe(true);
    const [stored] = await db().select().from(entryReleases).where(eq(entryReleases.id, release.id));
    expect((await ctx.app.inject({ method: 'GET', url: `/media/${stored!.fileKey}` })).statusCode).toBe(404);
    const otherToken = (await call('GET', `/api/entries/${entryId}/releases/`, brandUser))
      .json<Release[]>()[0]!
      .file_url.split('token=')[1]!;
    // A token opens only the release it was made for.
    const filedAgain = (
      await postRelease(ctx.app, winner, entryId, { kind: 'location', bytes: RELEASE_PDF })
    ).json<Release>();
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/releases/${filedAgain.id}/file/?token=${otherToken}`,
        })
      ).statusCode,
    ).toBe(401);
    // The brand's download is audited; the entrant's own is not.
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/releases/${release.id}/file/?token=${otherToken}` }))
        .statusCode,
    ).toBe(200);
    const downloads = await db().select().from(auditLog).where(eq(auditLog.action, 'release.download'));
    expect(downloads.map((row) => row.actorId)).toEqual([brandUser.id]);
  });

  it('refuses what is not a plain PDF, JPEG or PNG, and keeps nothing of it', async () => {
    const before = { files: privateFiles(), rows: (await db().select().from(entryReleases)).length };
    const executable = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
      Buffer.alloc(2048, 1),
    ]);
    const exe = await postRelease(ctx.app, winner, entryId, {
      kind: 'talent',
      bytes: executable,
      filename: 'release.pdf',
    });
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toMatchObject({ code: 'validation', detail: PAPERWORK_MESSAGES.releaseType });
    const scripted = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF\n',
      'latin1',
    );
    const active = await postRelease(ctx.app, winner, entryId, { kind: 'talent', bytes: scripted });
    expect(active.json()).toMatchObject({ detail: PAPERWORK_MESSAGES.releaseActive });
    const truncated = await postRelease(ctx.app, winner, entryId, {
      kind: 'talent',
      bytes: RELEASE_PDF.subarray(0, 60),
    });
    expect(truncated.statusCode).toBe(400);
    const badKind = await postRelease(ctx.app, winner, entryId, { kind: 'passport', bytes: RELEASE_PDF });
    expect(badKind.json()).toMatchObject({ code: 'validation', detail: PAPERWORK_MESSAGES.releaseKind });
    const huge = Buffer.concat([RELEASE_PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await postRelease(ctx.app, winner, entryId, { kind: 'talent', bytes: huge });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ detail: PAPERWORK_MESSAGES.releaseTooLarge });
    expect({ files: privateFiles(), rows: (await db().select().from(entryReleases)).length }).toEqual(before);
  });

  it('staff approve or reject (with a reason the entrant is e-mailed); each decision once, audited', async () => {
    const release = (
      await postRelease(ctx.app, winner, entryId, { kind: 'music', bytes: RELEASE_PDF })
    ).json<Release>();
    for (const user of [winner, brandUser])
      expect(
        (await call('POST', `/api/releases/${release.id}/reject/`, user, { reason: 'x' })).statusCode,
      ).toBe(403);
    const blank = await call('POST', `/api/releases/${release.id}/reject/`, staff, { reason: '  ' });
    expect(blank.json()).toMatchObject({ code: 'validation', detail: PAPERWORK_MESSAGES.reasonRequired });
    const rejected = await call('POST', `/api/releases/${release.id}/reject/`, staff, {
      reason: 'The licence does not name this film.',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      reason: 'The licence does not name this film.',
    });
    const again = await call('POST', `/api/releases/${release.id}/approve/`, staff);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'already_decided',
      detail: PAPERWORK_MESSAGES.releaseDecided,
    });
    const mail = await ctx.waitForEmail(winner.email, { containing: 'rejected' });
    expect(mail).toContain('The licence does not name this film.');
    expect(mail).toContain(`/entries/${entryId}`);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(release.id)));
    expect(audit.map((row) => [row.action, row.actorId])).toEqual([['release.reject', staff.id]]);
  });

  it('payee details: the taxpayer id is sealed, shown only by its last four, never logged or mailed', async () => {
    // Nothing entered yet is a normal state: 200 with null (a page asking for them logs no error).
    const none = await call('GET', '/api/accounts/creators/payee/', winner);
    expect([none.statusCode, none.json()]).toEqual([200, null]);
    const noneForStaff = await call('GET', `/api/payouts/payees/${otherCreator.id}/`, staff);
    expect([noneForStaff.statusCode, noneForStaff.json()]).toEqual([200, null]);
    const bad = await call('PUT', '/api/accounts/creators/payee/', winner, { ...PAYEE, tax_id: '12' });
    expect(bad.json()).toMatchObject({ code: 'validation', detail: PAPERWORK_MESSAGES.taxId });
    const saved = await call('PUT', '/api/accounts/creators/payee/', winner, PAYEE);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Payee>()).toMatchObject({
      legal_name: PAYEE.legal_name,
      country: 'US',
      tax_form: 'W-9',
      tax_id_last4: '6789',
    });
    const read = await call('GET', '/api/accounts/creators/payee/', winner);
    const forStaff = await call('GET', `/api/payouts/payees/${winner.id}/`, staff);
    expect(forStaff.json<Payee>().tax_id_last4).toBe('6789');
    for (const user of [winner, brandUser])
      expect((await call('GET', `/api/payouts/payees/${winner.id}/`, user)).statusCode).toBe(403);
    for (const user of [staff, brandUser])
      expect((await call('PUT', '/api/accounts/creators/payee/', user, PAYEE)).statusCode).toBe(403);
    const views = await db().select().from(auditLog).where(eq(auditLog.action, 'payee.view'));
    expect(views.map((row) => [row.actorId, row.targetId])).toEqual([[staff.id, String(winner.id)]]);

    const [row] = await db().select().from(payees).where(eq(payees.userId, winner.id));
    const secret = [PAYEE.tax_id, PAYEE.tax_id.replace(/-/g, '')];
    for (const text of [
      saved.body,
      read.body,
      forStaff.body,
      row!.taxIdSealed,
      logLines.join('\n'),
      ctx.outbox().join('\n'),
    ])
      for (const form of secret) expect(text).not.toContain(form);
  });

  it('each change of payee details is audited and e-mailed to the creator, whatever their e-mail preferences', async () => {
    const creator = await createUser(ctx, { role: 'creator' });
    // Security notices are not a category the creator can turn off.
    const off = await call('PUT', '/api/accounts/notification-preferences/', creator, {
      contest_updates: false,
      review_notes: false,
      results: false,
      announcements: false,
    });
    expect(off.statusCode).toBe(200);
    const audited = async () =>
      (await db().select().from(auditLog).where(eq(auditLog.action, 'payee.update')))
        .filter((row) => row.targetId === String(creator.id))
        .map((row) => [row.actorId, row.targetType, row.before, row.after]);

    expect((await call('PUT', '/api/accounts/creators/payee/', creator, PAYEE)).statusCode).toBe(200);
    const entered = await ctx.waitForEmail(creator.email, { containing: 'payout details' });
    expect(entered).toContain('legal name, country, postal address, tax form and taxpayer id');
    expect(await audited()).toEqual([
      [
        creator.id,
        'user',
        { entered: false },
        { changed: ['legal_name', 'country', 'address', 'tax_form', 'tax_id'] },
      ],
    ]);

    // Saved again unchanged: nothing changed, nothing to tell.
    expect((await call('PUT', '/api/accounts/creators/payee/', creator, PAYEE)).statusCode).toBe(200);
    const moved = { ...PAYEE, address: '9 Other Road, Salem, OR 97301', tax_id: '987-65-4321' };
    expect((await call('PUT', '/api/accounts/creators/payee/', creator, moved)).statusCode).toBe(200);
    await ctx.mailSettled();
    const mails = ctx.mailsTo(creator.email, 'payout details');
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain('postal address and taxpayer id');
    expect((await audited()).slice(1)).toEqual([
      [creator.id, 'user', { entered: true }, { changed: ['address', 'tax_id'] }],
    ]);
    // The notice names what changed, never the values.
    for (const text of [...mails, JSON.stringify(await audited())])
      for (const secret of [PAYEE.tax_id, moved.tax_id, moved.address]) expect(text).not.toContain(secret);
  });

  it('a prize is paid once releases are approved and payee details exist (409 paperwork_incomplete)', async () => {
    const contest = await makeJudgingContest(db());
    const creator = await createUser(ctx, { role: 'creator' });
    const { entryId: won } = await makeEntry(db(), contest, creator);
    expect(
      (
        await call('POST', `/api/contests/${contest.id}/results/`, staff, {
          places: [{ entry_id: won, place: 1, prize_cents: 50_000 }],
        })
      ).statusCode,
    ).toBe(201);
    const [earning] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.entryId, won));
    const pay = () =>
      call('POST', '/api/payouts/', staff, {
        earning_id: earning!.id,
        method: 'bank_transfer',
        reference: 'REF-1',
      });
    const missing = async () => {
      const res = await pay();
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'paperwork_incomplete',
        detail: PAPERWORK_MESSAGES.incomplete,
      });
      return res.json<{ missing: string[] }>().missing;
    };
    expect(await missing()).toEqual(['payee_details', 'no_releases']);
    const music = (
      await postRelease(ctx.app, creator, won, { kind: 'music', bytes: RELEASE_PDF })
    ).json<Release>();
    expect(await missing()).toEqual(['payee_details', 'releases_pending']);
    await call('POST', `/api/releases/${music.id}/reject/`, staff, { reason: 'Unsigned.' });
    await call('PUT', '/api/accounts/creators/payee/', creator, PAYEE);
    expect(await missing()).toEqual(['releases_rejected']);
    const replacement = (
      await postRelease(ctx.app, creator, won, { kind: 'music', bytes: RELEASE_PDF })
    ).json<Release>();
    await call('POST', `/api/releases/${replacement.id}/approve/`, staff);
    const paid = await pay();
    expect(paid.statusCode, paid.body).toBe(201);
  });
});
