import type { DbOrTx } from '../../db/client';

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

/** What delivery asks of modules it does not import (wired in modules/index.ts only). */
export interface DeliveryPorts {
  acceptedAgreement(
    db: DbOrTx,
    query: { contestId: number; userId: number },
  ): Promise<AcceptedAgreement | null>;
}
