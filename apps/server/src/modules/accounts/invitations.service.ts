import { createHash, randomBytes } from 'node:crypto';
import {
  BRAND_TEAM_MESSAGES,
  INVITATION_MESSAGES,
  INVITATION_TTL_DAYS,
  MESSAGES,
  STAFF_LIMITS,
  STAFF_MESSAGES,
  isValidEmail,
  normalizeEmail,
  type Invitation,
  type InvitationAcceptBody,
  type InvitationCreateBody,
  type InvitationListQuery,
  type InvitationPage,
  type InvitationPreview,
  type LoginResponse,
} from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { pageWindow, toPage } from '../../lib/paging';
import type { Caller } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { createAccountsService, type AccountsPorts, type AccountsServiceDeps } from './accounts.service';
import { sendInvitationAcceptedEmail, sendInvitationEmail } from './accounts.emails';
import { belongsToBrand } from './accounts.policy';
import type { CreatorProfilesPort } from './creator-profile-port';
import { toInvitation } from './accounts.presenter';
import { allPasswordProblems } from './password-rules';
import * as accounts from './accounts.repository';
import * as team from './brand-team.repository';
import * as repo from './invitations.repository';
import type { InvitationRow } from './invitations.repository';
import { insertAccountWithProfile } from './new-account';

/** Only the hash of a token is stored: the database alone cannot accept an invitation. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The invitation a token is for, or the reason it cannot be used. */
async function usable(db: DbOrTx, token: string): Promise<InvitationRow> {
  const row = await repo.findInvitationByHash(db, hashToken(token));
  if (!row) throw new AppError('not_found', INVITATION_MESSAGES.notFound);
  if (row.acceptedAt) throw new AppError('invitation_used', INVITATION_MESSAGES.used);
  if (row.revokedAt) throw new AppError('invitation_revoked', INVITATION_MESSAGES.revoked);
  if (row.expiresAt <= new Date()) throw new AppError('invitation_expired', INVITATION_MESSAGES.expired);
  return row;
}

/**
 * Invitations to staff and brand accounts: staff invite by e-mail; the link (single use, valid for
 * INVITATION_TTL_DAYS) shows who it is for and creates the account, active, with the password the
 * invitee chooses, then signs them in.
 */
