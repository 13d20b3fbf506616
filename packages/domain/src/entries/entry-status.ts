/**
 * Where a contest entry is, in the order its timeline shows (issue 15):
 * uploaded → processing → checked (against the brief) → in_review → (revision_requested → a new
 * version → …) → scored → result → paid.
 */
export const ENTRY_STATUSES = [
  'uploaded',
  'processing',
  'checked',
  'in_review',
  'revision_requested',
  'scored',
  'result',
  'paid',
] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];
