/**
 * A placed entry's licence grant, as judging knows it when results are published or corrected:
 * the entry, its contest's brand, the entrant, the judged version's video and title, and when the
 * results were published (the licence's start).
 */
export interface LicenceGrant {
  entryId: number;
  contestId: number;
  brandId: number;
  userId: number;
  videoId: number;
  title: string;
  publishedAt: Date;
}

/** What judging asks of other modules (wired by the composition root, modules/index.ts, only). */
export interface JudgingPorts {
  /**
   * Issues the licences of placed entries (delivery, issue 51); idempotent, an entry keeps the
   * licence it has. Called once the results are committed.
   */
  issueLicences(grants: LicenceGrant[]): Promise<unknown>;
}
