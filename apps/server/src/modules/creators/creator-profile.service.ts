import { randomBytes } from 'node:crypto';
import {
  CREATOR_MESSAGES,
  normalizeEmail,
  PROFILE_UPDATE_FIELDS,
  profileUpdateErrors,
  type CreatorProfile,
  type ProfileUpdate,
  type ProfileUpdateField,
} from '@app/domain';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { sendEmailJob } from '../../jobs/send-email.job';
import { AppError } from '../../lib/errors';
import { refreshCreatorVideoSearch } from '../videos/videos.service';
import * as repo from './creators.repository';
import { resizeAvatar } from './avatar';
import type { EmailChangeTokens } from './email-change';

/** Where avatars go: put bytes under a key, delete a key, and the public URL of a key. */
export interface AvatarStore {
  put(key: string, body: Buffer): Promise<unknown>;
  delete(key: string): Promise<void>;
  url(key: string): string;
}

export interface CreatorProfileServiceDeps {
  db: Database;
  queue: JobQueue;
  avatars: AvatarStore;
  emailChangeTokens: EmailChangeTokens;
  publicUrl: string;
}

/** Columns of creator_profiles that an update field writes to as is. */
const PROFILE_COLUMNS = {
  bio: 'bio',
  gender: 'gender',
  address: 'address',
  website: 'website',
  portfolio_url: 'portfolioUrl',
  linkedin: 'linkedin',
  instagram: 'instagram',
  twitter: 'twitter',
  facebook: 'facebook',
  youtube_url: 'youtubeUrl',
  shipping_address_line1: 'shippingAddressLine1',
  shipping_address_line2: 'shippingAddressLine2',
  shipping_city: 'shippingCity',
  shipping_state: 'shippingState',
  shipping_postal_code: 'shippingPostalCode',
  shipping_country: 'shippingCountry',
} as const satisfies Partial<Record<ProfileUpdateField, keyof repo.ProfileChanges>>;

export interface ProfileUpdateInput {
  /** Only the fields the request carried; others keep their values (PATCH). */
  fields: Partial<ProfileUpdate>;
  avatar?: Buffer;
}

