import { NotificationBell, LiveUpdates } from '../../features/notifications/bell';
import { MessagesLink } from '../../features/conversations/badge';

/**
 * The navbar's lazily loaded part for signed-in users: the Messages button, the bell, and this
 * tab's live-update stream.
 */
export default function SignedInNavExtras() {
  return (
    <>
      <LiveUpdates />
      <MessagesLink />
      <NotificationBell />
    </>
  );
}
