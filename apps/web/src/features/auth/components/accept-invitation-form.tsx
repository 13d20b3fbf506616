import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { INVITATION_MESSAGES, MESSAGES, passwordProblems, type InvitationPreview } from '@app/domain';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { dashboardPathFor } from '../../../lib/session';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation } from '../api/get-invitation';
import { completeSignIn } from '../redirect';
import { PasswordField } from './password-field';

/** What a refused link says: used, expired, withdrawn or never valid (the API tells them apart by code). */
export function unusableMessage(error: ApiError): string {
  if (error.code === 'invitation_used') return INVITATION_MESSAGES.used;
  if (error.code === 'invitation_expired') return INVITATION_MESSAGES.expired;
  if (error.code === 'invitation_revoked') return INVITATION_MESSAGES.revoked;
  return INVITATION_MESSAGES.notFound;
}

interface PasswordForm {
  password: string;
  confirm_password: string;
}

const ROLE_WORDS = { staff: 'a member of the platform team (staff)', brand: 'a brand user' } as const;

function describe(invitation: InvitationPreview): string {
  const as = ROLE_WORDS[invitation.role];
  return invitation.role === 'brand' && invitation.company_name ? `${as} of ${invitation.company_name}` : as;
}

function Unusable({ error }: { error: ApiError }) {
  return (
    <Stack spacing={3}>
      <Alert severity="error">{unusableMessage(error)}</Alert>
      <Button component={RouterLink} to={paths.login} variant="contained" size="large">
        Go to Sign In
      </Button>
    </Stack>
  );
}

/**
 * /invitations/:token: says who is invited and as what, sets a password (the sign-up rules), then
 * signs the new account in and opens its home.
 */
export function AcceptInvitationForm({ token }: { token: string }) {
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const form = useForm<PasswordForm>({ defaultValues: { password: '', confirm_password: '' } });
  const { errors } = form.formState;

  if (invitation.isPending) {
    return (
      <Stack spacing={2} role="status" sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress size={32} aria-hidden />
        <Typography sx={{ color: 'text.secondary' }}>Checking your invitation...</Typography>
      </Stack>
    );
  }
  if (invitation.isError) {
    const { error } = invitation;
    if (error instanceof ApiError && error.status >= 400 && error.status < 500)
      return <Unusable error={error} />;
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void invitation.refetch()}>
            Try again
          </Button>
        }
      >
        {invitation.error instanceof ApiError
          ? invitation.error.userMessage()
          : MESSAGES.dashboard.unexpected}
      </Alert>
    );
  }

  const { email } = invitation.data;
  const onSubmit = form.handleSubmit((values) =>
    accept.mutate(
      { token, ...values },
      {
        onSuccess: (session) => completeSignIn(session, dashboardPathFor(session.user.role)),
        onError: (error) => showServerFieldErrors(form.setError, error, ['password', 'confirm_password']),
      },
    ),
  );

  // The link was used (or expired) between opening the page and sending the password.
  if (accept.error instanceof ApiError && [404, 410].includes(accept.error.status))
    return <Unusable error={accept.error} />;

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-label="Set your password">
      <Typography>
        <strong>{email}</strong> is invited to join as {describe(invitation.data)}. Choose a password to
        finish.
      </Typography>
      {accept.isError && !errors.password && !errors.confirm_password ? (
        <Alert severity="error">
          {accept.error instanceof ApiError ? accept.error.userMessage() : MESSAGES.dashboard.unexpected}
        </Alert>
      ) : null}
      <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        autoFocus
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
        {...form.register('password', {
          validate: (value) =>
            !value ? MESSAGES.registration.required : (passwordProblems(value, email)[0] ?? true),
        })}
      />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        error={Boolean(errors.confirm_password)}
        helperText={errors.confirm_password?.message}
        {...form.register('confirm_password', {
          validate: (value, values) =>
            !value
              ? MESSAGES.registration.required
              : value === values.password || MESSAGES.registration.passwordsDoNotMatch,
        })}
      />
      <Button type="submit" variant="contained" size="large" disabled={accept.isPending || accept.isSuccess}>
        {accept.isPending || accept.isSuccess ? 'Signing you in...' : 'Set Password and Sign In'}
      </Button>
    </Stack>
  );
}
