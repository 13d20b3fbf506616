import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVITATION_MESSAGES,
  MESSAGES,
  STAFF_MESSAGES,
  type AuditPage,
  type InvitationPage,
  type LoginResponse,
  type StaffUserPage,
} from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp';
import { auditLog, brandProfiles, brands, invitations } from '../../db/schema/index';
import { createUser as createUserCommand } from '../../cli/commands/create-user';
import { findAccountByEmail } from './accounts.repository';
import { cliWithPassword, linkIn, login, register, STRONG_PASSWORD } from './test-support';

describe('staff console: accounts, invitations, deactivation, audit log', () => {
  let ctx: TestContext;
  let smtp: SmtpCapture;
  let staff: TestUser;
  let creator: TestUser;
  let otherCreator: TestUser;
  let brand: TestUser;
  let otherBrand: TestUser;
  let brandId: number;

  const call = (
    method: 'GET' | 'POST',
    url: string,
    user?: TestUser | Record<string, string>,
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: user ? ('headers' in user ? (user.headers as Record<string, string>) : user) : {},
      ...(payload ? { payload } : {}),
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  /** Invites through the API and returns the token from the e-mailed link. */
  async function invite(email: string, role: 'staff' | 'brand', brand_id?: number) {
    const res = await call('POST', '/api/staff/invitations/', staff, { email, role, brand_id });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await smtp.waitFor(email);
    const link = linkIn(mail!.raw, `${ctx.config.PUBLIC_URL}/invitations/`);
    return link.split('/').pop()!;
  }

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestContext({ SMTP_URL: smtp.url });
    const [row] = await ctx.deps.database.db
      .insert(brands)
      .values({ name: 'Hbada', slug: 'hbada-test', logoUrl: '/brands/hbada.svg' })
      .returning({ id: brands.id });
    brandId = row!.id;
    staff = await createUser(ctx, { role: 'staff' });
    creator = await createUser(ctx, { role: 'creator' });
    otherCreator = await createUser(ctx, { role: 'creator' });
    brand = await createUser(ctx, { role: 'brand' });
    otherBrand = await createUser(ctx, { role: 'brand' });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('admits staff only to every accounts, invitations and audit call: 401 anonymous, 403 others', async () => {
    const calls: Array<['GET' | 'POST', string, object?]> = [
      ['GET', '/api/staff/users/'],
      ['POST', `/api/staff/users/${creator.id}/deactivate/`],
      ['GET', '/api/staff/invitations/'],
      ['POST', '/api/staff/invitations/', { email: 'nobody@example.com', role: 'staff' }],
      ['GET', '/api/staff/audit/'],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, undefined, payload)).statusCode, url).toBe(401);
      expect((await call(method, url, bearer('not-a-token'), payload)).statusCode, url).toBe(401);
      for (const user of [creator, otherCreator, brand, otherBrand]) {
        const res = await call(method, url, user, payload);
        expect(res.statusCode, `${user.role} ${url}`).toBe(403);
      }
    }
    for (const [method, url] of calls.filter(([m]) => m === 'GET'))
      expect((await call(method, url, staff)).statusCode, url).toBe(200);
    // Nothing happened through the refused calls.
    expect((await login(ctx, creator.email, creator.password)).statusCode).toBe(200);
    expect(smtp.to('nobody@example.com')).toHaveLength(0);
  });

  it('invites a brand user: the e-mailed link shows the invitation and sets the password once', async () => {
    const token = await invite('New.Brand@Example.com', 'brand', brandId);
    const preview = await call('GET', `/api/accounts/invitations/${token}/`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      email: 'new.brand@example.com',
      role: 'brand',
      company_name: 'Hbada',
      brand_role: 'owner',
      account: 'new',
    });
    // A new account repeats its password.
    const unconfirmed = await call('POST', `/api/accounts/invitations/${token}/accept/`, undefined, {
      password: STRONG_PASSWORD,
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toMatchObject({ confirm_password: [MESSAGES.registration.required] });

    const weak = await call('POST', `/api/accounts/invitations/${token}/accept/`, undefined, {
      password: '12345678',
      confirm_password: '12345678',
    });
    expect(weak.statusCode).toBe(400);
    const accepted = await call('POST', `/api/accounts/invitations/${token}/accept/`, undefined, {
      password: STRONG_PASSWORD,
      confirm_password: STRONG_PASSWORD,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = accepted.json<LoginResponse>();
    expect(session.user).toMatchObject({
      email: 'new.brand@example.com',
      role: 'brand',
      brand_profile: { company_name: 'Hbada', company_logo: '/brands/hbada.svg' },
    });
    const me = await call('GET', '/api/accounts/me/', bearer(session.access));
    expect(me.json()).toMatchObject({ role: 'brand' });
    const [profile] = await ctx.deps.database.db
      .select()
      .from(brandProfiles)
      .where(eq(brandProfiles.userId, session.user.id));
    expect(profile!.brandId).toBe(brandId);
    expect((await login(ctx, 'new.brand@example.com', STRONG_PASSWORD)).statusCode).toBe(200);

    // The link works once.
    const again = await call('POST', `/api/accounts/invitations/${token}/accept/`, undefined, {
      password: 'Another-Strong-Pass-99',
      confirm_password: 'Another-Strong-Pass-99',
    });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'invitation_used', detail: INVITATION_MESSAGES.used });
    expect((await call('GET', `/api/accounts/invitations/${token}/`)).statusCode).toBe(410);
    expect((await login(ctx, 'new.brand@example.com', 'Another-Strong-Pass-99')).statusCode).toBe(401);
    const list = (await call('GET', '/api/staff/invitations/', staff)).json<InvitationPage>();
    expect(list.results.find((i) => i.email === 'new.brand@example.com')).toMatchObject({
      status: 'accepted',
    });
  });

  it('invites a brand user with a team role (owner unless staff choose one): the preview and the account carry it', async () => {
    const res = await call('POST', '/api/staff/invitations/', staff, {
      email: 'role.pick@example.com',
      role: 'brand',
      brand_id: brandId,
      brand_role: 'reviewer',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ brand_role: 'reviewer', brand_name: 'Hbada' });
    const [mail] = await smtp.waitFor('role.pick@example.com');
    const token = linkIn(mail!.raw, `${ctx.config.PUBLIC_URL}/invitations/`).split('/').pop()!;
    const preview = await call('GET', `/api/accounts/invitations/${token}/`);
    expect(preview.json()).toMatchObject({ brand_role: 'reviewer', company_name: 'Hbada', account: 'new' });
    const accepted = await call('POST', `/api/accounts/invitations/${token}/accept/`, undefined, {
      password: STRONG_PASSWORD,
      confirm_password: STRONG_PASSWORD,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const mine = await call('GET', '/api/brands/mine/', bearer(accepted.json<LoginResponse>().access));
    expect(mine.json()).toMatchObject({ id: brandId, role: 'reviewer' });

    const staffWithRole = await call('POST', '/api/staff/invitations/', staff, {
      email: 'staff.role@example.com',
      role: 'staff',
      brand_role: 'viewer',
    });
    expect(staffWithRole.statusCode).toBe(400);
    expect(staffWithRole.json()).toMatchObject({ brand_role: [STAFF_MESSAGES.staffNoBrandRole] });
    const [audit] = await ctx.deps.database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.action, 'invitation.create'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit!.after).toMatchObject({ email: 'role.pick@example.com', brand_role: 'reviewer' });
    const list = (await call('GET', '/api/staff/invitations/', staff)).json<InvitationPage>();
    expect(list.results.find((i) => i.email === 'staff.role@example.com')).toBeUndefined();
  });

  it('refuses an expired link, an unknown one, and bad invitations', async () => {
    const token = await invite('late.staff@example.com', 'staff');
    await ctx.deps.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, 'late.staff@example.com'));
    const res = await call('POST', `/api/accounts/invitations/${token}/accept/`, undefined, {
      password: STRONG_PASSWORD,
      confirm_password: STRONG_PASSWORD,
    });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ code: 'invitation_expired' });
    expect((await login(ctx, 'late.staff@example.com', STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await call('GET', '/api/accounts/invitations/unknown-token/')).statusCode).toBe(404);
    // Longer than any token: refused before the database is asked (Fastify's 100-character param limit).
    expect([400, 414]).toContain(
      (await call('GET', `/api/accounts/invitations/${'x'.repeat(129)}/`)).statusCode,
    );

    const post = (payload: object) => call('POST', '/api/staff/invitations/', staff, payload);
    expect((await post({ email: 'b@example.com', role: 'brand' })).json()).toMatchObject({
      brand_id: [STAFF_MESSAGES.brandRequired],
    });
    expect((await post({ email: 'b@example.com', role: 'brand', brand_id: 999_999 })).statusCode).toBe(400);
    expect((await post({ email: 'b@example.com', role: 'staff', brand_id: brandId })).statusCode).toBe(400);
    expect((await post({ email: 'b@example.com', role: 'creator' })).statusCode).toBe(400);
    expect((await post({ email: 'not-an-email', role: 'staff' })).statusCode).toBe(400);
    expect((await post({ email: creator.email, role: 'staff' })).statusCode).toBe(409);

    const list = (await call('GET', '/api/staff/invitations/', staff)).json<InvitationPage>();
    expect(list.results.find((i) => i.email === 'late.staff@example.com')).toMatchObject({
      status: 'expired',
      invited_by_email: staff.email,
    });
  });

  it('staff revoke a pending invitation: its link stops working at once, and the revocation is audited', async () => {
    const token = await invite('revoked.staff@example.com', 'staff');
    const listed = (await call('GET', '/api/staff/invitations/', staff)).json<InvitationPage>();
    const id = listed.results.find((i) => i.email === 'revoked.staff@example.com')!.id;
    // Only staff.
    expect((await call('POST', `/api/staff/invitations/${id}/revoke/`)).statusCode).toBe(401);
    expect((await call('POST', `/api/staff/invitations/${id}/revoke/`, brand)).statusCode).toBe(403);

    const revoked = await call('POST', `/api/staff/invitations/${id}/revoke/`, staff);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ id, status: 'revoked' });
    expect(revoked.json<{ revoked_at: string | null }>().revoked_at).toEqual(expect.any(String));

    const preview = await call('GET', `/api/accounts/invitations/${token}/`);
    expect(preview.statusCode).toBe(410);
    expect(preview.json()).toMatchObject({ code: 'invitation_revoked', detail: INVITATION_MESSAGES.revoked });
    const accept = await call('POST', `/api/accounts/invitations/${token}/accept/`, undefined, {
      password: STRONG_PASSWORD,
      confirm_password: STRONG_PASSWORD,
    });
    expect(accept.statusCode).toBe(410);
    expect((await login(ctx, 'revoked.staff@example.com', STRONG_PASSWORD)).statusCode).toBe(401);

    // Twice, or an accepted one: a 409 with a sentence; an unknown id: 404.
    const twice = await call('POST', `/api/staff/invitations/${id}/revoke/`, staff);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ detail: INVITATION_MESSAGES.notRevocable });
    expect((await call('POST', '/api/staff/invitations/999999/revoke/', staff)).statusCode).toBe(404);

    const audit = await ctx.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'invitation.revoke'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: staff.id, targetType: 'invitation', targetId: String(id) });
  });

  it('deactivation ends the account: refresh tokens die at once, access tokens are refused', async () => {
    const victim = await createUser(ctx, { role: 'creator' });
    const signedIn = (await login(ctx, victim.email, victim.password)).json<LoginResponse>();
    expect((await call('GET', '/api/accounts/me/', bearer(signedIn.access))).statusCode).toBe(200);

    const res = await call('POST', `/api/staff/users/${victim.id}/deactivate/`, staff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: victim.id, deactivated_at: expect.any(String) });

    expect((await call('GET', '/api/accounts/me/', bearer(signedIn.access))).statusCode).toBe(401);
    expect((await call('GET', '/api/accounts/me/', victim)).statusCode).toBe(401);
    const refresh = await call('POST', '/api/token/refresh/', undefined, { refresh: signedIn.refresh });
    expect(refresh.statusCode).toBe(401);
    const again = await login(ctx, victim.email, victim.password);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'account_deactivated' });

    // Twice is harmless and recorded once; staff cannot be deactivated here; unknown is 404.
    expect((await call('POST', `/api/staff/users/${victim.id}/deactivate/`, staff)).statusCode).toBe(200);
    const rows = await ctx.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(victim.id)));
    expect(rows.filter((r) => r.action === 'user.deactivate')).toHaveLength(1);
    expect((await call('POST', '/api/staff/users/999999/deactivate/', staff)).statusCode).toBe(404);
    // A brand account can be deactivated too; other accounts keep working.
    const brandVictim = await createUser(ctx, { role: 'brand' });
    expect((await call('POST', `/api/staff/users/${brandVictim.id}/deactivate/`, staff)).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/api/accounts/me/', otherBrand)).statusCode).toBe(200);
  });

  it('lists accounts by role and by e-mail or name, paginated', async () => {
    const byRole = (await call('GET', '/api/staff/users/?role=staff', staff)).json<StaffUserPage>();
    expect(byRole.results.every((u) => u.role === 'staff')).toBe(true);
    expect(byRole.results.map((u) => u.id)).toContain(staff.id);
    const byEmail = (
      await call('GET', `/api/staff/users/?q=${encodeURIComponent(creator.email.slice(0, 10))}`, staff)
    ).json<StaffUserPage>();
    expect(byEmail.results.map((u) => u.id)).toContain(creator.id);
    const none = (await call('GET', '/api/staff/users/?q=%25_nobody', staff)).json<StaffUserPage>();
    expect(none.count).toBe(0);
    expect((await call('GET', `/api/staff/users/?q=${'x'.repeat(300)}`, staff)).statusCode).toBe(400);
    expect((await call('GET', '/api/staff/users/?role=admin', staff)).statusCode).toBe(400);
  });

  it('the audit log lists every action newest first, filtered by actor, action and record', async () => {
    // Its own events, so it holds in any order: two invitations, one accepted, one deactivation.
    const accepting = `audit.accept.${Date.now()}@example.com`;
    const token = await invite(accepting, 'brand', brandId);
    await invite(`audit.pending.${Date.now()}@example.com`, 'staff');
    const accept = await call('POST', `/api/accounts/invitations/${token}/accept/`, undefined, {
      password: STRONG_PASSWORD,
      confirm_password: STRONG_PASSWORD,
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const victim = await createUser(ctx, { role: 'creator' });
    expect((await call('POST', `/api/staff/users/${victim.id}/deactivate/`, staff)).statusCode).toBe(200);

    const res = await call('GET', '/api/staff/audit/?action=invitation.create', staff);
    const page = res.json<AuditPage>();
    expect(page.count).toBeGreaterThanOrEqual(2);
    expect(page.results.every((e) => e.action === 'invitation.create')).toBe(true);
    const times = page.results.map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(page.results[0]).toMatchObject({ actor_email: staff.email, target_type: 'invitation' });
    const byActor = (
      await call('GET', `/api/staff/audit/?actor=${encodeURIComponent(staff.email)}&target_type=user`, staff)
    ).json<AuditPage>();
    expect(byActor.results.map((e) => e.action)).toContain('user.deactivate');
    const accepted = (
      await call('GET', '/api/staff/audit/?action=invitation.accept', staff)
    ).json<AuditPage>();
    expect(accepted.results[0]).toMatchObject({ actor_email: accepting });
  });

  it('create-user makes brand users of a brand by id or by company name', async () => {
    const run = (...argv: string[]) => createUserCommand(ctx.deps, ...cliWithPassword(argv));
    await run(
      '--email',
      'by-id@example.com',
      '--password',
      STRONG_PASSWORD,
      '--role',
      'brand',
      '--brand-id',
      String(brandId),
    );
    const byId = (await login(ctx, 'by-id@example.com', STRONG_PASSWORD)).json<LoginResponse>();
    expect(byId.user.brand_profile).toMatchObject({ company_name: 'Hbada' });
    await run(
      '--email',
      'by-name@example.com',
      '--password',
      STRONG_PASSWORD,
      '--role',
      'brand',
      '--company',
      'hbada',
    );
    await run(
      '--email',
      'new-co@example.com',
      '--password',
      STRONG_PASSWORD,
      '--role',
      'brand',
      '--company',
      'Acme Studio',
    );
    const profiles = await ctx.deps.database.db.select().from(brandProfiles);
    const users = (await call('GET', '/api/staff/users/?role=brand', staff)).json<StaffUserPage>().results;
    const idOf = (email: string) => users.find((u) => u.email === email)!.id;
    expect(profiles.find((p) => p.userId === idOf('by-name@example.com'))!.brandId).toBe(brandId);
    const acme = profiles.find((p) => p.userId === idOf('new-co@example.com'))!;
    expect(acme.brandId).not.toBe(brandId);
    expect(acme.companyName).toBe('Acme Studio');
    const out = await run('--email', 'generated@example.com', '--role', 'staff');
    const password = out.match(/Password: (\S+)$/)![1]!;
    expect((await login(ctx, 'generated@example.com', password)).statusCode).toBe(200);
    await expect(
      run(
        '--email',
        'x@example.com',
        '--password',
        STRONG_PASSWORD,
        '--role',
        'brand',
        '--brand-id',
        '999999',
      ),
    ).rejects.toThrow(/^--brand-id: /);
  });

  it('staff deactivate staff from the console, never themselves nor the last active staff; audited, sessions end', async () => {
    const colleague = await createUser(ctx, { role: 'staff' });
    const signedIn = (await login(ctx, colleague.email, colleague.password)).json<LoginResponse>();
    const self = await call('POST', `/api/staff/users/${staff.id}/deactivate/`, staff);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ code: 'forbidden', detail: STAFF_MESSAGES.cannotDeactivateSelf });
    const res = await call('POST', `/api/staff/users/${colleague.id}/deactivate/`, staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: colleague.id, role: 'staff', deactivated_at: expect.any(String) });
    expect((await call('GET', '/api/accounts/me/', bearer(signedIn.access))).statusCode).toBe(401);
    expect((await call('GET', '/api/staff/users/', colleague)).statusCode).toBe(401);
    const audit = await ctx.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(colleague.id)));
    expect(audit.filter((r) => r.action === 'user.deactivate' && r.actorId === staff.id)).toHaveLength(1);

    // Two staff left deactivating each other at once: one stands, the last active staff stays (409).
    const second = await createUser(ctx, { role: 'staff' });
    const others = await ctx.deps.database.query(
      "select id from users where role = 'staff' and deactivated_at is null and id not in ($1, $2)",
      [staff.id, second.id],
    );
    for (const { id } of others.rows as Array<{ id: number }>)
      expect((await call('POST', `/api/staff/users/${id}/deactivate/`, staff)).statusCode).toBe(200);
    const both = await Promise.all([
      call('POST', `/api/staff/users/${second.id}/deactivate/`, staff),
      call('POST', `/api/staff/users/${staff.id}/deactivate/`, second),
    ]);
    // The loser was either deactivated before its request was read (401), or waited for the
    // winner's lock and found itself the last active staff (409).
    const [winner, loser] = [...both].sort((a, b) => a.statusCode - b.statusCode);
    expect(winner!.statusCode).toBe(200);
    expect([401, 409]).toContain(loser!.statusCode);
    if (loser!.statusCode === 409)
      expect(loser!.json()).toEqual({ code: 'conflict', detail: STAFF_MESSAGES.lastActiveStaff });
    // Alone, the last active staff account cannot be deactivated by its other (deactivated) peer.
    const survivor = winner === both[0] ? staff : second;
    expect((await call('GET', '/api/accounts/me/', survivor)).statusCode).toBe(200);
    const left = await ctx.deps.database.query(
      "select count(*)::int as n from users where role = 'staff' and deactivated_at is null",
    );
    expect(left.rows[0]!.n).toBe(1);
    // The other tests act as `staff`: if it lost the race, they get an active staff account again.
    if (survivor !== staff) staff = await createUser(ctx, { role: 'staff' });
  });

  it('an address registered after the invitation blocks it only once verified: an unproven account gives way', async () => {
    const signUp = (email: string) =>
      register(ctx, {
        email,
        password: STRONG_PASSWORD,
        confirm_password: STRONG_PASSWORD,
        role: 'creator',
        phone_number: '',
      });
    const accept = (token: string) =>
      call('POST', `/api/accounts/invitations/${token}/accept/`, undefined, {
        password: 'Copper-Harbor-7315',
        confirm_password: 'Copper-Harbor-7315',
      });

    // Someone registers the invited address first and never verifies it: the invitation still works.
    const token = await invite('squatted@example.com', 'staff');
    expect((await signUp('squatted@example.com')).statusCode).toBe(201);
    const squatter = await findAccountByEmail(ctx.deps.database.db, 'squatted@example.com');
    const accepted = await accept(token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = accepted.json<LoginResponse>();
    expect(session.user).toMatchObject({ email: 'squatted@example.com', role: 'staff' });
    expect(session.user.id).not.toBe(squatter!.id);
    expect((await login(ctx, 'squatted@example.com', STRONG_PASSWORD)).statusCode).not.toBe(200);
    expect((await login(ctx, 'squatted@example.com', 'Copper-Harbor-7315')).statusCode).toBe(200);
    const [audit] = await ctx.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'invitation.accept'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit!.after).toMatchObject({
      user_id: session.user.id,
      replaced_unverified_user_id: squatter!.id,
    });

    // An account that proved the address (verified) is that person's: the invitation answers 409.
    const second = await invite('verified.later@example.com', 'staff');
    expect((await signUp('verified.later@example.com')).statusCode).toBe(201);
    const [, mail] = await smtp.waitFor('verified.later@example.com', 2);
    const [uid, verifyToken] = linkIn(mail!.raw, `${ctx.config.PUBLIC_URL}/verify-email/`)
      .split('/')
      .slice(-2);
    expect((await call('GET', `/api/accounts/auth/verify_email/${uid}/${verifyToken}/`)).statusCode).toBe(
      200,
    );
    const refused = await accept(second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: INVITATION_MESSAGES.emailTaken });
  });
});
