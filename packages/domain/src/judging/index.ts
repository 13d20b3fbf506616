export * from './limits';
export * from './rank';
export * from './judging';
export * from './advance';
