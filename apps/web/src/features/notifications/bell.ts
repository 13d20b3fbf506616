/** The navbar's lazily loaded entry of the feature (kept apart from the pages' index). */
export { NotificationBell } from './components/notification-bell';
export { LiveUpdates } from './components/live-updates';
