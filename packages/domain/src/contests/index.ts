export * from './application';
export * from './contest';
