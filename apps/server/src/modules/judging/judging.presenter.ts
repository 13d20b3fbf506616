import type { JudgedVideo, OwnScore } from '@app/domain';
import { toTenScale } from '@app/domain';
import type { JudgedEntryRow, ScoreRow } from './judging.repository';

/** The columns of a judged version's video. */
type VideoRow = Pick<
  JudgedEntryRow,
  | 'videoId'
  | 'videoTitle'
  | 'posterKey'
  | 'previewKey'
  | 'originalKey'
  | 'hlsKey'
  | 'mp4Key'
  | 'renditions'
  | 'captions'
>;

export type MediaUrl = (key: string) => string;

/** The judged version's video, playable (the same shape the player takes everywhere). */
export function toJudgedVideo(row: VideoRow, mediaUrl: MediaUrl): JudgedVideo {
  return {
    id: row.videoId,
    title: row.videoTitle,
    poster_url: row.posterKey ? mediaUrl(row.posterKey) : null,
    preview_url: row.previewKey ? mediaUrl(row.previewKey) : null,
    original_url: mediaUrl(row.originalKey),
    playback:
      row.hlsKey && row.mp4Key
        ? {
            hls_url: mediaUrl(row.hlsKey),
            mp4_url: mediaUrl(row.mp4Key),
            poster_url: row.posterKey ? mediaUrl(row.posterKey) : null,
            renditions: (row.renditions ?? [])
              .map((r) => ({ height: r.height, width: r.width, bandwidth: r.bandwidth }))
              .sort((a, b) => a.bandwidth - b.bandwidth),
            captions: row.captions.map((c) => ({ language: c.language, url: mediaUrl(c.key) })),
          }
        : null,
  };
}

export function toOwnScore(row: ScoreRow): OwnScore {
  return {
    entry_id: row.entryId,
    version: row.version,
    scores: row.scores,
    weighted_score: toTenScale(row.weightedTotal),
    feedback: row.feedback,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A creator's name as winners are shown ("First Last", or their e-mail's name part). */
export function creatorName(row: {
  creatorFirstName: string;
  creatorLastName: string;
  creatorEmail: string;
}) {
  return `${row.creatorFirstName} ${row.creatorLastName}`.trim() || row.creatorEmail.split('@')[0]!;
}
