export * from './limits';
export * from './staff-videos';
export * from './staff-accounts';
export * from './audit';
