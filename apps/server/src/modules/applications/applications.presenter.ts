import type { ApplicationResponse, ManagedApplication, ShippingAddress } from '@app/domain';
import type { ApplicationRow } from './applicants';
import { canSeeApplicantContact } from './applications.policy';
import type { InsertedApplication } from './applications.repository';
import type { Caller } from '../../plugins/auth';

const ADDRESS_KEYS = ['line1', 'line2', 'city', 'state', 'postal', 'country'] as const;

export function toAddress(stored: Record<string, string>): ShippingAddress {
  return Object.fromEntries(ADDRESS_KEYS.map((key) => [key, stored[key] ?? ''])) as ShippingAddress;
}

/** An address on one line: '12 Elm St, Unit 2, Austin, TX 78701, US'. */
export function addressLine(address: ShippingAddress): string {
  const cityLine = [address.city, [address.state, address.postal].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.line1, address.line2, cityLine, address.country].filter(Boolean).join(', ');
}

/**
 * An application as staff and the contest's brand read it (the applicant's phone and address only
 * to those who may see them: `canSeeApplicantContact`).
 */
export function toManagedApplication(
  row: ApplicationRow,
  mediaUrl: (key: string) => string,
  viewer: Pick<Caller, 'role'>,
): ManagedApplication {
  const displayName = `${row.firstName} ${row.lastName}`.trim() || row.fullName;
  const contact = canSeeApplicantContact(viewer, row);
  return {
    id: row.id,
    contest_id: row.contestId,
    status: row.status,
    creator_id: row.userId,
    creator_email: row.creatorEmail,
    full_name: row.fullName,
    email: row.email,
    phone_number: contact ? row.phoneNumber : null,
    bio: row.bio,
    shipping_address: contact ? toAddress(row.shippingAddress) : null,
    links: { youtube: row.youtubeUrl, instagram: row.instagramUrl, portfolio: row.portfolioUrl },
    profile: {
      display_name: displayName,
      location: row.country ?? '',
      avatar_url: row.avatarKey ? mediaUrl(row.avatarKey) : null,
    },
    product: row.product,
    decision: { note: row.decisionNote, decided_at: row.decidedAt?.toISOString() ?? null },
    shipment:
      row.shippedAt && row.shippingCarrier !== null && row.trackingNumber !== null
        ? {
            carrier: row.shippingCarrier,
            tracking_number: row.trackingNumber,
            shipped_at: row.shippedAt.toISOString(),
            delivered_at: row.deliveredAt?.toISOString() ?? null,
          }
        : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** A new application with the units of its product left (the apply call's answer). */
export function toApplication(application: InsertedApplication, stockLeft: number): ApplicationResponse {
  return {
    id: application.id,
    contest_id: application.contestId,
    product_id: application.productId,
    status: application.status,
    created_at: application.createdAt.toISOString(),
    stock_quantity: stockLeft,
  };
}
