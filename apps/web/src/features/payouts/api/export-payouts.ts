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
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `payouts-${status}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
