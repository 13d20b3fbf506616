import { randomBytes } from 'node:crypto';
import {
  CREATOR_MESSAGES,
  normalizeEmail,
  PROFILE_STORED_FIELDS,
  PROFILE_UPDATE_FIELDS,
  profileUpdateErrors,
  type CreatorProfile,
  type ProfileStoredValues,
  type ProfileUpdate,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { sendEmailJob } from '../../jobs/send-email.job';
import { AppError } from '../../lib/errors';
import { refreshCreatorVideoSearch } from '../videos';
import * as repo from './creators.repository';
import { toCreatorProfile, type CreatorRow } from './creators.presenter';
import { creatorActivity, type CreatorsOwners } from './creators.service';
import {
  createSessionsService,
  confirmPendingEmail,
  emailTakenByOther,
  identityOf,
  restoreEmail,
  tokenVersionOf,
  updateIdentity,
  type IdentityChanges,
} from '../accounts';
import { emailChangeEmail, emailChangeNoticeEmail } from './creators.emails';
import { resizeAvatar } from './avatar';
import { createEmailChangeTokens, createEmailUndoTokens, EMAIL_UNDO_TTL_SECONDS } from './email-change';

export type CreatorProfileServiceDeps = Pick<AppDeps, 'config' | 'database' | 'queue' | 'storage'>;

export interface ProfileUpdateInput {
  /** Only the fields the request carried; others keep their values (PATCH). */
  fields: Partial<ProfileUpdate>;
  avatar?: Buffer;
  /** The account's current password: needed to change the e-mail address (issue 18 M2). */
  currentPassword?: string | undefined;
  /** The caller's session, which stays signed in when an e-mail change ends the others. */
  sessionId?: string | undefined;
}

/** The creator's own profile: read, update (spec §5 rules), avatar, and e-mail change. */
export function createCreatorProfileService(deps: CreatorProfileServiceDeps, owners: CreatorsOwners) {
  const { config, queue, storage } = deps;
  const db = deps.database.db;
  const emailChangeTokens = createEmailChangeTokens(config.JWT_SECRET, config.VERIFY_TOKEN_TTL);
  const undoTokens = createEmailUndoTokens(config.JWT_SECRET);
  const sessions = createSessionsService(deps);

  async function load(userId: number): Promise<CreatorRow> {
    const [identity, profile] = await Promise.all([identityOf(db, userId), repo.findProfile(db, userId)]);
    if (!identity) throw new AppError('not_found', 'Not found.');
    if (profile) return { ...identity, ...profile };
    // A creator always has a profile row; one created without it gets it on first read.
    await repo.insertEmptyProfile(db, userId);
    const created = await repo.findProfile(db, userId);
    if (!created) throw new AppError('not_found', 'Not found.');
    return { ...identity, ...created };
  }

  async function render(row: CreatorRow): Promise<CreatorProfile> {
    const activity = await creatorActivity(db, owners, row.id);
    return toCreatorProfile(row, activity, (key) => storage.url(key));
  }

  async function sendEmailChangeLink(userId: number, email: string): Promise<void> {
    const token = emailChangeTokens.sign(userId, email);
    const link = `${config.PUBLIC_URL}/api/accounts/auth/confirm-email-change/${token}/`;
    const linkExpiresAt = new Date(Date.now() + config.VERIFY_TOKEN_TTL * 1000).toISOString();
    await queue.send(sendEmailJob, { ...emailChangeEmail(email, link), linkExpiresAt });
  }

  /** Tells the old address, with the link that undoes the change. */
  async function sendEmailChangeNotice(userId: number, oldEmail: string, newEmail: string): Promise<void> {
    const version = (await tokenVersionOf(db, userId)) ?? 0;
    const token = undoTokens.sign(userId, oldEmail, version);
    const link = `${config.PUBLIC_URL}/api/accounts/auth/undo-email-change/${token}/`;
    const days = Math.round(EMAIL_UNDO_TTL_SECONDS / 86_400);
    const linkExpiresAt = new Date(Date.now() + EMAIL_UNDO_TTL_SECONDS * 1000).toISOString();
    await queue.send(sendEmailJob, {
      ...emailChangeNoticeEmail(oldEmail, newEmail, link, days),
      linkExpiresAt,
    });
  }

  return {
    /** The caller's own profile (spec §3 "Creator profile (me call)"). */
    async get(userId: number): Promise<CreatorProfile> {
      return render(await load(userId));
    },

    /**
     * The stored profile fields of any user, by update-field name; null for an account without a
     * creator profile. Read only (the application prefill of `GET /api/accounts/me/`).
     */
    async storedValues(userId: number): Promise<ProfileStoredValues | null> {
      return repo.findProfileValues(db, userId);
    },

    /**
     * Applies a partial update. The spec §5 rules are checked on the fields the request carries
     * (a required field cannot be blanked; formats must hold). A new e-mail is kept pending and
     * confirmed through a link sent to it.
     */
    async update(userId: number, input: ProfileUpdateInput): Promise<CreatorProfile> {
      const current = await load(userId);
      const sent = Object.fromEntries(
        Object.entries(input.fields).filter(([key]) =>
          (PROFILE_UPDATE_FIELDS as readonly string[]).includes(key),
        ),
      ) as Partial<ProfileUpdate>;
      // Each rule reads one field, so checking the sent fields alone is checking the merged profile.
      const errors = profileUpdateErrors(sent);
      for (const field of Object.keys(errors)) if (!(field in sent)) delete errors[field];

      const userChanges: IdentityChanges = {};
      let newPendingEmail: string | null = null;
      if (sent.email !== undefined && !errors.email) {
        const email = normalizeEmail(sent.email);
        if (email === current.email) {
          userChanges.pendingEmail = null;
        } else if (await emailTakenByOther(db, email, userId)) {
          errors.email = [CREATOR_MESSAGES.emailTaken];
        } else {
          // A new address takes the account over once confirmed: the caller proves they hold the
          // password first. An account without one (Google only) sets one through the reset link.
          const check = await sessions.checkPassword(userId, input.currentPassword ?? '');
          if (check === 'no_password') errors.current_password = [CREATOR_MESSAGES.emailChangeNeedsPassword];
          else if (check === 'wrong')
            errors.current_password = [
              input.currentPassword
                ? CREATOR_MESSAGES.currentPasswordWrong
                : CREATOR_MESSAGES.currentPasswordRequired,
            ];
          // Saving the same new address again sends a fresh link.
          else userChanges.pendingEmail = newPendingEmail = email;
        }
      }
      if (Object.keys(errors).length) throw AppError.validation(errors);

      const avatar = input.avatar ? await resizeAvatar(input.avatar) : undefined;

      if (sent.name !== undefined) {
        const [first = '', ...rest] = sent.name.trim().split(/\s+/);
        userChanges.firstName = first;
        userChanges.lastName = rest.join(' ');
      }
      if (sent.phone !== undefined) userChanges.phoneNumber = sent.phone.trim();
      const profileChanges: repo.ProfileChanges = {};
      for (const field of PROFILE_STORED_FIELDS) {
        const value = sent[field];
        if (value !== undefined) profileChanges[field] = value.trim();
      }

      const oldAvatarKey = current.avatarKey;
      if (avatar) {
        const key = `avatars/${userId}/${randomBytes(8).toString('hex')}.webp`;
        await storage.put(key, avatar);
        profileChanges.avatarKey = key;
      }
      await db.transaction(async (tx) => {
        await updateIdentity(tx, userId, userChanges);
        await repo.updateProfile(tx, userId, profileChanges);
        // The creator's name is in their videos' search documents.
        if (userChanges.firstName !== undefined) await refreshCreatorVideoSearch(tx, userId);
      });
      if (avatar && oldAvatarKey) await storage.delete(oldAvatarKey).catch(() => undefined);
      if (newPendingEmail) {
        // Whoever else is signed in (a thief with a stolen session, say) is signed out now; the
        // old address learns of the change and can undo it.
        await sessions.endOtherSessions(userId, input.sessionId);
        await sendEmailChangeLink(userId, newPendingEmail);
        await sendEmailChangeNotice(userId, current.email, newPendingEmail);
      }

      const updated = await render(await load(userId));
      return newPendingEmail
        ? { ...updated, message: CREATOR_MESSAGES.emailChangeSent(newPendingEmail) }
        : updated;
    },

    /** Follows an e-mail change link; true when the new address is now the account's. */
    async confirmEmailChange(token: string): Promise<boolean> {
      const claim = emailChangeTokens.parse(token);
      if (!claim) return false;
      const pending = (await identityOf(db, claim.userId))?.pendingEmail;
      if (!pending || !emailChangeTokens.matches(claim, pending)) return false;
      return confirmPendingEmail(db, claim.userId, pending);
    },

    /**
     * Follows the undo link sent to the old address: the old address is the account's again, any
     * pending change is dropped and every session ends (the link then stops working). True when
     * it was undone.
     */
    async undoEmailChange(token: string): Promise<boolean> {
      const claim = await undoTokens.read(token, (userId) => tokenVersionOf(db, userId));
      if (!claim) return false;
      if (!(await restoreEmail(db, claim.userId, claim.previousEmail))) return false;
      await sessions.endAllSessions(claim.userId);
      return true;
    },
  };
}
export type CreatorProfileService = ReturnType<typeof createCreatorProfileService>;
