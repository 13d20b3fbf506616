export * from './entry-status';
