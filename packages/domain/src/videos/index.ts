export * from './video-api';
export * from './signed-media';
export * from './video-brief';
export * from './video';
