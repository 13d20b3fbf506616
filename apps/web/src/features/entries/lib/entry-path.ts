import { paths } from '../../../config/paths';

/** The entry page of an entry (`/entries/:entryId`). */
export const entryPath = (entryId: number | string) => paths.entry(entryId);

/** 75.4 → '1:15'. */
export function formatMoment(seconds: number): string {
  const total = Math.floor(seconds);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