export function createInvitationsService(deps: AccountsServiceDeps, ports: AccountsPorts) {
  const db = deps.database.db;
  const accountsService = createAccountsService(deps, ports);

  return {
    /**
     * Invites someone to a staff or brand account and e-mails them the link. A brand user needs
     * an existing brand; an address that already has an account is a 409. Audited.
     */
    async invite(actor: Caller, input: InvitationCreateBody): Promise<Invitation> {
      const email = normalizeEmail(input.email);
      if (!isValidEmail(email)) throw AppError.validation({ email: [MESSAGES.registration.invalidEmail] });
      const brandId = input.brand_id ?? null;
      if (belongsToBrand(input.role) && brandId === null)
        throw AppError.validation({ brand_id: [STAFF_MESSAGES.brandRequired] });
      if (!belongsToBrand(input.role) && brandId !== null)
        throw AppError.validation({ brand_id: [STAFF_MESSAGES.staffNoBrand] });
      if (!belongsToBrand(input.role) && input.brand_role)
        throw AppError.validation({ brand_role: [STAFF_MESSAGES.staffNoBrandRole] });
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000);
      const created = await db.transaction((tx) =>
        createInvitation(tx, actor, {
          tokenHash: hashToken(token),
          email,
          role: input.role,
          brandId,
          // Staff bring a brand its first users with every power unless they say otherwise (issue 49).
          brandRole: belongsToBrand(input.role) ? (input.brand_role ?? 'owner') : null,
          expiresAt,
        }),
      );
      await sendInvitationEmail(deps, email, token, {
        role: created.role,
        companyName: created.brandName,
        ttlDays: INVITATION_TTL_DAYS,
      });
      return toInvitation(created, new Date());
    },

    /** A page of invitations, newest first, each with its status. */
    async list(query: InvitationListQuery, url: URL): Promise<InvitationPage> {
      const request = { page: query.page, pageSize: STAFF_LIMITS.pageSize, url };
      const { rows, count } = await repo.listInvitations(db, pageWindow(request));
      const now = new Date();
      return toPage(
        rows.map((row) => toInvitation(row, now)),
        count,
        request,
        deps.config.PUBLIC_URL,
      );
    },

    /**
     * Withdraws a pending invitation: its link stops working at once (the preview and the
     * acceptance answer 410). 404 unknown, 409 already used, withdrawn or expired. Audited.
     */
    async revoke(actor: Caller, id: number): Promise<Invitation> {
      const row = await db.transaction((tx) => withdrawInvitation(tx, actor, id));
      return toInvitation(row, new Date());
    },

    /**
     * What the invitation page shows: for whom, which role (and team role), which brand, and
     * whether accepting creates the account or adds the address's existing brand account (which
     * then proves itself with its password). 404/410 when unusable.
     */
    async preview(token: string): Promise<InvitationPreview> {
      const row = await usable(db, token);
      const forBrand = belongsToBrand(row.role);
      return {
        email: row.email,
        role: row.role,
        company_name: forBrand ? row.brandName : null,
        brand_role: forBrand ? row.brandRole : null,
        account: (await brandlessAccountOf(db, row)) ? 'existing' : 'new',
        expires_at: row.expiresAt.toISOString(),
      };
    },

    /**
     * Accepts an invitation: checks the password with the shared rules, then in one transaction
     * uses the link (of two acceptances at once, one wins), creates the active account with its
     * brand, and records it; answers as sign-in does.
     */
    async accept(token: string, input: InvitationAcceptBody): Promise<LoginResponse> {
      const invitation = await usable(db, token);
      const joining = await brandlessAccountOf(db, invitation);
      if (joining)
        return accountsService.signIn(await joinWithInvitation(db, token, invitation, joining, input));
      const problems = allPasswordProblems(input.password, invitation.email);
      if (problems.length) throw AppError.validation({ password: problems });
      if (!input.confirm_password)
        throw AppError.validation({ confirm_password: [MESSAGES.registration.required] });
      if (input.confirm_password !== input.password)
        throw AppError.validation({ confirm_password: [MESSAGES.registration.passwordsDoNotMatch] });
      const passwordHash = await hashPassword(input.password);
      const account = await db.transaction(async (tx) => {
        if (!(await repo.consumeInvitation(tx, hashToken(token)))) {
          // Used or expired since it was read: say which.
          await usable(db, token);
          throw new AppError('invitation_used', INVITATION_MESSAGES.used);
        }
        return createInvitedAccount(tx, ports.creatorProfiles, invitation, passwordHash);
      });
      if (invitation.invitedByEmail)
        await sendInvitationAcceptedEmail(deps, invitation.invitedByEmail, {
          email: invitation.email,
          role: invitation.role,
          companyName: invitation.brandName,
        });
      return accountsService.signIn(account);
    },
  };
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;

/**
 * Writes a new invitation and its audit record; 409 when the address has an account (unless
 * `existingAccountChecked`: a brand's team invites a brand account of no brand, issue 49).
 */
export async function createInvitation(
  tx: DbOrTx,
  actor: Caller,
  invitation: Omit<Parameters<typeof repo.insertInvitation>[1], 'invitedBy'>,
  existingAccountChecked = false,
): Promise<InvitationRow> {
  const { email, role, brandId, brandRole, expiresAt } = invitation;
  if (!existingAccountChecked && (await accounts.findAccountByEmail(tx, email)))
    throw new AppError('conflict', INVITATION_MESSAGES.emailTaken);
  if (brandId !== null && !(await accounts.findBrandById(tx, brandId)))
    throw AppError.validation({ brand_id: [STAFF_MESSAGES.brandUnknown] });
  const id = await repo.insertInvitation(tx, { ...invitation, invitedBy: actor.id });
  await recordAudit(tx, {
    actor: { userId: actor.id },
    action: 'invitation.create',
    targetType: 'invitation',
    targetId: id,
    after: { email, role, brand_id: brandId, brand_role: brandRole, expires_at: expiresAt.toISOString() },
  });
  return (await repo.findInvitationByHash(tx, invitation.tokenHash))!;
}

/** Withdraws a pending invitation and records it; 404 unknown, 409 no longer pending. */
export async function withdrawInvitation(tx: DbOrTx, actor: Caller, id: number): Promise<InvitationRow> {
  if (!(await repo.findInvitationById(tx, id))) throw new AppError('not_found', MESSAGES.generic.notFound);
  if (!(await repo.revokeInvitation(tx, id)))
    throw new AppError('conflict', INVITATION_MESSAGES.notRevocable);
  const revoked = (await repo.findInvitationById(tx, id))!;
  await recordAudit(tx, {
    actor: { userId: actor.id },
    action: 'invitation.revoke',
    targetType: 'invitation',
    targetId: id,
    before: { status: 'pending' },
    after: { status: 'revoked', email: revoked.email, revoked_at: revoked.revokedAt?.toISOString() },
  });
  return revoked;
}

