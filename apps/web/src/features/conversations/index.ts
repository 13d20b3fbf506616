/** What pages outside the feature use. */
export { ConversationThread, type ConversationThreadProps } from './components/conversation-thread';
export { ThreadInbox, type OpenThread, type RecordLink } from './components/thread-inbox';
