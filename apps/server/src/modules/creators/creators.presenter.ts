import {
  centsToAmount,
  ENTRY_STATUSES,
  type EntryStatus,
  toProfileResponseFields,
  toShippingAddress,
  type CreatorProfile,
  type CreatorSubmission,
  type DashboardContest,
  type DashboardVideo,
} from '@app/domain';
import type { OwnVideo } from '../videos';
import type { Identity } from '../accounts';
import type { ProfileRow } from './creators.repository';
import type {
  ApplicationRow,
  ContestRow,
  CurrentRoundRow,
  EntryRow,
  ResultRow,
  TimelineRow,
} from './creators.ports';

/** The round a contest is in and whether the creator advanced (issue 47). */
export interface RoundStanding {
  round: CurrentRoundRow;
  advanced: boolean;
}

/** A contest the creator takes part in, with their application (null: submitted without one). */
export type ParticipationRow = ContestRow & { id: number } & Omit<ApplicationRow, 'contestId' | 'status'> & {
    applicationStatus: ApplicationRow['status'] | null;
  };
/** A submission: the entry's newest version with its video's title and views and the contest's title. */
export type SubmissionRow = Omit<EntryRow, 'videoId'> & {
  videoId: number;
  contestTitle: string;
  videoTitle: string;
  viewCount: number;
};
/** A creator: the account (accounts) and its profile (creators). */
export type CreatorRow = Identity & ProfileRow;
/** One of the creator's own videos, with its contest's title. */
export type OwnVideoRow = OwnVideo & { contestTitle: string | null };

const asEntryStatus = (value: string): EntryStatus =>
  (ENTRY_STATUSES as readonly string[]).includes(value) ? (value as EntryStatus) : 'uploaded';

/** The dashboard lists a contest can be in (spec §4) and the chip each shows. */
export type DashboardList = 'running' | 'applied' | 'ended';
const STATUS_LABEL = { running: 'active', applied: 'applied', ended: 'completed' } as const;

/** A contest as the dashboard lists it (spec §3 "Contest on the dashboard"). */
export function toDashboardContest(
  row: ParticipationRow,
  list: DashboardList,
  submission: SubmissionRow | null,
  result: ResultRow | null,
  scorecardEntryId: number | null = null,
  timeline: TimelineRow[] = [],
  standing?: RoundStanding,
): DashboardContest {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    thumbnail: row.thumbnailUrl,
    prize: centsToAmount(row.prizeCents),
    prize_cents: row.prizeCents,
    currency: row.currency,
    deadline: row.submissionDeadline.toISOString(),
    end_date: row.winnersAt.toISOString(),
    timezone: row.timezone,
    status: STATUS_LABEL[list],
    application_status: row.applicationStatus,
    submission: submission
      ? {
          id: submission.id,
          video_id: submission.videoId,
          created_at: submission.createdAt.toISOString(),
          video_title: submission.videoTitle,
          version: submission.version,
          status: asEntryStatus(submission.status),
          timeline: timeline.map((event) => ({
            step: asEntryStatus(event.step),
            version: event.version,
            at: event.createdAt.toISOString(),
          })),
        }
      : null,
    result: result ? { place: result.place, prize_cents: result.prizeCents, currency: row.currency } : null,
    shipment:
      row.shippedAt && row.shippingCarrier !== null && row.trackingNumber !== null
        ? {
            carrier: row.shippingCarrier,
            tracking_number: row.trackingNumber,
            shipped_at: row.shippedAt.toISOString(),
            delivered_at: row.deliveredAt?.toISOString() ?? null,
          }
        : null,
    scorecard_entry_id: scorecardEntryId,
    ...(standing && {
      round: {
        id: standing.round.id,
        title: standing.round.title,
        kind: standing.round.kind,
        position: standing.round.position + 1,
      },
      advanced: standing.advanced,
    }),
  };
}

/** One of the creator's own videos (spec §2 My Videos); `mediaUrl` makes the poster's URL. */
export function toDashboardVideo(video: OwnVideoRow, mediaUrl: (key: string) => string): DashboardVideo {
  const poster = video.posterKey ? mediaUrl(video.posterKey) : null;
  const created = video.createdAt.toISOString();
  return {
    id: video.id,
    title: video.title,
    description: video.description,
    thumbnail: poster,
    thumbnail_url: poster,
    status: video.status,
    failure_reason: video.failureReason,
    processing: { stage: video.processingStage, percent: video.processingPercent },
    is_approved: video.isApproved,
    review_status: video.reviewStatus,
    review_reason: video.reviewReason,
    contest_id: video.contestId,
    contest_title: video.contestTitle,
    type: video.contestId === null ? 'standalone' : 'contest',
    views: video.views,
    likes: video.likes,
    created_at: created,
    createdAt: created,
  };
}

/** spec §3 Submission. */
export function toCreatorSubmission(row: SubmissionRow): CreatorSubmission {
  return {
    id: row.id,
    video: { id: row.videoId, title: row.videoTitle },
    contest: { id: row.contestId, title: row.contestTitle },
    created_at: row.createdAt.toISOString(),
    submission_date: row.createdAt.toISOString(),
    view_count: row.viewCount,
  };
}

export function fullName(first: string, last: string): string {
  return `${first} ${last}`.trim();
}

/** spec §3 "Creator profile (me call)": the stored fields come out under the domain's response keys. */
export function toCreatorProfile(
  row: CreatorRow,
  activity: { participations: number; wins: number },
  mediaUrl: (key: string) => string,
): CreatorProfile {
  return {
    id: row.id,
    full_name: fullName(row.firstName, row.lastName),
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    pending_email: row.pendingEmail,
    phone_number: row.phoneNumber,
    profile: {
      ...toProfileResponseFields(row.values),
      profilePicture: row.avatarKey ? mediaUrl(row.avatarKey) : '',
      phoneNumber: row.phoneNumber,
      contest_participations: activity.participations,
      contests_wins: activity.wins,
      shipping_address: toShippingAddress(row.values),
    },
  };
}
