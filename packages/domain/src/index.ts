export * from './limits';
export * from './messages';
export * from './rules';
export * from './video';
export * from './profile';
export * from './application';
export * from './accounts';
export * from './errors';
