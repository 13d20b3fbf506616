import { Link as RouterLink } from 'react-router';
import { Alert, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { MESSAGES } from '@app/domain';
import { paths } from '../../../config/paths';
import { useVerifyEmail } from '../api/verify-email';
import { verificationFailure, type VerificationState } from '../error-messages';

/**
 * E-mail verification (spec §4): verifying, then success, error or already_verified. `next` (a
 * same-site path the sign-up came from, e.g. an audience gallery) is where signing in returns.
 */
export function VerifyEmailStatus({ uid, token, next }: { uid?: string; token?: string; next?: string }) {
  const hasParams = Boolean(uid && token);
  const query = useVerifyEmail(uid ?? '', token ?? '', hasParams);

  let state: VerificationState;
  let message: string;
  if (!hasParams) {
    state = 'error';
    message = MESSAGES.verification.missingParams;
  } else if (query.isPending) {
    state = 'verifying';
    message = 'Verifying your email...';
  } else if (query.isSuccess) {
    state = 'success';
    message = MESSAGES.verification.success;
  } else {
    ({ state, message } = verificationFailure(query.error));
  }

  return (
    <Stack spacing={3} data-state={state}>
      {state === 'verifying' ? (
        <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} />
          <Typography>{message}</Typography>
        </Stack>
      ) : (
        <Alert severity={state === 'error' ? 'error' : state === 'already_verified' ? 'info' : 'success'}>
          {message}
        </Alert>
      )}
      {state === 'error' ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Need a new link?{' '}
          <Link component={RouterLink} to={paths.resendVerification}>
            Resend Email
          </Link>
        </Typography>
      ) : null}
      <Button
        component={RouterLink}
        to={paths.login}
        state={next ? { from: next } : undefined}
        variant="contained"
        size="large"
        disabled={state === 'verifying'}
      >
        Go to Login
      </Button>
    </Stack>
  );
}
