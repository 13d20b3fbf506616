import { useParams } from 'react-router';
import { SimplePage } from '../../../components/simple-page';
import { UnsubscribeConfirm } from '../../../features/notifications';

/** /unsubscribe/:token: where a browser lands from an e-mail's unsubscribe link (no sign-in). */
export default function UnsubscribePage() {
  const { token = '' } = useParams();
  return (
    <SimplePage title="Unsubscribe">
      <UnsubscribeConfirm token={token} />
    </SimplePage>
  );
}