/** The creator's own profile: read, update (spec §5 rules), avatar, and e-mail change. */
export function createCreatorProfileService(deps: CreatorProfileServiceDeps) {
  const { db } = deps;

  async function load(userId: number): Promise<repo.CreatorRow> {
    const row = await repo.findCreatorWithProfile(db, userId);
    if (!row) throw new AppError('not_found', 'Not found.');
    return row;
  }

  async function render(row: repo.CreatorRow): Promise<CreatorProfile> {
    const { user, profile } = row;
    const [counts, participations] = await Promise.all([
      repo.countCreatorActivity(db, user.id),
      repo.countParticipations(db, user.id),
    ]);
    return {
      id: user.id,
      full_name: fullName(user.firstName, user.lastName),
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      pending_email: user.pendingEmail,
      phone_number: user.phoneNumber,
      profile: {
        bio: profile.bio,
        address: profile.address,
        gender: profile.gender,
        website: profile.website,
        linkedin: profile.linkedin,
        twitter: profile.twitter,
        youtube_url: profile.youtubeUrl,
        portfolio_url: profile.portfolioUrl,
        instagram_url: profile.instagram,
        facebook_url: profile.facebook,
        shipping_address_line1: profile.shippingAddressLine1,
        shipping_address_line2: profile.shippingAddressLine2,
        shipping_city: profile.shippingCity,
        shipping_state: profile.shippingState,
        shipping_postal_code: profile.shippingPostalCode,
        shipping_country: profile.shippingCountry,
        profilePicture: profile.avatarKey ? deps.avatars.url(profile.avatarKey) : '',
        phoneNumber: user.phoneNumber,
        contest_participations: participations,
        contests_wins: counts.wins,
        shipping_address: {
          line1: profile.shippingAddressLine1,
          line2: profile.shippingAddressLine2,
          city: profile.shippingCity,
          state: profile.shippingState,
          postal: profile.shippingPostalCode,
          country: profile.shippingCountry,
        },
      },
    };
  }

  async function sendEmailChangeLink(userId: number, email: string): Promise<void> {
    const token = deps.emailChangeTokens.sign(userId, email);
    const link = `${deps.publicUrl}/api/accounts/auth/confirm-email-change/${token}/`;
    await deps.queue.send(sendEmailJob, {
      to: email,
      subject: 'Confirm your new e-mail address',
      text: `Follow this link to use ${email} for your Cinematic Contests account:\n\n${link}\n\nIf you did not ask for this, ignore this e-mail; nothing changes.`,
      html: `<p>Follow this link to use <strong>${escapeHtml(email)}</strong> for your Cinematic Contests account:</p><p><a href="${link}">Confirm my new e-mail address</a></p><p>If you did not ask for this, ignore this e-mail; nothing changes.</p>`,
    });
  }

  return {
    async get(userId: number): Promise<CreatorProfile> {
      return render(await load(userId));
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
      const errors = profileUpdateErrors({ ...currentValues(current), ...sent });
      for (const field of Object.keys(errors)) if (!(field in sent)) delete errors[field];

      const userChanges: repo.UserChanges = {};
      let newPendingEmail: string | null = null;
      if (sent.email !== undefined && !errors.email) {
        const email = normalizeEmail(sent.email);
        if (email === current.user.email) {
          userChanges.pendingEmail = null;
        } else if (await repo.emailTakenByOther(db, email, userId)) {
          errors.email = [CREATOR_MESSAGES.emailTaken];
        } else {
          // Saving the same new address again sends a fresh link.
          userChanges.pendingEmail = newPendingEmail = email;
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
      for (const [field, column] of Object.entries(PROFILE_COLUMNS)) {
        const value = sent[field as keyof typeof PROFILE_COLUMNS];
        if (value !== undefined) profileChanges[column] = value.trim();
      }

      const oldAvatarKey = current.profile.avatarKey;
      if (avatar) {
        const key = `avatars/${userId}/${randomBytes(8).toString('hex')}.webp`;
        await deps.avatars.put(key, avatar);
        profileChanges.avatarKey = key;
      }
      await db.transaction(async (tx) => {
        await repo.updateCreator(tx, userId, userChanges, profileChanges);
        // The creator's name is in their videos' search documents.
        if (userChanges.firstName !== undefined) await refreshCreatorVideoSearch(tx, userId);
      });
      if (avatar && oldAvatarKey) await deps.avatars.delete(oldAvatarKey).catch(() => undefined);
      if (newPendingEmail) await sendEmailChangeLink(userId, newPendingEmail);

      const updated = await render(await load(userId));
      return newPendingEmail
        ? { ...updated, message: CREATOR_MESSAGES.emailChangeSent(newPendingEmail) }
        : updated;
    },

    /** Follows an e-mail change link; true when the new address is now the account's. */
    async confirmEmailChange(token: string): Promise<boolean> {
      const claim = deps.emailChangeTokens.parse(token);
      if (!claim) return false;
      const row = await repo.findCreatorWithProfile(db, claim.userId);
      const pending = row?.user.pendingEmail;
      if (!pending || !deps.emailChangeTokens.matches(claim, pending)) return false;
      return repo.confirmPendingEmail(db, claim.userId, pending);
    },
  };
}

function fullName(first: string, last: string): string {
  return `${first} ${last}`.trim();
}

function currentValues({ user, profile }: repo.CreatorRow): ProfileUpdate {
  return {
    name: fullName(user.firstName, user.lastName),
    email: user.email,
    phone: user.phoneNumber,
    bio: profile.bio,
    gender: profile.gender,
    address: profile.address,
    website: profile.website,
    portfolio_url: profile.portfolioUrl,
    linkedin: profile.linkedin,
    instagram: profile.instagram,
    twitter: profile.twitter,
    facebook: profile.facebook,
    youtube_url: profile.youtubeUrl,
    shipping_address_line1: profile.shippingAddressLine1,
    shipping_address_line2: profile.shippingAddressLine2,
    shipping_city: profile.shippingCity,
    shipping_state: profile.shippingState,
    shipping_postal_code: profile.shippingPostalCode,
    shipping_country: profile.shippingCountry,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
