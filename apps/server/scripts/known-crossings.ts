/**
 * Crossings of module boundaries that predate the check (issue 28), each to be removed by moving the
 * read behind the owner's service. The check fails on any crossing not listed here, and a listed one
 * that is gone must be taken off the list (the check says so), so the list only shrinks.
 */
import type { KnownCrossings } from './module-boundaries';

export const knownCrossings: KnownCrossings = {
  tables: {
    // Applying writes the application in the transaction that locks and counts the product's stock
    // (contests owns stock; applications sits above contests, so it cannot be asked), and the stock
    // figures, the removal of a product and the brand dashboard count applications: moving them
    // means moving applying into applications and passing applications' counts in as owners reads
    // to every place that builds the contests service (applications, entries, the seed), not only
    // the routes.
    'contests/contests.repository.ts': ['applications'],
  },
  circleImports: [],
};
