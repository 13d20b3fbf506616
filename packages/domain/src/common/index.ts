export * from './address';
export * from './paging';
export * from './text';
export * from './numbers';
export * from './secret-pages';
export * from './money';
export * from './csv';
