export * from './accounts';
export * from './brands';
export * from './contests';
export * from './videos';
export * from './audit';
export * from './entries';
export * from './judging';
export * from './jobs';
