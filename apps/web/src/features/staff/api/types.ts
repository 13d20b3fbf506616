import type { Page, Role, Video } from '@app/domain';

/**
 * The staff API's shapes as issue 13 words them. They become the domain's inferred types
 * (packages/domain/src/staff/) when the API's schemas land; until then they are written here,
 * from the contract, in one place.
 */

export const REVIEW_FILTERS = ['pending', 'approved', 'rejected', 'failed'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];
export type ReviewStatus = 'pending' | 'approved' | 'rejected';

/** A video in the review queue: the library's video plus its review and its creator's e-mail. */
export type StaffVideo = Video & {
  review_status: ReviewStatus;
  review_reason: string | null;
  creator_email: string;
};
export type StaffVideoPage = Page<StaffVideo>;

export interface BulkApproveBody {
  ids: number[];
}
export interface BulkRejectBody {
  ids: number[];
  reason: string;
}

/** The answer of a bulk decision: what happened to each requested video. */
export interface BulkReviewResponse {
  results: { id: number; outcome: 'decided' | 'conflict' | 'not_found'; detail: string | null }[];
}

export type InvitableRole = Extract<Role, 'staff' | 'brand'>;

export interface InvitationCreateBody {
  email: string;
  role: InvitableRole;
  brand_id?: number | null;
}

export interface Invitation {
  id: number;
  email: string;
  role: InvitableRole;
  brand_id: number | null;
  brand_name: string | null;
  invited_by_email: string | null;
  status: 'pending' | 'accepted' | 'expired';
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
}

export interface StaffUser {
  id: number;
  email: string;
  role: Role;
  first_name: string;
  last_name: string;
  is_verified: boolean;
  /** When staff deactivated it; null while it may sign in. */
  deactivated_at: string | null;
  brand_id: number | null;
  company_name: string | null;
  last_login_at: string | null;
  created_at: string;
}

export interface AuditEntry {
  id: number;
  actor_id: number | null;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
}
