export * from './address';
export * from './paging';
export * from './text';
