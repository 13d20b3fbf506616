export * from './accounts';
export * from './display-name';
