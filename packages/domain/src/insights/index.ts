export * from './insights';
