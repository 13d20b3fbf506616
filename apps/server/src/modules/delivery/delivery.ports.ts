import type { DbOrTx } from '../../db/client';
import type { EntryContext } from '../entries';
import type { PaperworkService } from '../paperwork';
import type { VideosService } from '../videos';

/**
 * The contest agreement version a creator accepted (issue 31, "Agreement versions"): what the
 * licence certificate names by its SHA-256. Contests own agreement versions; delivery asks through
 * this one function, passed by modules/index.ts as `DeliveryPorts.acceptedAgreement`.
 */
export interface AcceptedAgreement {
  version: number;
  sha256: string;
  accepted_at: Date | string;
}

/** What delivery asks of other modules (wired by the composition root, modules/index.ts, only). */
export interface DeliveryPorts {
  /** The winning entry as its page shows it, and who may see it. */
  entries: EntryContext;
  /** The approved releases delivered with the master. */
  paperwork: PaperworkService;
  /** The master is a video's original: served under the videos' one rule for originals. */
  videos: VideosService;
  acceptedAgreement(
    db: DbOrTx,
    query: { contestId: number; userId: number },
  ): Promise<AcceptedAgreement | null>;
}
