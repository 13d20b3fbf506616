/** The navbar's lazily loaded entry of the feature (kept apart from the pages' index). */
export { MessagesLink, MessagesMenuItem } from './components/messages-link';