/**
 * Creates the account of an invitation whose link was just used (active, with the invitation's
 * role and brand) and records the acceptance; 409 when a verified account has the address.
 */
async function createInvitedAccount(
  tx: DbOrTx,
  creatorProfiles: CreatorProfilesPort,
  invitation: InvitationRow,
  passwordHash: string,
) {
  // An account registered with the invited address but never verified is removed: whoever
  // registered it never proved the address, and this link, sent to it, does (as Google's sign-in
  // takes such an account over). A verified account stays, and this answers 409.
  const squatter = await accounts.findAccountByEmail(tx, invitation.email);
  const replaced = squatter && (await accounts.deleteUnprovenAccount(tx, squatter.id)) ? squatter.id : null;
  const brand = {
    id: invitation.brandId,
    name: invitation.brandName ?? '',
    logo: invitation.brandLogo ?? '',
    role: invitation.brandRole ?? 'owner',
  };
  const created = await insertAccountWithProfile(tx, creatorProfiles, {
    email: invitation.email,
    passwordHash,
    role: invitation.role,
    isActive: true,
    ...(belongsToBrand(invitation.role) ? { brand } : {}),
  });
  if (!created) throw new AppError('conflict', INVITATION_MESSAGES.emailTaken);
  await repo.setAcceptedUser(tx, invitation.id, created.id);
  await recordAudit(tx, {
    actor: { userId: created.id },
    action: 'invitation.accept',
    targetType: 'invitation',
    targetId: invitation.id,
    before: { accepted_at: null },
    after: {
      accepted_at: new Date().toISOString(),
      user_id: created.id,
      ...(replaced ? { replaced_unverified_user_id: replaced } : {}),
    },
  });
  return created;
}

/**
 * The account a brand invitation adds to its brand instead of creating one (issue 49): a brand
 * account of no brand with the invited address (a member removed from a brand, or made with no
 * brand). Undefined for any other invitation.
 */
async function brandlessAccountOf(db: DbOrTx, invitation: InvitationRow) {
  if (!belongsToBrand(invitation.role) || invitation.brandId === null) return undefined;
  const account = await accounts.findAccountByEmail(db, invitation.email);
  if (!account || !belongsToBrand(account.role) || !account.isActive || account.deactivatedAt)
    return undefined;
  return (await team.isBrandlessBrandAccount(db, account.id)) ? account : undefined;
}

/**
 * An existing brand account of no brand joins the invitation's brand with its role: the invitee
 * proves the account with its password (the link proves the address), the link is used, the
 * account joins, and the acceptance is recorded; 400 a wrong password, 409 it joined a brand since.
 */
async function joinWithInvitation(
  db: DbOrTx,
  token: string,
  invitation: InvitationRow,
  account: NonNullable<Awaited<ReturnType<typeof brandlessAccountOf>>>,
  input: InvitationAcceptBody,
) {
  const proven = account.passwordHash ? await verifyPassword(account.passwordHash, input.password) : false;
  if (!proven) throw AppError.validation({ password: [BRAND_TEAM_MESSAGES.wrongPassword] });
  return db.transaction(async (tx) => {
    if (!(await repo.consumeInvitation(tx, hashToken(token)))) {
      await usable(tx, token);
      throw new AppError('invitation_used', INVITATION_MESSAGES.used);
    }
    const brand = {
      id: invitation.brandId!,
      name: invitation.brandName ?? '',
      logoUrl: invitation.brandLogo ?? '',
    };
    if (!(await team.joinBrand(tx, account.id, brand, invitation.brandRole ?? 'viewer')))
      throw new AppError('conflict', BRAND_TEAM_MESSAGES.otherAccount);
    await repo.setAcceptedUser(tx, invitation.id, account.id);
    await recordAudit(tx, {
      actor: { userId: account.id },
      action: 'invitation.accept',
      targetType: 'invitation',
      targetId: invitation.id,
      before: { accepted_at: null },
      after: {
        accepted_at: new Date().toISOString(),
        user_id: account.id,
        brand_id: brand.id,
        brand_role: invitation.brandRole,
        existing_account: true,
      },
    });
    return account;
  });
}
