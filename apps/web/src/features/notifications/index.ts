/** What pages outside the feature use. */
export { NotificationList } from './components/notification-list';
export { EmailPreferences } from './components/email-preferences';
export { UnsubscribeConfirm } from './components/unsubscribe-confirm';
