import { useSyncExternalStore } from 'react';
import { MESSAGES, type Video, type VideoAward, type VideoCreatorProfile } from '@app/domain';

/** The shared duration format; re-exported so the feature's screens keep importing it from here. */
export { formatDuration } from '../../../lib/format';

/**
 * A video as the library and the video page show it (spec §3 normalisation): the API's `Video`
 * with camel-cased names, the poster under its own name and the creator's name resolved.
 */
export interface LibraryVideo extends Pick<
  Video,
  'id' | 'title' | 'description' | 'brand' | 'creator' | 'type' | 'width' | 'height' | 'duration'
> {
  /** The looping preview clip (spec: the card plays the thumbnail field). */
  thumbnail: Video['thumbnail'];
  /** The poster image. */
  posterUrl: Video['thumbnail_url'];
  videoUrl: Video['video_url'] | null;
  contestId: Video['contest_id'];
  contestTitle: Video['contest_title'];
  createdAt: Video['created_at'];
  /** The place it won in a contest (the trophy); null when none. */
  award: VideoAward | null;
  creatorProfile: {
    id: VideoCreatorProfile['id'];
    experienceLevel: VideoCreatorProfile['experience_level'];
    profilePicture: VideoCreatorProfile['profile_picture'];
    country: VideoCreatorProfile['country'];
    bio: VideoCreatorProfile['bio'];
  } | null;
}

type Raw = Record<string, unknown>;
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * Creator name: first and last joined and trimmed, or the creator string, or the creator
 * object's name, else 'Unknown Creator' (spec §3).
 */
export function creatorName(raw: Raw): string {
  const profile = raw.creator_profile as Raw | null | undefined;
  const full = `${str(profile?.first_name) ?? ''} ${str(profile?.last_name) ?? ''}`.trim();
  if (full) return full;
  if (typeof raw.creator === 'string' && raw.creator.trim()) return raw.creator;
  const creator = raw.creator as Raw | null | undefined;
  if (creator && typeof creator === 'object' && str(creator.name)) return str(creator.name)!;
  return MESSAGES.library.unknownCreator;
}

function readAward(value: unknown): VideoAward | null {
  const award = value as Raw | null | undefined;
  const place = num(award?.place);
  const contestId = num(award?.contest_id);
  if (!award || place === null || contestId === null) return null;
  return { place, contest_id: contestId, contest_title: str(award.contest_title) ?? '' };
}

/**
 * Our server sends a `Video`; spec §3 also reads the shapes other backends send (the creator or
 * the brand as an object, fields missing), so every field is read defensively.
 */
export function normalizeVideo(video: Video): LibraryVideo {
  const raw: Raw = video;
  const profile = raw.creator_profile as Raw | null | undefined;
  const contestId = num(raw.contest_id);
  return {
    id: Number(raw.id),
    title: str(raw.title) ?? '',
    description: str(raw.description) ?? '',
    thumbnail: str(raw.thumbnail),
    posterUrl: str(raw.thumbnail_url),
    videoUrl: str(raw.video_url),
    brand: str(raw.brand) ?? str((raw.brand as Raw | null | undefined)?.name),
    contestId,
    contestTitle: str(raw.contest_title),
    createdAt: str(raw.created_at) ?? str(raw.createdAt) ?? '',
    award: readAward(raw.award),
    creator: creatorName(raw),
    creatorProfile: profile
      ? {
          id: Number(profile.id),
          experienceLevel: str(profile.experience_level) ?? null,
          profilePicture: str(profile.profile_picture) ?? '',
          country: str(profile.country) ?? '',
          bio: str(profile.bio) ?? '',
        }
      : null,
    type: contestId ? 'contest' : 'standalone',
    width: num(raw.width),
    height: num(raw.height),
    duration: num(raw.duration),
  };
}

/** The 'Posted: ' date in the reader's local format. */
export function postedDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString();
}

/** The same date as the server writes it, the same on every machine (UTC, en-US). */
function postedDateUtc(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US', { timeZone: 'UTC' });
}

const noChanges = () => () => undefined;

/**
 * postedDate for a render that may hydrate server HTML (the library arrives rendered): the server
 * and the hydrating render write the UTC date, and the reader's local one follows at once, so a
 * reader in another time zone or locale gets no hydration mismatch.
 */
export function usePostedDate(iso: string): string {
  return useSyncExternalStore(
    noChanges,
    () => postedDate(iso),
    () => postedDateUtc(iso),
  );
}
