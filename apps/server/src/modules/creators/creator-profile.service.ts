import { randomBytes } from 'node:crypto';
import {
  CREATOR_MESSAGES,
  PROFILE_STORED_FIELDS,
  PROFILE_UPDATE_FIELDS,
  profileUpdateErrors,
  type CreatorProfile,
  type ProfileStoredValues,
  type ProfileUpdate,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { refreshCreatorVideoSearch } from '../videos';
import * as repo from './creators.repository';
import { toCreatorProfile, type CreatorRow } from './creators.presenter';
import type { CreatorProfilePorts } from './creators.ports';
import { creatorActivity } from './creators.service';
import { identityOf, updateIdentity, type IdentityChanges } from '../accounts';
import { resizeAvatar } from './avatar';
import { createProfileEmailChange } from './profile-email-change';

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
export function createCreatorProfileService(deps: CreatorProfileServiceDeps, ports: CreatorProfilePorts) {
  const { storage } = deps;
  const db = deps.database.db;
  const emailChange = createProfileEmailChange(deps, ports.sessions);

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
    const activity = await creatorActivity(db, ports, row.id);
    return toCreatorProfile(row, activity, (key) => storage.url(key));
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
     * confirmed through a link sent to it (profile-email-change.ts).
     */
    async update(userId: number, input: ProfileUpdateInput): Promise<CreatorProfile> {
      const current = await load(userId);
      const sent = updateFieldsOf(input.fields);
      // Each rule reads one field, so checking the sent fields alone is checking the merged profile.
      const errors = profileUpdateErrors(sent);
      for (const field of Object.keys(errors)) if (!(field in sent)) delete errors[field];
      const address =
        sent.email !== undefined && !errors.email
          ? await emailChange.review(userId, current.email, sent.email, input.currentPassword)
          : undefined;
      if (address && 'errors' in address) Object.assign(errors, address.errors);
      if (Object.keys(errors).length) throw AppError.validation(errors);

      const avatar = input.avatar ? await resizeAvatar(input.avatar) : undefined;
      const userChanges: IdentityChanges = {
        ...(address && 'pendingEmail' in address ? { pendingEmail: address.pendingEmail } : {}),
        ...identityChangesOf(sent),
      };
      const newPendingEmail = userChanges.pendingEmail ?? null;
      const profileChanges = profileChangesOf(sent);
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
      if (newPendingEmail)
        await emailChange.announce(userId, current.email, newPendingEmail, input.sessionId);

      const updated = await render(await load(userId));
      return newPendingEmail
        ? { ...updated, message: CREATOR_MESSAGES.emailChangeSent(newPendingEmail) }
        : updated;
    },

    /** Follows an e-mail change link; true when the new address is now the account's. */
    confirmEmailChange: emailChange.confirm,

    /** Follows the undo link sent to the old address (every session ends); true when undone. */
    undoEmailChange: emailChange.undo,
  };
}
export type CreatorProfileService = ReturnType<typeof createCreatorProfileService>;

/** The update fields a request carried, without anything else it sent. */
function updateFieldsOf(fields: Partial<ProfileUpdate>): Partial<ProfileUpdate> {
  return Object.fromEntries(
    Object.entries(fields).filter(([key]) => (PROFILE_UPDATE_FIELDS as readonly string[]).includes(key)),
  ) as Partial<ProfileUpdate>;
}

/** The account's side of the sent fields: the name (its first word the first name) and the phone. */
function identityChangesOf(sent: Partial<ProfileUpdate>): IdentityChanges {
  const changes: IdentityChanges = {};
  if (sent.name !== undefined) {
    const [first = '', ...rest] = sent.name.trim().split(/\s+/);
    changes.firstName = first;
    changes.lastName = rest.join(' ');
  }
  if (sent.phone !== undefined) changes.phoneNumber = sent.phone.trim();
  return changes;
}

/** The profile's side of the sent fields, trimmed. */
function profileChangesOf(sent: Partial<ProfileUpdate>): repo.ProfileChanges {
  const changes: repo.ProfileChanges = {};
  for (const field of PROFILE_STORED_FIELDS) {
    const value = sent[field];
    if (value !== undefined) changes[field] = value.trim();
  }
  return changes;
}
