import { MESSAGES, type EntryVideo, type Video, type VideoPage } from '@app/domain';
import type { VideoRow } from './video-rows';
import type { OwnVideoRow } from './videos.repository';

/**
 * Turns a stored media key into the URL clients fetch it from: public for approved videos,
 * signed and expiring before (storage/media-signing.ts).
 */
export type MediaUrl = (key: string) => string;
/** The media URLs of one video's files. */
export type VideoMediaUrl = (row: VideoRow) => MediaUrl;

/** Which page a list or search request asked for, and its own URL to build next/previous links. */
export interface PageRequest {
  page: number;
  pageSize: number;
  url: URL;
}

/** The download link of a video for the caller, or null when they may not download it. */
export type DownloadUrl = (row: OwnVideoRow) => string | null;

/** The stored media a video's player reads (a video row, or a judged version's video). */
export type PlaybackRow = Pick<VideoRow, 'hlsKey' | 'mp4Key' | 'posterKey' | 'renditions' | 'captions'>;

/** What the player needs, once the first rendition is ready (issue 16). */
export function toPlayback(row: PlaybackRow, mediaUrl: MediaUrl): Video['playback'] {
  if (!row.hlsKey || !row.mp4Key) return null;
  return {
    hls_url: mediaUrl(row.hlsKey),
    mp4_url: mediaUrl(row.mp4Key),
    poster_url: row.posterKey ? mediaUrl(row.posterKey) : null,
    renditions: (row.renditions ?? [])
      .map((r) => ({ height: r.height, width: r.width, bandwidth: r.bandwidth }))
      .sort((a, b) => a.bandwidth - b.bandwidth),
    captions: row.captions.map((c) => ({ language: c.language, url: mediaUrl(c.key) })),
  };
}

/**
 * The stored file's state and technical facts as the API names them: the video and an entry's
 * video both show them, in this order.
 */
function fileFacts(row: OwnVideoRow) {
  return {
    status: row.status,
    failure_reason: row.failureReason,
    duration: row.durationSeconds,
    width: row.width,
    height: row.height,
    video_codec: row.videoCodec,
    audio_codec: row.audioCodec,
    frame_rate: row.frameRate,
    size_bytes: row.sizeBytes,
    content_type: row.originalType,
  };
}

/** A video row with its creator, brand and contest → the API's video (spec §3). */
export function toVideo(row: VideoRow, mediaUrl: MediaUrl, downloadUrl: DownloadUrl = () => null): Video {
  const download = downloadUrl(row);
  const created = row.createdAt.toISOString();
  const name = `${row.creatorFirstName} ${row.creatorLastName}`.trim();
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    thumbnail: row.previewKey ? mediaUrl(row.previewKey) : null,
    thumbnail_url: row.posterKey ? mediaUrl(row.posterKey) : null,
    // The original is never served under /media (issue 18, L8): the progressive MP4 made from it,
    // else (a video processed before renditions existed) the download link for those allowed,
    // else the preview.
    video_url: row.mp4Key
      ? mediaUrl(row.mp4Key)
      : (download ?? (row.previewKey ? mediaUrl(row.previewKey) : '')),
    views: row.views,
    likes: row.likes,
    created_at: created,
    createdAt: created,
    contest_id: row.contestId,
    contest_title: row.contestTitle,
    brand: row.brandName,
    brand_id: row.brandId,
    is_approved: row.isApproved,
    review_status: row.reviewStatus,
    review_reason: row.reviewReason,
    type: row.contestId ? 'contest' : 'standalone',
    creator: name || MESSAGES.library.unknownCreator,
    creator_id: row.ownerId,
    creator_profile: row.creatorProfile
      ? {
          id: row.ownerId,
          first_name: row.creatorFirstName,
          last_name: row.creatorLastName,
          experience_level: row.creatorProfile.experienceLevel,
          profile_picture: row.creatorProfile.avatarKey ? mediaUrl(row.creatorProfile.avatarKey) : '',
          country: row.creatorProfile.country,
          bio: row.creatorProfile.bio,
        }
      : null,
    ...fileFacts(row),
    playback: toPlayback(row, mediaUrl),
    processing: { stage: row.processingStage, percent: row.processingPercent },
    download_url: download,
  };
}

/**
 * A video as a contest entry shows it: the API's video narrowed to `entryVideoSchema`, in the order
 * of its pick, built from the video's own row (an entry shows nothing of its owners). The reviewers'
 * entries list shows two hundred a page; reading each with its creator's profile, contest and
 * names, building the whole video (`toVideo`) and narrowing it cost the list a tenth of its
 * JavaScript and two statements (`bench/full/profile.ts`).
 */
export function toEntryVideo(
  row: OwnVideoRow,
  mediaUrl: MediaUrl,
  downloadUrl: DownloadUrl = () => null,
): EntryVideo {
  return {
    id: row.id,
    title: row.title,
    ...fileFacts(row),
    thumbnail: row.previewKey ? mediaUrl(row.previewKey) : null,
    thumbnail_url: row.posterKey ? mediaUrl(row.posterKey) : null,
    playback: toPlayback(row, mediaUrl),
    processing: { stage: row.processingStage, percent: row.processingPercent },
    created_at: row.createdAt.toISOString(),
    download_url: downloadUrl(row),
  };
}

/**
 * One page of rows → the API's page: the total, links to the next and previous pages on the
 * public URL (null at either end; past the end, `previous` is the last page) and the videos.
 */
export function toVideoPage(
  result: { rows: VideoRow[]; count: number },
  request: PageRequest,
  {
    publicUrl,
    mediaUrl,
    downloadUrl,
  }: { publicUrl: string; mediaUrl: VideoMediaUrl; downloadUrl?: DownloadUrl },
): VideoPage {
  const link = (pageNumber: number) => {
    const url = new URL(request.url.pathname + request.url.search, publicUrl);
    url.searchParams.set('page', String(pageNumber));
    return url.toString();
  };
  const last = Math.max(1, Math.ceil(result.count / request.pageSize));
  return {
    count: result.count,
    next: request.page < last ? link(request.page + 1) : null,
    previous: request.page > 1 ? link(Math.min(request.page - 1, last)) : null,
    results: result.rows.map((row) => toVideo(row, mediaUrl(row), downloadUrl)),
  };
}
