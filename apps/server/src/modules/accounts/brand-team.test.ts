import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_TEAM_MESSAGES, type BrandMember, type LoginResponse, type MyBrand } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { contestBody } from '../../../test/contest-ops';
import { createUser, type TestUser } from '../../../test/factories';
import { auditLog, brandProfiles, brands } from '../../db/schema/index';
import { linkIn, login, STRONG_PASSWORD } from './test-support';

describe('brand teams (issue 49): members with roles, run by the owners and staff', () => {
  let ctx: TestContext;
  let staff: TestUser;
  let owner: TestUser;
  let brandId: number;
  let otherBrandId: number;
  let otherOwner: TestUser;

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    who?: TestUser | Record<string, string>,
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: who ? ('headers' in who ? (who.headers as Record<string, string>) : who) : {},
      ...(payload ? { payload } : {}),
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const members = async (who: TestUser | Record<string, string>, id = brandId) => {
    const res = await call('GET', `/api/brands/${id}/members/`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BrandMember[]>();
  };
  const newBrand = async (slug: string) => {
    const [row] = await ctx.deps.database.db
      .insert(brands)
      .values({ name: `Brand ${slug}`, slug, logoUrl: '/brands/x.svg' })
      .returning({ id: brands.id });
    return row!.id;
  };
  /** Invites `email` as `who` and returns the token of the e-mailed link. */
  const invite = async (who: TestUser, email: string, role: string, id = brandId) => {
    const res = await call('POST', `/api/brands/${id}/members/`, who, { email, role });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<BrandMember>()).toMatchObject({ email, role, status: 'invited', user_id: null });
    const link = linkIn(await ctx.waitForEmail(email), `${ctx.config.PUBLIC_URL}/invitations/`);
    return link.split('/').pop()!;
  };
  const accept = (token: string, password = STRONG_PASSWORD) =>
    call('POST', `/api/accounts/invitations/${token}/accept/`, undefined, {
      password,
      confirm_password: password,
    });

  beforeAll(async () => {
    ctx = await createTestContext();
    brandId = await newBrand('team-brand');
    otherBrandId = await newBrand('team-other');
    staff = await createUser(ctx, { role: 'staff' });
    owner = await createUser(ctx, { role: 'brand', brandId, firstName: 'Olive', lastName: 'Owner' });
    otherOwner = await createUser(ctx, { role: 'brand', brandId: otherBrandId });
  }, 60_000);
  afterAll(() => ctx?.close());

  it('an owner invites by e-mail with a role; the link creates the account, signed in as a member with that role', async () => {
    const email = 'rita.reviewer@example.com';
    const token = await invite(owner, email, 'reviewer');
    const listed = await members(owner);
    expect(listed.find((m) => m.email === email)).toMatchObject({ status: 'invited', role: 'reviewer' });

    const preview = await call('GET', `/api/accounts/invitations/${token}/`);
    expect(preview.json()).toMatchObject({
      email,
      company_name: 'Brand team-brand',
      brand_role: 'reviewer',
      account: 'new',
    });

    const accepted = await accept(token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = accepted.json<LoginResponse>();
    const mine = await call('GET', '/api/brands/mine/', bearer(session.access));
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<MyBrand>()).toEqual({ id: brandId, name: 'Brand team-brand', role: 'reviewer' });

    const after = await members(staff);
    expect(after.filter((m) => m.email === email)).toEqual([
      expect.objectContaining({ status: 'active', role: 'reviewer', user_id: expect.any(Number) }),
    ]);
    const [audit] = await ctx.deps.database.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.action, 'invitation.create'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.after).toMatchObject({ email, brand_id: brandId, brand_role: 'reviewer' });
  });

  it('the owner changes a role, and the member’s next request is judged by the new one', async () => {
    const member = await createUser(ctx, { role: 'brand', brandId, brandRole: 'viewer' });
    const before = await call('GET', '/api/brands/mine/', member);
    expect(before.json<MyBrand>().role).toBe('viewer');
    const changed = await call('PATCH', `/api/brands/${brandId}/members/${member.id}/`, owner, {
      role: 'manager',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<BrandMember>()).toMatchObject({
      user_id: member.id,
      role: 'manager',
      status: 'active',
    });
    const now = await call('GET', '/api/brands/mine/', member);
    expect(now.json<MyBrand>().role).toBe('manager');
    const [audit] = await ctx.deps.database.db
      .select({ before: auditLog.before, after: auditLog.after, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'brand_member.role'), eq(auditLog.targetId, String(member.id))));
    expect(audit).toMatchObject({
      actorId: owner.id,
      before: { brand_id: brandId, role: 'viewer' },
      after: { brand_id: brandId, role: 'manager' },
    });
  });

  it('keeps an owner: the last owner can be neither demoted nor removed (409 last_owner); with a second owner both work', async () => {
    const brand = await newBrand('team-last-owner');
    const only = await createUser(ctx, { role: 'brand', brandId: brand });
    const demote = await call('PATCH', `/api/brands/${brand}/members/${only.id}/`, only, { role: 'viewer' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ code: 'last_owner' });
    const remove = await call('DELETE', `/api/brands/${brand}/members/${only.id}/`, staff);
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toMatchObject({ code: 'last_owner' });

    const second = await createUser(ctx, { role: 'brand', brandId: brand });
    const demoted = await call('PATCH', `/api/brands/${brand}/members/${only.id}/`, only, { role: 'viewer' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    // Now `second` is the last owner.
    const again = await call('DELETE', `/api/brands/${brand}/members/${second.id}/`, staff);
    expect(again.statusCode).toBe(409);
    const roles = await ctx.deps.database.db
      .select({ role: brandProfiles.role })
      .from(brandProfiles)
      .where(inArray(brandProfiles.userId, [only.id, second.id]));
    expect(roles.map((r) => r.role).sort()).toEqual(['owner', 'viewer']);
  });

  it('a removed member’s access and refresh tokens are refused from the next request; the account stays, of no brand', async () => {
    const email = 'removed.member@example.com';
    const token = await invite(owner, email, 'manager');
    const session = (await accept(token)).json<LoginResponse>();
    expect((await call('GET', '/api/brands/mine/', bearer(session.access))).statusCode).toBe(200);
    const userId = (await members(owner)).find((m) => m.email === email)!.user_id!;

    const removed = await call('DELETE', `/api/brands/${brandId}/members/${userId}/`, owner);
    expect(removed.statusCode, removed.body).toBe(204);
    const next = await call('GET', '/api/brands/mine/', bearer(session.access));
    expect(next.statusCode).toBe(401);
    const refreshed = await call('POST', '/api/token/refresh/', undefined, { refresh: session.refresh });
    expect(refreshed.statusCode).toBe(401);
    expect((await members(owner)).some((m) => m.email === email)).toBe(false);

    // Signed in again, the account belongs to no brand, and sees none of this one's team.
    const again = await login(ctx, email, STRONG_PASSWORD);
    expect(again.statusCode, again.body).toBe(200);
    const fresh = bearer(again.json<LoginResponse>().access);
    expect((await call('GET', '/api/brands/mine/', fresh)).statusCode).toBe(404);
    expect((await call('GET', `/api/brands/${brandId}/members/`, fresh)).statusCode).toBe(403);
    const [audit] = await ctx.deps.database.db
      .select({ actorId: auditLog.actorId, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'brand_member.remove'), eq(auditLog.targetId, String(userId))));
    expect(audit).toMatchObject({ actorId: owner.id, after: { brand_id: null, sessions_ended: true } });
  });

  it('a brand account of no brand is invited back: the link adds it (its password proves it), with the new role', async () => {
    const email = 'returning.member@example.com';
    const member = await createUser(ctx, { role: 'brand', email, password: STRONG_PASSWORD });
    const token = await invite(owner, email, 'viewer');
    const preview = await call('GET', `/api/accounts/invitations/${token}/`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      email,
      role: 'brand',
      company_name: 'Brand team-brand',
      brand_role: 'viewer',
      account: 'existing',
    });
    const wrong = await accept(token, 'Not-The-Password-2026');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ password: [BRAND_TEAM_MESSAGES.wrongPassword] });
    // The existing account's password alone: nothing to confirm.
    const joined = await call('POST', `/api/accounts/invitations/${token}/accept/`, undefined, {
      password: STRONG_PASSWORD,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const mine = await call('GET', '/api/brands/mine/', bearer(joined.json<LoginResponse>().access));
    expect(mine.json<MyBrand>()).toMatchObject({ id: brandId, role: 'viewer' });
    expect((await members(owner)).find((m) => m.user_id === member.id)).toMatchObject({ role: 'viewer' });
  });

  it('refuses an invitation to an address that is a member, has an account that cannot join, or is invited already (409)', async () => {
    const creator = await createUser(ctx, { role: 'creator' });
    for (const email of [owner.email, otherOwner.email, creator.email]) {
      const res = await call('POST', `/api/brands/${brandId}/members/`, owner, { email, role: 'viewer' });
      expect(res.statusCode, email).toBe(409);
    }
    await invite(owner, 'twice@example.com', 'viewer');
    const twice = await call('POST', `/api/brands/${brandId}/members/`, owner, {
      email: 'twice@example.com',
      role: 'viewer',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('resends a pending invitation with a new link (the old one stops working) and withdraws it', async () => {
    const email = 'pending.person@example.com';
    const first = await invite(owner, email, 'reviewer');
    const invitationId = (await members(owner)).find((m) => m.email === email)!.invitation_id!;
    const resent = await call('POST', `/api/brands/${brandId}/invitations/${invitationId}/resend/`, owner);
    expect(resent.statusCode, resent.body).toBe(200);
    const [, mail] = await ctx.waitForEmails(email, 2);
    const second = linkIn(mail!, `${ctx.config.PUBLIC_URL}/invitations/`).split('/').pop()!;
    expect(second).not.toBe(first);
    expect((await call('GET', `/api/accounts/invitations/${first}/`)).statusCode).toBe(404);
    expect((await call('GET', `/api/accounts/invitations/${second}/`)).statusCode).toBe(200);

    const revoked = await call('DELETE', `/api/brands/${brandId}/invitations/${invitationId}/`, owner);
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect((await call('GET', `/api/accounts/invitations/${second}/`)).statusCode).toBe(410);
    expect((await members(owner)).some((m) => m.email === email)).toBe(false);
    // Another brand's owner cannot touch this brand's invitations.
    const foreign = await call('DELETE', `/api/brands/${brandId}/invitations/${invitationId}/`, otherOwner);
    expect(foreign.statusCode).toBe(403);
  });

  it('a viewer reads but gets 403 on every change; a manager changes contests but not the team', async () => {
    const viewer = await createUser(ctx, { role: 'brand', brandId, brandRole: 'viewer' });
    const manager = await createUser(ctx, { role: 'brand', brandId, brandRole: 'manager' });
    expect((await call('GET', `/api/brands/${brandId}/members/`, viewer)).statusCode).toBe(200);
    expect((await call('GET', '/api/brand/contests/', viewer)).statusCode).toBe(200);
    for (const who of [viewer, manager]) {
      const invited = await call('POST', `/api/brands/${brandId}/members/`, who, {
        email: 'nope@example.com',
        role: 'owner',
      });
      expect(invited.statusCode).toBe(403);
      const promoted = await call('PATCH', `/api/brands/${brandId}/members/${who.id}/`, who, {
        role: 'owner',
      });
      expect(promoted.statusCode).toBe(403);
    }
    const refused = await call('POST', '/api/contests/', viewer, contestBody(brandId));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden', detail: BRAND_TEAM_MESSAGES.roleForbids });
    const draft = await call('POST', '/api/contests/', manager, contestBody(brandId));
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json<{ id: number }>().id;
    const edit = { tagline: 'Edited by a member' };
    expect((await call('PATCH', `/api/contests/${id}/`, viewer, edit)).statusCode).toBe(403);
    expect((await call('PATCH', `/api/contests/${id}/`, manager, edit)).statusCode).toBe(200);
    expect((await call('GET', `/api/contests/${id}/`, viewer)).statusCode).toBe(200);
  });

  it('staff run any brand’s team; another brand’s owner sees and changes nothing of it', async () => {
    const member = await createUser(ctx, { role: 'brand', brandId: otherBrandId, brandRole: 'viewer' });
    expect((await call('GET', `/api/brands/${otherBrandId}/members/`, owner)).statusCode).toBe(403);
    const foreign = await call('PATCH', `/api/brands/${otherBrandId}/members/${member.id}/`, owner, {
      role: 'owner',
    });
    expect(foreign.statusCode).toBe(403);
    const changed = await call('PATCH', `/api/brands/${otherBrandId}/members/${member.id}/`, staff, {
      role: 'reviewer',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const email = 'staff.invited@example.com';
    const token = await invite(staff, email, 'owner', otherBrandId);
    expect((await accept(token)).statusCode).toBe(200);
    const listed = await members(staff, otherBrandId);
    expect(listed.find((m) => m.email === email)).toMatchObject({ role: 'owner', status: 'active' });
    const removed = await call('DELETE', `/api/brands/${otherBrandId}/members/${member.id}/`, staff);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', `/api/brands/${999_999}/members/`, staff)).statusCode).toBe(404);
  });
});
