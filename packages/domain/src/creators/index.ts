export * from './creator';
export * from './profile';
