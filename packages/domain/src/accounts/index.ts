export * from './accounts';
export * from './display-name';
export * from './invitations';
export * from './refresh-cookie';
export * from './brand-team';
