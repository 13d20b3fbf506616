/** The notifications module's public face: what other modules and the app may use. */
export { eventsRoutes } from './events.routes';
export { raiseLiveEvent } from './live-events';
export { notificationsRoutes } from './notifications.routes';
export { createMailNotifier } from './notifications.service';
export { signUnsubscribeToken } from './unsubscribe-tokens';
export { createNotificationsService, type NotificationsService } from './notifications.service';
