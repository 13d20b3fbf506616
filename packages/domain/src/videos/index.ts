export * from './video-api';
export * from './signed-media';
export * from './video-brief';
export * from './video';
export * from './qc';
export * from './qc-words';
export * from './delivery-spec';
