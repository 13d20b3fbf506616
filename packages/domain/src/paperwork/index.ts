export * from './paperwork';
export * from './delivery';
export * from './licence';
export * from './licence-words';
