import { saveFile } from '../../../lib/save-file';
import { ApiError } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';
import type { PayoutStatus } from './get-payouts';

/**
 * GET /api/payouts/export/?status= (staff) as a file download: fetched with the bearer token (a
 * plain link would carry none) and handed to the browser as a CSV file.
 */
export async function downloadPayoutsCsv(status: PayoutStatus): Promise<void> {
  const token = sessionStore.get()?.access;
  const response = await fetch(`/api/payouts/export/?status=${status}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, 'The export could not be made.');
  saveFile(await response.blob(), `payouts-${status}.csv`);
}
