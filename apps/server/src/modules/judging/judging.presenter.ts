import { type JudgedVideo, type OwnScore, MESSAGES, toTenScale } from '@app/domain';
import { toPlayback } from '../videos';
import type { ScoreRow } from './judging.repository';
import type { JudgedEntryRow } from './judged-entries';

/** The columns of a judged version's video. */
type VideoRow = Pick<
  JudgedEntryRow,
  'videoId' | 'videoTitle' | 'posterKey' | 'previewKey' | 'hlsKey' | 'mp4Key' | 'renditions' | 'captions'
>;

export type MediaUrl = (key: string) => string;

/** The judged version's video, playable (the same shape the player takes everywhere). */
export function toJudgedVideo(row: VideoRow, mediaUrl: MediaUrl): JudgedVideo {
  return {
    id: row.videoId,
    title: row.videoTitle,
    poster_url: row.posterKey ? mediaUrl(row.posterKey) : null,
    preview_url: row.previewKey ? mediaUrl(row.previewKey) : null,
    playback: toPlayback(row, mediaUrl),
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

/**
 * A creator's name as winners are shown: "First Last", or 'Unknown Creator' as the library says
 * (never a part of their e-mail address: public results are public; issue 30).
 */
export function creatorName(row: { creatorFirstName: string; creatorLastName: string }) {
  return `${row.creatorFirstName} ${row.creatorLastName}`.trim() || MESSAGES.library.unknownCreator;
}
