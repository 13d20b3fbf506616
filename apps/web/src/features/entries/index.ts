/** What pages outside the feature use. */
export { SubmitEntry, type SubmitEntryProps, type UploadSlotProps } from './components/submit-entry';
export { EntryView } from './components/entry-view';
export { EntryApprovalsPanel } from './components/entry-approvals';
export { ContestEntries } from './components/contest-entries';
export { HeldAtQc } from './components/held-at-qc';
export { eligibilityQueryOptions } from './api/get-eligibility';
export { entriesQueryKey } from './api/get-entry';
