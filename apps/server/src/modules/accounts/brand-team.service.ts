import { createHash, randomBytes } from 'node:crypto';
import {
  BRAND_TEAM_MESSAGES,
  INVITATION_TTL_DAYS,
  MESSAGES,
  isValidEmail,
  normalizeEmail,
  type BrandMember,
  type BrandMemberInviteBody,
  type BrandRole,
  type MyBrand,
} from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { sendInvitationEmail } from './accounts.emails';
import { belongsToBrand, changesRole, isOwnerRole } from './accounts.policy';
import * as accounts from './accounts.repository';
import * as repo from './brand-team.repository';
import { createInvitation, withdrawInvitation } from './invitations.service';
import type { AccountsServiceDeps } from './accounts.service';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newLink = () => {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000),
  };
};
const notFound = (detail: string = MESSAGES.generic.notFound) => new AppError('not_found', detail);
const lastOwner = () => new AppError('last_owner', BRAND_TEAM_MESSAGES.lastOwner);

/** A member as the team page shows it. */
function toMember(row: repo.MemberRow): BrandMember {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ').trim() || row.email;
  return {
    user_id: row.userId,
    name,
    email: row.email,
    role: row.role,
    status: 'active',
    invitation_id: null,
    expires_at: null,
  };
}

/** A pending invitation as the team page shows it. */
function toInvited(row: {
  id: number;
  email: string;
  brandRole: BrandRole | null;
  expiresAt: Date;
}): BrandMember {
  return {
    user_id: null,
    name: row.email,
    email: row.email,
    role: row.brandRole ?? 'viewer',
    status: 'invited',
    invitation_id: row.id,
    expires_at: row.expiresAt.toISOString(),
  };
}

/**
 * Brand teams (issue 49): a brand's members with their roles, and the owner's (or staff's) changes
 * to them — invitations by e-mail (the accounts' invitation links), role changes, removals (the
 * removed member's sessions end at once). Every change takes the brand's lock, keeps at least one
 * owner (409 `last_owner`) and is audited. Who may is declared by the routes (accounts' policy:
 * `teamReaders`, `teamChangers`); the service trusts the caller it is given.
 */
