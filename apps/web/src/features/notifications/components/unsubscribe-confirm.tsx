import { Alert, Button, Stack, Typography } from '@mui/material';
import { EMAIL_CATEGORY_LABELS } from '@app/domain';
import { useUnsubscribe } from '../api/unsubscribe';

/**
 * The page an unsubscribe link opens in a browser: one button that sends the same POST a mail
 * client's one-click sends (a GET never changes anything: link scanners open links).
 */
export function UnsubscribeConfirm({ token }: { token: string }) {
  const unsubscribe = useUnsubscribe();
  if (unsubscribe.isSuccess) {
    return (
      <Alert severity="success">
        You will no longer receive {EMAIL_CATEGORY_LABELS[unsubscribe.data.category].label.toLowerCase()}{' '}
        e-mails. You can turn them back on in your settings.
      </Alert>
    );
  }
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>
        Stop receiving this kind of e-mail? Account and security e-mails are always sent.
      </Typography>
      {unsubscribe.isError && <Alert severity="error">This unsubscribe link is not valid.</Alert>}
      <Button variant="contained" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
        Unsubscribe
      </Button>
    </Stack>
  );
}
