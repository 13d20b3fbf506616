import { z } from 'zod';
import { DEFAULT_DELIVERY_SPEC as D, DELIVERY_SPEC_MESSAGES, QC_CHECK_IDS } from './qc-words';

const bounded = (min: number, max: number, message: string) =>
  z.number({ error: message }).min(min, { error: message }).max(max, { error: message });

/** A delivery spec (`DeliverySpec`, qc-words.ts, which says what each field is), checked. */
export const deliverySpecSchema = z.object({
  /** Integrated loudness the mix is aimed at, in LUFS. */
  loudness_lufs: bounded(-40, 0, DELIVERY_SPEC_MESSAGES.loudness).default(D.loudness_lufs),
  /** How far (in LU) the integrated loudness may be from `loudness_lufs`. */
  loudness_tolerance: bounded(0, 10, DELIVERY_SPEC_MESSAGES.tolerance).default(D.loudness_tolerance),
  /** The highest true peak allowed, in dBTP. */
  true_peak_max_dbtp: bounded(-20, 0, DELIVERY_SPEC_MESSAGES.truePeak).default(D.true_peak_max_dbtp),
  /** The longest stretch of black picture allowed, in seconds. */
  max_black_seconds: bounded(0, 3_600, DELIVERY_SPEC_MESSAGES.black).default(D.max_black_seconds),
  /** The longest stretch of frozen picture allowed, in seconds. */
  max_freeze_seconds: bounded(0, 3_600, DELIVERY_SPEC_MESSAGES.freeze).default(D.max_freeze_seconds),
  /** The film must have a sound track that is not silent throughout. */
  audio_required: z.boolean().default(D.audio_required),
  /** The checks whose failure refuses a contest entry (until staff override it). */
  blocking: z
    .array(z.enum(QC_CHECK_IDS))
    .max(QC_CHECK_IDS.length)
    .refine((ids) => new Set(ids).size === ids.length, { error: DELIVERY_SPEC_MESSAGES.blockingUnique })
    .default([]),
});
