import type { Payee, Release } from '@app/domain';
import type { PayeeRow, ReleaseRow } from './paperwork.repository';

export function toRelease(row: ReleaseRow, fileUrl: string): Release {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    file_name: row.fileName,
    size_bytes: row.sizeBytes,
    content_type: row.contentType,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    file_url: fileUrl,
  };
}

/** The taxpayer id never leaves sealed storage: only its last four characters are shown. */
export function toPayee(row: PayeeRow): Payee {
  return {
    legal_name: row.legalName,
    country: row.country,
    address: row.address,
    tax_form: row.taxForm,
    tax_id_last4: row.taxIdLast4,
    updated_at: row.updatedAt.toISOString(),
  };
}
