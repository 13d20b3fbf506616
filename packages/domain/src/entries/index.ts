export * from './entry-status';
export * from './entry-checks';
export * from './entry-api';
export * from './qc-override';
export * from './approvals';
export * from './round-entries';
