/** The conversations module's public face: what other modules and the app may use. */
export { startConversationJobHandlers } from './conversations.jobs';
export { conversationsRoutes } from './conversations.routes';
export { createConversationsService, type ConversationsService } from './conversations.service';
export { subjectOf as threadOf } from './thread-subjects';
