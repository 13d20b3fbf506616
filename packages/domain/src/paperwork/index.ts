export * from './paperwork';
export * from './delivery';
export * from './licence';
