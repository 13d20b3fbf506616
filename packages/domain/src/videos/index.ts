export * from './video-api';
export * from './video-brief';
export * from './video';
