import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LICENCE_MESSAGES,
  PAPERWORK_MESSAGES,
  type EntryLicence,
  type LicenceExtension,
  type NotificationPage,
  type PayoutList,
} from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { auditLog, ledgerEntries } from '../../db/schema/index';
import { completePaperwork } from '../paperwork/test-support';
import { makePlacedCast, publishPlace, type PlacedCast } from './test-support';

/** Months between two ISO instants (the end moves by calendar months). */
const monthsBetween = (from: string, to: string) => {
  const a = new Date(from);
  const b = new Date(to);
  return b.getUTCFullYear() * 12 + b.getUTCMonth() - (a.getUTCFullYear() * 12 + a.getUTCMonth());
};

describe('licence extensions (issue 51)', () => {
  let ctx: TestContext;
  let cast: PlacedCast & { licenceId: string };
  let manager: TestUser;
  let reviewer: TestUser;
  let viewer: TestUser;

  const call = (method: 'GET' | 'POST', url: string, user?: TestUser, payload?: object) =>
    ctx.app.inject({ method, url, ...(payload ? { payload } : {}), headers: user?.headers ?? {} });
  const licence = async () =>
    (await call('GET', `/api/entries/${cast.entryId}/licence/`, cast.winner)).json<EntryLicence>();
  const propose = (user: TestUser, body: object = { months: 12, fee_cents: 75_000 }) =>
    call('POST', `/api/licences/${cast.licenceId}/extensions/`, user, body);
  const verify = async () =>
    (await call('GET', `/api/licences/${cast.licenceId}/verify/`)).json<{
      status: string;
      ends_at: string;
    }>();

  beforeAll(async () => {
    ctx = await createTestContext();
    const placed = await makePlacedCast(ctx, {
      contestTitle: 'Extended Film Contest',
      entryTitle: 'Long run',
    });
    await publishPlace(ctx, placed);
    const brandId = placed.contest.brandId;
    manager = await createUser(ctx, { role: 'brand', brandId, brandRole: 'manager' });
    reviewer = await createUser(ctx, { role: 'brand', brandId, brandRole: 'reviewer' });
    viewer = await createUser(ctx, { role: 'brand', brandId, brandRole: 'viewer' });
    cast = { ...placed, licenceId: '' };
    cast.licenceId = (await licence()).id;
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('bounds the proposal in the spec’s words; reviewers, viewers, creators and other brands may not', async () => {
    for (const [body, detail] of [
      [{ months: 0, fee_cents: 0 }, LICENCE_MESSAGES.extensionMonthsRange],
      [{ months: 61, fee_cents: 0 }, LICENCE_MESSAGES.extensionMonthsRange],
      [{ months: 6, fee_cents: -1 }, LICENCE_MESSAGES.extensionFeeRange],
      [{ months: 6, fee_cents: 10_000_001 }, LICENCE_MESSAGES.extensionFeeRange],
      [{ months: 6, fee_cents: 10.5 }, LICENCE_MESSAGES.extensionFeeRange],
    ] as const) {
      const res = await propose(cast.brandUser, body);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(detail);
    }
    for (const user of [reviewer, viewer, cast.winner]) expect((await propose(user)).statusCode).toBe(403);
    expect((await propose(cast.otherBrand)).statusCode).toBe(404);
    expect(
      (
        await call('POST', '/api/licences/lic_aaaaaaaaaaaaaaaaaaaaaaaaaa/extensions/', cast.staff, {
          months: 1,
          fee_cents: 0,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('declined: the end stays, the brand is told', async () => {
    const before = await licence();
    const res = await propose(manager, { months: 3, fee_cents: 0 });
    expect(res.statusCode, res.body).toBe(201);
    const proposal = res.json<LicenceExtension>();
    expect(proposal).toMatchObject({
      licence_id: cast.licenceId,
      months: 3,
      fee_cents: 0,
      status: 'proposed',
    });
    // Only the creator answers: staff and the brand 403, another creator 404.
    for (const user of [cast.staff, cast.brandUser])
      expect((await call('POST', `/api/licence-extensions/${proposal.id}/decline/`, user)).statusCode).toBe(
        403,
      );
    expect(
      (await call('POST', `/api/licence-extensions/${proposal.id}/decline/`, cast.otherCreator)).statusCode,
    ).toBe(404);
    const declined = await call('POST', `/api/licence-extensions/${proposal.id}/decline/`, cast.winner);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json<LicenceExtension>()).toMatchObject({
      status: 'declined',
      decided_at: expect.any(String),
    });
    expect(
      (await call('POST', `/api/licence-extensions/${proposal.id}/accept/`, cast.winner)).statusCode,
    ).toBe(409);
    expect((await licence()).ends_at).toBe(before.ends_at);
    await ctx.waitForEmail(cast.brandUser.email, { containing: 'declined the extension' });
  });

  it('verify valid → proposed (one at a time) → accepted moves the end → a pending earning in payouts → revoke → revoked', async () => {
    const before = await verify();
    expect(before.status).toBe('valid');
    const res = await propose(cast.brandUser);
    expect(res.statusCode, res.body).toBe(201);
    const proposal = res.json<LicenceExtension>();
    expect(proposal).toMatchObject({ months: 12, fee_cents: 75_000, status: 'proposed', currency: 'USD' });
    expect((await propose(cast.staff)).statusCode).toBe(409);
    expect((await propose(cast.staff)).json()).toMatchObject({ detail: LICENCE_MESSAGES.extensionOpen });

    // The creator is told (inbox and e-mail); the brand's proposal is audited.
    await ctx.waitForEmail(cast.winner.email, { containing: 'proposes to extend' });
    const inbox = (await call('GET', '/api/notifications/', cast.winner)).json<NotificationPage>();
    expect(inbox.results).toContainEqual(
      expect.objectContaining({ kind: 'licence_extension_proposed', url: `/entries/${cast.entryId}` }),
    );
    const audit = await ctx.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'licence.extension.propose'), eq(auditLog.targetId, cast.licenceId)));
    expect(audit.map((a) => a.actorId)).toContain(cast.brandUser.id);
    expect((await licence()).extensions[0]).toMatchObject({ id: proposal.id, status: 'proposed' });

    const accepted = await call('POST', `/api/licence-extensions/${proposal.id}/accept/`, cast.winner);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<LicenceExtension>().status).toBe('accepted');
    const after = await verify();
    expect(after.status).toBe('valid');
    expect(monthsBetween(before.ends_at, after.ends_at)).toBe(12);
    expect((await licence()).ends_at).toBe(after.ends_at);
    await ctx.waitForEmail(cast.brandUser.email, { containing: 'accepted the extension' });

    // The fee: a pending earning of kind licence_extension, in staff's payouts, held by paperwork.
    const rows = await ctx.deps.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.entryId, cast.entryId), eq(ledgerEntries.kind, 'licence_extension')));
    expect(rows).toEqual([expect.objectContaining({ amountCents: 75_000, userId: cast.winner.id })]);
    const pending = (await call('GET', '/api/payouts/?status=pending', cast.staff)).json<PayoutList>();
    const fee = pending.earnings.find((e) => e.kind === 'licence_extension');
    expect(fee).toMatchObject({ entry_id: cast.entryId, amount_cents: 75_000, status: 'pending' });
    const pay = () =>
      call('POST', '/api/payouts/', cast.staff, {
        earning_id: fee!.earning_id,
        method: 'bank_transfer',
        reference: 'EXT-1',
      });
    const held = await pay();
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({
      code: 'paperwork_incomplete',
      detail: PAPERWORK_MESSAGES.incomplete,
    });
    await completePaperwork(ctx.app, { entryId: cast.entryId, winner: cast.winner, staff: cast.staff });
    expect((await pay()).statusCode).toBe(201);

    const revoked = await call('POST', `/api/licences/${cast.licenceId}/revoke/`, cast.staff, {
      reason: 'Takedown.',
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await verify()).status).toBe('revoked');
    const late = await propose(cast.brandUser);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ detail: LICENCE_MESSAGES.extensionRevoked });
  });
});
