import {
  STAFF_LIMITS,
  STAFF_MESSAGES,
  type BulkReviewResponse,
  type StaffVideoListQuery,
  type StaffVideoPage,
  type Video,
} from '@app/domain';
import { AppError } from '../../lib/errors';
import { pageWindow, toPage } from '../../lib/paging';
import { recordAudit, type AuditActor } from '../audit';
import { createVideoEmails } from './videos.emails';
import * as repo from './videos.repository';
import { findOwnerEmail, refreshSearchVectors } from './video-rows';
import { notFound, type VideosServiceDeps, type VideoViews } from './video-views';

/** Staff's review of videos (spec §7): one decision, many at once, and the review queue. */
export function createVideoReview(deps: VideosServiceDeps, { present, rows: videoRows }: VideoViews) {
  const db = deps.database.db;
  const emails = createVideoEmails(deps);
  const review = {
    /**
     * Records staff's decision on a pending video, the one way to approve or reject (the staff
     * console, its bulk actions, the admin CLI and the demo seed). The conditional update, the
     * search document and the audit row share one transaction, so of two decisions at once the
     * first stands and the second is a 409 (`already_decided`) that changes nothing. Approving
     * makes the video public in the library and search at once; rejecting keeps it private with
     * its reason. The creator gets one e-mail per decision.
     */
    async review(actor: AuditActor, id: number, decision: repo.ReviewDecision): Promise<Video> {
      const decided = await db.transaction(async (tx) => {
        const at = new Date();
        const row = await repo.decideVideo(tx, id, decision, {
          reviewerId: 'userId' in actor ? actor.userId : null,
          at,
        });
        if (!row) {
          if (await repo.videoExists(tx, id))
            throw new AppError('already_decided', STAFF_MESSAGES.alreadyDecided);
          throw notFound();
        }
        // The creator's name may have changed since upload; the public search should find it as it is now.
        if (decision.status === 'approved') await refreshSearchVectors(tx, [id]);
        await recordAudit(tx, {
          actor,
          action: decision.status === 'approved' ? 'video.approve' : 'video.reject',
          targetType: 'video',
          targetId: id,
          before: { review_status: 'pending', review_reason: null },
          after: {
            review_status: decision.status,
            review_reason: decision.status === 'rejected' ? decision.reason : null,
          },
        });
        return { ...row, ownerEmail: await findOwnerEmail(tx, row.ownerId) };
      });
      // The decision stands even if its e-mail cannot be queued (a process without a queue, such as
      // the seed command); that is logged.
      if (decided.ownerEmail)
        await emails.sendDecision(decided.ownerEmail, decided, decision).catch((error: unknown) => {
          deps.log.warn({ err: error, videoId: id }, 'could not queue the review decision e-mail');
        });
      return present((await videoRows.findVideo(db, id))!);
    },

    /** The review queue: videos by decision (or failed processing), oldest first. */
    async reviewQueue(query: StaffVideoListQuery, url: URL): Promise<StaffVideoPage> {
      const request = { page: query.page, pageSize: STAFF_LIMITS.pageSize, url };
      const { rows, count } = await videoRows.listForReview(db, query.review, pageWindow(request));
      const items = rows.map((row) => ({ ...present(row), creator_email: row.creatorEmail }));
      return toPage(items, count, request, deps.config.PUBLIC_URL);
    },

    /**
     * The same decision on many videos, each in its own transaction (one conflict does not undo
     * the others): a result per id, in the request's order.
     */
    async reviewMany(
      actor: AuditActor,
      ids: number[],
      decision: repo.ReviewDecision,
    ): Promise<BulkReviewResponse> {
      const results: BulkReviewResponse['results'] = [];
      for (const id of new Set(ids)) {
        try {
          await review.review(actor, id, decision);
          results.push({ id, outcome: 'decided', detail: null });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          if (error.code === 'already_decided')
            results.push({ id, outcome: 'conflict', detail: error.detail });
          else if (error.code === 'not_found')
            results.push({ id, outcome: 'not_found', detail: error.detail });
          else throw error;
        }
      }
      return { results };
    },
  };
  return review;
}
