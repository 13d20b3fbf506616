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

export interface BulkDecisionBody {
  ids: number[];
  reason?: string;
}

export type InvitableRole = Extract<Role, 'staff' | 'brand'>;

export interface InvitationBody {
  email: string;
  role: InvitableRole;
  brand_id?: number;
}

export interface Invitation {
  id: number;
  email: string;
  role: InvitableRole;
  brand_id: number | null;
  brand_name: string | null;
  invited_by_email: string;
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
  is_active: boolean;
  brand_name: string | null;
  date_joined: string;
}

export interface AuditEntry {
  id: number;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: number | string;
  before: unknown;
  after: unknown;
  created_at: string;
}
