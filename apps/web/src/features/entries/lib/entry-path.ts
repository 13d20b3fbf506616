import { paths } from '../../../config/paths';

/** The entry page of an entry (`/entries/:entryId`). */
export const entryPath = (entryId: number | string) => paths.entry(entryId);

/** 75.4 → '1:15' (the same words as the e-mails). */
export { formatMoment } from '@app/domain';
