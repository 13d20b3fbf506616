import { NotificationBell, LiveUpdates } from '../../features/notifications/bell';

/** The navbar's lazily loaded part for signed-in users: the bell, and this tab's live-update stream. */
export default function SignedInNavExtras() {
  return (
    <>
      <LiveUpdates />
      <NotificationBell />
    </>
  );
}