export function createBrandTeamService(deps: AccountsServiceDeps) {
  const db = deps.database.db;

  /** Locks the brand for a change: 404 no such brand. */
  const changing = async (tx: DbOrTx, brandId: number) => {
    if (!(await repo.lockBrand(tx, brandId))) throw notFound();
  };

  return {
    /** The caller's brand and role in it; 404 for a brand user of no brand. */
    async mine(caller: Caller): Promise<MyBrand> {
      const brand = caller.brandId === null ? undefined : await repo.findBrand(db, caller.brandId);
      if (!brand || !caller.brandRole) throw notFound(BRAND_TEAM_MESSAGES.notAMember);
      return { id: brand.id, name: brand.name, role: caller.brandRole };
    },

    /** The brand's members, then its pending invitations. */
    async members(brandId: number): Promise<BrandMember[]> {
      if (!(await repo.findBrand(db, brandId))) throw notFound();
      const [members, invited] = await Promise.all([
        repo.listMembers(db, brandId),
        repo.listPendingInvitations(db, brandId),
      ]);
      return [...members.map(toMember), ...invited.map(toInvited)];
    },

    /**
     * Invites `email` to the brand with `role` and e-mails the link, which creates the account, or
     * adds a brand account of no brand with that address. 409 when the address is a member already,
     * has a pending invitation to the brand, or belongs to an account that cannot join. Audited.
     */
    async invite(actor: Caller, brandId: number, input: BrandMemberInviteBody): Promise<BrandMember> {
      const email = normalizeEmail(input.email);
      if (!isValidEmail(email)) throw AppError.validation({ email: [MESSAGES.registration.invalidEmail] });
      const link = newLink();
      const created = await db.transaction(async (tx) => {
        await changing(tx, brandId);
        const existing = await accounts.findAccountByEmail(tx, email);
        if (existing) {
          if (await repo.findMember(tx, brandId, existing.id))
            throw new AppError('conflict', BRAND_TEAM_MESSAGES.alreadyMember);
          if (!belongsToBrand(existing.role) || !(await repo.isBrandlessBrandAccount(tx, existing.id)))
            throw new AppError('conflict', BRAND_TEAM_MESSAGES.otherAccount);
        }
        if (await repo.findPendingInvitationFor(tx, brandId, email))
          throw new AppError('conflict', BRAND_TEAM_MESSAGES.alreadyInvited);
        return createInvitation(
          tx,
          actor,
          {
            tokenHash: link.tokenHash,
            email,
            role: 'brand',
            brandId,
            brandRole: input.role,
            expiresAt: link.expiresAt,
          },
          true,
        );
      });
      await sendInvitationEmail(deps, email, link.token, {
        role: 'brand',
        companyName: created.brandName,
        ttlDays: INVITATION_TTL_DAYS,
      });
      return toInvited(created);
    },

    /** Gives a member another role; 404 not a member, 409 `last_owner` demoting the last owner. Audited. */
    async changeRole(actor: Caller, brandId: number, userId: number, role: BrandRole): Promise<BrandMember> {
      return db.transaction(async (tx) => {
        await changing(tx, brandId);
        const member = await repo.findMember(tx, brandId, userId);
        if (!member) throw notFound(BRAND_TEAM_MESSAGES.memberNotFound);
        if (!changesRole(member, role)) return toMember(member);
        if (isOwnerRole(member.role) && !isOwnerRole(role) && (await repo.countOwners(tx, brandId)) <= 1)
          throw lastOwner();
        await repo.setMemberRole(tx, userId, role);
        await recordAudit(tx, {
          actor: { userId: actor.id },
          action: 'brand_member.role',
          targetType: 'user',
          targetId: userId,
          before: { brand_id: brandId, role: member.role },
          after: { brand_id: brandId, role },
        });
        return toMember({ ...member, role });
      });
    },

    /**
     * Takes a member out of the brand (the account stays, of no brand) and ends every session of it
     * at once: its access and refresh tokens are refused from the next request. 404 not a member,
     * 409 `last_owner` for the last owner. Audited.
     */
    async remove(actor: Caller, brandId: number, userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await changing(tx, brandId);
        const member = await repo.findMember(tx, brandId, userId);
        if (!member) throw notFound(BRAND_TEAM_MESSAGES.memberNotFound);
        if (isOwnerRole(member.role) && (await repo.countOwners(tx, brandId)) <= 1) throw lastOwner();
        await repo.leaveBrand(tx, userId);
        await accounts.endAllSessions(tx, userId, { deactivate: false });
        await recordAudit(tx, {
          actor: { userId: actor.id },
          action: 'brand_member.remove',
          targetType: 'user',
          targetId: userId,
          before: { brand_id: brandId, role: member.role },
          after: { brand_id: null, sessions_ended: true },
        });
      });
    },

    /** Sends a pending invitation again with a new link (the old one stops working). 404 unknown. Audited. */
    resendInvitation: (actor: Caller, brandId: number, invitationId: number) =>
      resend(deps, (tx) => changing(tx, brandId), actor, brandId, invitationId),

    /** Withdraws a pending invitation of the brand: its link stops working. 404 unknown. Audited. */
    async revokeInvitation(actor: Caller, brandId: number, invitationId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await changing(tx, brandId);
        if (!(await repo.findPendingInvitation(tx, brandId, invitationId)))
          throw notFound(BRAND_TEAM_MESSAGES.invitationNotFound);
        await withdrawInvitation(tx, actor, invitationId);
      });
    },
  };
}
export type BrandTeamService = ReturnType<typeof createBrandTeamService>;

/** A pending invitation of the brand, renewed (new token and expiry), recorded and e-mailed again. */
async function resend(
  deps: AccountsServiceDeps,
  changing: (tx: DbOrTx) => Promise<void>,
  actor: Caller,
  brandId: number,
  invitationId: number,
): Promise<BrandMember> {
  const db = deps.database.db;
  const link = newLink();
  const { invitation, brandName } = await db.transaction(async (tx) => {
    await changing(tx);
    const found = await repo.findPendingInvitation(tx, brandId, invitationId);
    if (!found) throw notFound(BRAND_TEAM_MESSAGES.invitationNotFound);
    await repo.renewInvitation(tx, invitationId, {
      tokenHash: link.tokenHash,
      expiresAt: link.expiresAt,
    });
    await recordAudit(tx, {
      actor: { userId: actor.id },
      action: 'invitation.resend',
      targetType: 'invitation',
      targetId: invitationId,
      before: { expires_at: found.expiresAt.toISOString() },
      after: { expires_at: link.expiresAt.toISOString() },
    });
    const brand = await repo.findBrand(tx, brandId);
    return { invitation: { ...found, expiresAt: link.expiresAt }, brandName: brand?.name ?? null };
  });
  await sendInvitationEmail(deps, invitation.email, link.token, {
    role: 'brand',
    companyName: brandName,
    ttlDays: INVITATION_TTL_DAYS,
  });
  return toInvited(invitation);
}
