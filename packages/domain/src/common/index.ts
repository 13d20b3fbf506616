export * from './address';
export * from './paging';
