// Shared by every area: spec §9 limits, spec §5/§8 messages, validation rules, the error shape.
export * from './limits';
export * from './messages';
export * from './request-messages';
export * from './rules';
export * from './errors';
export * from './error-codes';
// API contracts and rules per area: request and response schemas (zod) with their types.
export * from './common';
export * from './accounts';
export * from './creators';
export * from './contests';
export * from './videos';
export * from './site';
export * from './staff';
export * from './entries';
export * from './judging';
export * from './payouts';
export * from './paperwork';
export * from './notifications';
export * from './insights';
export * from './conversations';
export * from './audience';
