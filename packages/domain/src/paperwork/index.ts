export * from './paperwork';
export * from './delivery';
