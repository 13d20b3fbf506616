export * from './application';
export * from './contest';
export * from './create-contest';
export * from './landing';
export * from './product';
export * from './video-requirements';
export * from './rubric';
